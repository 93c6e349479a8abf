// POST /api/analytics/visit (shared/analytics.ts): the site's beacon, one per page shown. It is counted only from
// an allowed origin (as a signup is), within its own rate limit and body limit, and not at all for a browser that
// asks not to be tracked (`Sec-GPC: 1`, `DNT: 1`) or for a known crawler or a headless browser that says so. Its
// answer is an empty 204 whatever happened (a beacon's answer is never read), but for a body too large (413), one
// that is not a visit (400) and too many (429). With ANALYTICS=off nothing is counted or stored, and the answer is
// the same 204. The IP address and the User-Agent are read here to make the day's
// visitor hash and the device class, and go no further: never stored, never logged (the request's log line has
// neither: platform/observability/).
//
// And on POST /api/waitlist: a signup the endpoint answered with success is joined to its visit by the same hash
// of the day (afterSignup), for the console's conversion, never to the person.
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { analyticsPath, visitBeaconMaxBytes, type VisitBeacon } from '../../../shared/analytics'
import { apiHeaders, publicCors, type OriginCheck } from '../../platform/http/api-guard'
import type { RateLimiter } from '../../platform/http/rate-limit'
import { readBody } from '../../platform/http/read-body'
import type { RequestFacts } from '../../platform/http/request-facts'
import type { Logger } from '../../platform/observability/logger'
import type { AnalyticsStore, View } from './analytics-store'
import { keptValue } from './dimension-values'

export { analyticsPath }

/** A beacon per page a visitor opens, and a few a second from one office behind one address: the limit is about
 * people, not attacks (an attack's beacons are counts, never a person's data). */
export const defaultAnalyticsRateLimit = { max: 300, windowMs: 60_000 }

// Crawlers, link previews, uptime checks, scripts and headless browsers that say what they are. A User-Agent
// that says nothing (empty) is no browser either.
const robots = /bot\b|bot\/|crawl|spider|slurp|preview|facebookexternalhit|headless|phantomjs|lighthouse|pingdom|uptime|monitor|curl\/|wget\/|python|httpclient|go-http-client|java\/|okhttp|axios|node-fetch|undici|postman/i
export const isRobot = (userAgent: string) => userAgent.trim() === '' || robots.test(userAgent)
/** Phone or desktop, from the User-Agent (tablets count as phones: a touch screen held in the hand). */
export const deviceOf = (userAgent: string): View['device'] => (/mobi|android|iphone|ipad|ipod/i.test(userAgent) ? 'phone' : 'desktop')
/** Whether the browser asks not to be tracked: Global Privacy Control, or the older Do Not Track. */
export const asksNotToBeTracked = (c: Context) => c.req.header('sec-gpc')?.trim() === '1' || c.req.header('dnt')?.trim() === '1'

const shortText = (value: unknown, max = 200) => (typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim() : undefined)
const hostName = /^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)*$/i

/** The beacon's body as a view, or undefined when it is not one. */
export function viewOf(text: string, device: View['device']): View | undefined {
  let body: Partial<Record<keyof VisitBeacon, unknown>>
  try {
    body = JSON.parse(text) as typeof body
  } catch {
    return undefined
  }
  if (typeof body !== 'object' || body === null) return undefined
  const page = shortText(body.page, 300)
  if (!page || !page.startsWith('/') || /[?#\s]/.test(page)) return undefined
  const referrer = shortText(body.referrer, 253)?.toLowerCase()
  const ref = shortText(body.ref, 64)
  const utmSource = shortText(body.utmSource)
  // A visit's source: its campaign's, a share link ("referral"), the site that sent it, or none ("direct").
  const source = utmSource ?? (ref ? 'referral' : referrer && hostName.test(referrer) ? referrer : 'direct')
  // Nothing that looks like an address or a phone number is kept, not even raw (dimension-values.ts).
  return {
    page: keptValue(page),
    referrer: keptValue(referrer && hostName.test(referrer) ? referrer : null),
    source: keptValue(source),
    medium: keptValue(shortText(body.utmMedium) ?? null),
    campaign: keptValue(shortText(body.utmCampaign) ?? null),
    content: keptValue(shortText(body.utmContent) ?? null),
    term: keptValue(shortText(body.utmTerm) ?? null),
    device,
  }
}

export type AnalyticsRoutesOptions = {
  store: AnalyticsStore
  enabled: boolean
  limiter: RateLimiter
  clientKey: RequestFacts['clientKey']
  originCheck: OriginCheck
  /** The site's name in the hash (its host), so one salt never hashes two sites alike. */
  site: (c: Context) => string
  now: () => Date
  log: Pick<Logger, 'error'>
}

export function analyticsRoutes(options: AnalyticsRoutesOptions): { routes: Hono; afterSignup: MiddlewareHandler } {
  const { store, now } = options
  const routes = new Hono()
  // Who the request is, as the day's hash, or undefined when it is not to be counted.
  async function visitOf(c: Context) {
    const userAgent = c.req.header('user-agent') ?? ''
    if (!options.enabled || asksNotToBeTracked(c) || isRobot(userAgent)) return undefined
    return { visit: await store.visitorOf({ ip: options.clientKey(c) ?? '', userAgent, site: options.site(c) }, now()), device: deviceOf(userAgent) }
  }
  const kept = (work: Promise<void>) => void work.catch((error: unknown) => options.log.error({ err: error }, 'analytics: cannot keep a page view now'))

  routes.use('/', apiHeaders, options.originCheck(), publicCors)
  routes.post('/', async (c) => {
    // Off, a beacon is answered as one not counted: a page built to send it logs no failed request for it.
    if (!options.enabled) return c.body(null, 204)
    const key = options.clientKey(c)
    if (key !== undefined && !(await options.limiter.hit(`analytics:${key}`)).allowed) return c.body(null, 429)
    const body = await readBody(c, visitBeaconMaxBytes)
    if (body.kind === 'too-large') return c.body(null, 413)
    const counted = await visitOf(c)
    if (!counted) return c.body(null, 204)
    const view = body.kind === 'text' ? viewOf(body.text, counted.device) : undefined
    if (!view) return c.body(null, 400)
    kept(store.record(counted.visit, view))
    return c.body(null, 204)
  })

  // After the reply is made, and without holding it: the join costs the signup nothing.
  const afterSignup: MiddlewareHandler = async (c, next) => {
    await next()
    if (c.req.method !== 'POST' || c.get('replyKey') !== 'success') return
    void visitOf(c)
      .then((counted) => counted && kept(store.convert(counted.visit)))
      .catch((error: unknown) => options.log.error({ err: error }, 'analytics: cannot join a signup to its visit now'))
  }
  return { routes, afterSignup }
}
