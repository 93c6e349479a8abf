// The waitlist endpoint as a Web-standard handler: `createApp(options).fetch(request)` runs unchanged on Node
// (server/main.ts), serverless functions and edge runtimes. Everything host-specific comes in as an option:
// the store, how to learn the client's address, and optionally the static site to serve next to the API.
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { adminApi, type AdminApiOptions } from './admin/admin-api'
import { afterReply } from './http/after-reply'
import { isOriginAllowed, parseAllowedOrigins, type AllowedOrigins } from './origin'
import { clientKey, defaultRateLimit } from './rate-limit'
import { readBody } from './http/read-body'
import { answerPreflight, refuse, refuseMethod, reply } from './http/reply'
import { replySecurityHeaders } from './security-headers'
import { StoreUnavailableError, type SignupStore } from './store/contract'
import { parseSignupBody, parseSignupForm, type ParsedBody } from './validate'
import { consentApi, consentPages, tokenPageActions } from '../shared/consent-paths'
import { answerFormPostsWithRedirect, isFormPost } from './http/form-post'
import { healthzHandler, healthzPath } from './healthz'
import { healthCheckOf, type HealthCheckFn } from './store/health-check'
import { defaultConsentRateLimit, registerConsentApiRoutes, registerConsentEntryRoutes } from './consent/consent-routes'

export type AppOptions = {
  store: SignupStore
  /** From ALLOWED_ORIGINS; by default only same-origin pages (and clients sending no Origin) may post. */
  allowedOrigins?: AllowedOrigins
  /** How many proxies in front append to X-Forwarded-For (TRUST_PROXY); 0 ignores the header. */
  trustedProxies?: number
  rateLimit?: { max: number; windowMs: number }
  maxBodyBytes?: number
  /** The address of the connection; without it (and without a trusted proxy) nothing is rate limited. */
  clientAddress?: (c: Context) => string | undefined
  /** Answers every GET that is not the API: the prerendered site. */
  site?: (request: Request) => Promise<Response>
  /** The site's origin (PUBLIC_SITE_URL) when it is not this server's: where form posts are sent back to. */
  publicSiteUrl?: string
  /** The team's console API under /api/admin (server/admin); absent, those paths are 404. */
  admin?: AdminApiOptions
  /** Called when a signup or an erasure request may have queued an email (the outbox sender's poke). */
  onOutboxQueued?: () => void
  consentRateLimit?: { max: number; windowMs: number }
  /** GET /healthz's question to the database; by default the one `openStore` gives the store (store/health.ts).
   * Without either, there is no /healthz. */
  healthCheck?: HealthCheckFn
}

// The token pages send no Referer (consent-paths.ts), so a browser's post from them says only `Origin: null`.
// For the link actions that is no forgery risk: their token is the whole authority, and a forged post would
// have to carry it. Every other route still refuses "null".
const tokenActionPaths: ReadonlySet<string> = new Set(tokenPageActions.flatMap((action) => [consentApi[action], consentPages[action]]))

export const defaultMaxBodyBytes = 4096
export const waitlistPath = '/api/waitlist'

export function createApp(options: AppOptions) {
  const { store, site, clientAddress, trustedProxies = 0, maxBodyBytes = defaultMaxBodyBytes } = options
  const allowed = options.allowedOrigins ?? parseAllowedOrigins(undefined)
  const limiter = store.rateLimiter(options.rateLimit ?? defaultRateLimit)
  const app = new Hono()

  const isHttps = (c: Context) =>
    new URL(c.req.url).protocol === 'https:' ||
    (trustedProxies > 0 && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https')

  app.use(replySecurityHeaders(isHttps))

  app.onError((error, c) => {
    // The database is away (a restart, a failover, a lost network): say so plainly; nothing was acknowledged.
    if (error instanceof StoreUnavailableError) {
      console.error(`waitlist: ${error.message}`)
      return refuse(c, 'databaseUnavailable', 503, { 'Retry-After': '5' })
    }
    console.error('waitlist: unexpected error', error)
    return refuse(c, 'serverError', 500)
  })

  const clientKeyOf = (c: Context) => clientKey({ socketAddress: clientAddress?.(c), forwardedFor: c.req.header('x-forwarded-for'), trustedProxies })
  const refuseOrigin = (c: Context) => {
    const origin = c.req.header('origin')
    if (origin === 'null' && tokenActionPaths.has(c.req.path)) return undefined
    const hosts = [new URL(c.req.url).host, c.req.header('host'), trustedProxies > 0 ? c.req.header('x-forwarded-host') : undefined]
    return origin !== undefined && !isOriginAllowed(origin, hosts.filter((host) => host !== undefined), allowed) ? refuse(c, 'originNotAllowed', 403) : undefined
  }

  // Registered before the origin check and the rate limit, so a browser's form post gets its outcome page
  // for every reply, those included.
  app.use(waitlistPath, answerFormPostsWithRedirect(options.publicSiteUrl))
  const consentOptions = {
    store: store.consent,
    limiter: store.rateLimiter(options.consentRateLimit ?? defaultConsentRateLimit),
    clientKey: clientKeyOf,
    refuseOrigin,
    publicSiteUrl: options.publicSiteUrl,
    onQueued: options.onOutboxQueued,
  }
  const consentEntry = registerConsentEntryRoutes(app, consentOptions)

  app.use('/api/*', async (c, next) => {
    const origin = c.req.header('origin')
    const refused = refuseOrigin(c)
    if (refused) {
      c.res = refused
    } else {
      await next()
      // Lets the page read the reply (and its message) when it was served from another allowed origin.
      // Not for the console's API: its replies are for its own pages only.
      if (origin !== undefined && origin !== 'null' && !c.req.path.startsWith('/api/admin/')) c.res.headers.set('Access-Control-Allow-Origin', origin)
    }
    c.res.headers.set('Vary', 'Origin')
    c.res.headers.set('Cache-Control', 'no-store')
  })

  const rateLimited: MiddlewareHandler = async (c, next) => {
    const key = clientKeyOf(c)
    const verdict = key === undefined ? { allowed: true as const } : await limiter.hit(key)
    if (verdict.allowed) return next()
    return refuse(c, 'tooManyRequests', 429, { 'Retry-After': String(verdict.retryAfterSeconds) })
  }

  app.options(waitlistPath, answerPreflight)

  app.post(waitlistPath, rateLimited, async (c) => {
    const type = (c.req.header('content-type') ?? 'text/plain').split(';')[0]?.trim().toLowerCase()
    const form = isFormPost(c.req.raw)
    if (!form && type !== 'text/plain' && type !== 'application/json') return refuse(c, 'unsupportedType', 415)
    const body = await readBody(c, maxBodyBytes)
    // The rest of an oversized body may still be arriving: close the connection after answering rather than
    // leave it half-read for the next request on it.
    if (body.kind === 'too-large') return refuse(c, 'tooLarge', 413, { Connection: 'close' })
    const parse = form ? parseSignupForm : parseSignupBody
    const parsed: ParsedBody = body.kind === 'text' ? parse(body.text) : { kind: 'invalid', reason: 'unreadable' }
    if (parsed.kind === 'invalid') return reply(c, parsed.reason)
    // A repeat, a retry and a bot get the very same answer as a first signup: the reply never tells who is listed.
    if (parsed.kind === 'signup') {
      await store.add(parsed.signup)
      // A new signup's confirmation is claimed and sent after the reply: a repeat has none to send.
      const poke = options.onOutboxQueued
      if (poke) afterReply(c, poke)
    }
    return reply(c, 'success')
  })
  registerConsentApiRoutes(app, consentOptions, consentEntry)

  app.all(waitlistPath, refuseMethod)
  if (options.admin) {
    const requestHosts = (c: Context) =>
      [new URL(c.req.url).host, c.req.header('host'), trustedProxies > 0 ? c.req.header('x-forwarded-host') : undefined].filter((host) => host !== undefined)
    app.route('/api/admin', adminApi(options.admin, { isHttps, requestHosts, clientKey: clientKeyOf, rateLimiter: store.rateLimiter }))
  }
  app.all('/api/*', (c) => refuse(c, 'notFound', 404))
  // Outside /api/*: no origin check, no rate limit; it reads and writes no signup.
  const healthCheck = options.healthCheck ?? healthCheckOf(store)
  if (healthCheck) app.get(healthzPath, healthzHandler(healthCheck))
  if (site) app.get('*', (c) => site(c.req.raw))
  app.notFound((c) => refuse(c, 'notFound', 404))
  return app
}
