// The waitlist endpoint as a Web-standard handler: `createApp(options).fetch(request)` runs unchanged on Node
// (server/main.ts), serverless functions and edge runtimes. server/compose.ts calls it with the stores it built;
// everything host-specific comes in as an option: how to learn the client's address, and optionally the static
// site to serve next to the API.
//
// createApp composes one sub-app per concern, each carrying its own middleware (server/platform/http/api-guard.ts says
// what every API path shares): the signup, the consent flows, the team's console, the health check, then the
// static site. What every reply shares is set here: its request id, log line and latency (observability/),
// its security headers and the answer to a fault.
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { adminApi, type AdminApiOptions } from './features/console/admin-api'
import type { AdminEnv } from './features/console/admin-guard'
import type { Audit } from './features/console/admin-store'
import { defaultConsentRateLimit, consentRoutes } from './features/consent/consent-routes'
import { healthRoutes, healthzPath } from './platform/http/healthz'
import { createLogger, type Logger } from './platform/observability/logger'
import type { Metrics } from './platform/observability/metrics'
import { metricsPath, publicMetrics } from './platform/observability/metrics-server'
import { observeRequests } from './platform/observability/observe-requests'
import { apiHeaders, apiNotFound, originCheck, type OriginCheck } from './platform/http/api-guard'
import { closeUnreadBodies } from './platform/http/read-body'
import { answerFault, refuse } from './platform/http/reply'
import { requestFacts, type RequestFacts } from './platform/http/request-facts'
import { signupRoutes, waitlistPath } from './features/signup/signup-routes'
import { parseAllowedOrigins, type AllowedOrigins } from './platform/http/origin'
import { defaultRateLimit } from './platform/http/rate-limit'
import { inviteRoutes } from './features/launch/invite-routes'
import type { Invitations } from './features/launch/invitations'
import type { Line } from './features/referral/line'
import { placeRoutes } from './features/referral/place-routes'
import { replySecurityHeaders } from './platform/http/security-headers'
import type { ConsentStore } from './features/consent/consent-store'
import type { RateLimiter, RateLimitOptions } from './platform/http/rate-limit'
import type { HealthCheckFn } from './platform/database/health-check'
import type { Signups } from './features/signup/signup-store'
import { adminApiBase } from '../shared/console-api'
import { analyticsPath } from '../shared/analytics'
import { apiV1Base } from '../shared/api-keys'
import type { ApiEnv } from './features/api/bearer'

export type AppOptions = {
  /** Where signups go (features/signup/signup-store.ts). */
  signups: Pick<Signups, 'add'>
  /** The consent flows' tokens and erasure (features/consent/consent-store.ts). */
  consent: ConsentStore
  /** The line (features/referral/line.ts): the place a confirmation's reply shows, and the private "your place" page. */
  line: Pick<Line, 'placeOf' | 'yourPlace'>
  /** Invitations in waves (features/launch/invitations.ts): the page behind an invitation's link, and its claim. */
  invitations: Pick<Invitations, 'invitationOf' | 'claimWithCode'>
  /** INVITE_URL: where a claimed invitation goes on to; until it is set, invitation links say they are not open yet. */
  inviteUrl?: string
  /** Makes each per-client limiter: the database's (platform/database/database.ts), in memory on SQLite, shared on PostgreSQL. */
  rateLimiter: (options: RateLimitOptions) => RateLimiter
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
  /** The team's console API under /api/admin (features/console/admin-api.ts); absent, those paths are 404. */
  admin?: ConsoleOptions
  /** Called when a signup or an erasure request may have queued an email (the outbox sender's poke). */
  onOutboxQueued?: () => void
  consentRateLimit?: { max: number; windowMs: number }
  /** GET /healthz's question to the database (platform/database/health.ts); without it, there is no /healthz. */
  healthCheck?: HealthCheckFn
  /** The composition's one clock: the health check's, the console's, and every public route's. */
  now: () => Date
  /** Where each request's line and every fault go; without it, warnings and worse go to stdout. */
  log?: Logger
  /** Each request's time goes into its latency histogram (platform/observability/metrics.ts). */
  metrics?: Metrics
  /** The site's public address for share links (the emails' own); without it, the site's, then the request's. */
  shareSiteUrl?: string
  /** METRICS_TOKEN: with it (and `metrics`), GET /metrics answers the token's bearer here; without it, never. */
  metricsToken?: string
  /** Counting visits (features/analytics/): the beacon's route, mounted at its path, and what joins a signup to its
   * visit, in front of the signup's route. Absent, neither exists. */
  analytics?: (api: { clientKey: RequestFacts['clientKey']; originCheck: OriginCheck }) => { routes: Hono; afterSignup: MiddlewareHandler }
  /** The versioned API for other servers (features/api/), mounted at /api/v1 with its own key check, errors and
   * limits. Absent, those paths are the API's 404. */
  versionedApi?: Hono<ApiEnv>
  /** The database's reading of an error (platform/database/database.ts `classify`): one that says the database is away or
   * full is answered 503 on every route, not 500. */
  classifyStoreError?: (error: unknown) => unknown
}

/** The console, and each feature's console routes under its guard, made with the console's audit log and
 * clock (the composition lists them, one line each). */
export type ConsoleOptions = Omit<AdminApiOptions, 'routes' | 'now'> & {
  routes: ((console: { audit: Audit; now: () => Date }) => Hono<AdminEnv>)[]
}

export function createApp(options: AppOptions) {
  const { signups, consent, rateLimiter, site, publicSiteUrl, onOutboxQueued: onQueued } = options
  const facts = requestFacts(options)
  const origins = originCheck(options.allowedOrigins ?? parseAllowedOrigins(undefined), facts.requestHosts)
  const app = new Hono()
  // First, so that its line and its time cover everything after it, and the id is on every reply.
  app.use(observeRequests({ log: options.log ?? createLogger({ level: 'warn' }), metrics: options.metrics, trustRequestId: (options.trustedProxies ?? 0) > 0 }))
  app.use(replySecurityHeaders(facts.isHttps))
  // Whatever route answers, a body it left on the connection closes the connection (platform/http/read-body.ts).
  app.use(closeUnreadBodies)
  app.onError(answerFault(options.classifyStoreError))

  const publicApi = { clientKey: facts.clientKey, originCheck: origins, publicSiteUrl, onQueued }
  const signupLimiter = rateLimiter(options.rateLimit ?? defaultRateLimit)
  const analytics = options.analytics?.({ clientKey: facts.clientKey, originCheck: origins })
  if (analytics) {
    app.use(waitlistPath, analytics.afterSignup)
    app.route(analyticsPath, analytics.routes)
  }
  app.route(waitlistPath, signupRoutes({ ...publicApi, signups, limiter: signupLimiter, maxBodyBytes: options.maxBodyBytes }))
  const consentLimiter = rateLimiter(options.consentRateLimit ?? defaultConsentRateLimit)
  app.route('/', consentRoutes({ ...publicApi, store: consent, placeOf: options.line.placeOf, limiter: consentLimiter, now: options.now }))

  // The console's API passes the API's origin check too, and is never readable by another origin.
  const consoleApi = new Hono().use(apiHeaders, origins())
  if (options.admin) {
    const { routes: featureRoutes, ...consoleOptions } = options.admin
    // Each feature's console routes, behind the console's session and Origin checks, audited in its log.
    const audit: Audit = (actor, action, detail) => consoleOptions.store.audit(actor, action, detail)
    const routes = featureRoutes.map((make) => make({ audit, now: options.now }))
    consoleApi.route('/', adminApi({ ...consoleOptions, now: options.now, routes }, { ...facts, rateLimiter }))
  } else consoleApi.all('*', (c) => refuse(c, 'notFound', 404))
  app.route(adminApiBase, consoleApi)
  // For servers holding an API key, never for pages: no Origin check (servers send none) and no CORS, so no
  // browser page may read a reply; never cached, as every /api reply.
  if (options.versionedApi) app.route(apiV1Base, new Hono().use(apiHeaders).route('/', options.versionedApi))
  // Last of the API: what none of the sub-apps above answers.
  app.route('/api', apiNotFound(origins))

  // The private "your place" page: it reads, and only with the link's token; its choice of news and updates is
  // consent's, with a token consent makes for it.
  app.route(
    '/',
    placeRoutes({
      yourPlace: options.line.yourPlace,
      offerNewsChoice: (signupId, at) => consent.offerNewsChoice(signupId, at),
      siteUrl: options.shareSiteUrl ?? publicSiteUrl,
      inviteUrl: options.inviteUrl,
      now: options.now,
    }),
  )
  // An invitation's page reads; its button claims, with the link's token.
  app.route('/', inviteRoutes({ invitations: options.invitations, inviteUrl: options.inviteUrl, siteUrl: options.shareSiteUrl ?? publicSiteUrl, now: options.now }))
  // Outside /api/*: no origin check, no rate limit; it reads and writes no signup.
  const { healthCheck } = options
  if (healthCheck) app.route(healthzPath, healthRoutes(healthCheck, options.now))
  if (options.metrics && options.metricsToken) app.get(metricsPath, publicMetrics(options.metrics.registry, options.metricsToken))
  // Last of all: every GET that nothing above answered.
  if (site) app.get('*', (c) => site(c.req.raw))
  app.notFound((c) => refuse(c, 'notFound', 404))
  return app
}
