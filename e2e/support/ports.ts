// Where the suite's own servers listen: loopback only, fixed ports, because the stub endpoint's URL is
// baked into the site at build time.
const host = '127.0.0.1'

export const stubPort = 4599
export const sitePort = 4600
export const mailtoSitePort = 4601

/** The waitlist endpoint the "with endpoint" build posts to. */
export const stubOrigin = `http://${host}:${stubPort}`
export const stubEndpoint = `${stubOrigin}/waitlist`
/** The site built with the endpoint above. */
export const siteUrl = `http://${host}:${sitePort}`
/** The site built without an endpoint (mail-draft fallback). */
export const mailtoSiteUrl = `http://${host}:${mailtoSitePort}`

export const siteDir = '.e2e/site'
export const mailtoSiteDir = '.e2e/site-mailto'

export { host }
