// Where the suite's own servers listen: loopback only, fixed ports, because the stub endpoint's URL is
// baked into the site at build time. E2E_PORT_BASE moves the whole block (base … base + 9), so two
// checkouts can run the suite side by side.
const host = '127.0.0.1'
const base = Number(process.env.E2E_PORT_BASE ?? 4599)

export const stubPort = base
export const sitePort = base + 1
export const mailtoSitePort = base + 2
/** For suites that start a server of their own (npm start, the endpoint without JavaScript…). */
export const sparePort = (index: number) => base + 3 + index

/** The waitlist endpoint the "with endpoint" build posts to. */
export const stubOrigin = `http://${host}:${stubPort}`
export const stubEndpoint = `${stubOrigin}/waitlist`
/** The site built with the endpoint above. */
export const siteUrl = `http://${host}:${sitePort}`
/** The site built without an endpoint (mail-draft fallback). */
export const mailtoSiteUrl = `http://${host}:${mailtoSitePort}`

export const siteDir = '.e2e/site'
export const mailtoSiteDir = '.e2e/site-mailto'
/** The site as `npm start` builds it (posting to /api/waitlist on its own origin), which the specs that run the
 * whole server serve with `npm run serve:api` (npm-start.ts servedSite) rather than each building it anew. */
export const serverSiteDir = '.e2e/site-server'

export { host }
