// The waitlist endpoint as a Web-standard handler: `createApp(options).fetch(request)` runs unchanged on Node
// (server/main.ts), serverless functions and edge runtimes. server/compose.ts calls it with the wings' routes;
// everything host-specific comes in as an option: how to learn the client's address, and optionally the static
// site to serve next to the API.
//
// createApp mounts one sub-app per concern, each carrying its own middleware (server/platform/http/api-guard.ts
// says what every API path shares): the wings' routes under /api in the list's order (server/wings.ts), the API's
// 404, the wings' pages, the health check, then the static site. What every reply shares is set here: its request
// id, log line and latency (observability/), its security headers and the answer to a fault.
import { Hono, type Context } from 'hono'
import { healthRoutes, healthzPath } from './platform/http/healthz'
import { createLogger, type Logger } from './platform/observability/logger'
import type { Metrics } from './platform/observability/metrics'
import { metricsPath, publicMetrics } from './platform/observability/metrics-server'
import { observeRequests } from './platform/observability/observe-requests'
import { apiNotFound, originCheck } from './platform/http/api-guard'
import { closeUnreadBodies } from './platform/http/read-body'
import { answerFault, refuse } from './platform/http/reply'
import { requestFacts } from './platform/http/request-facts'
import { parseAllowedOrigins, type AllowedOrigins } from './platform/http/origin'
import { replySecurityHeaders } from './platform/http/security-headers'
import type { RateLimiter, RateLimitOptions } from './platform/http/rate-limit'
import type { HealthCheckFn } from './platform/database/health-check'
import type { ConsoleRoute, WingHttp, WingRoutes } from './platform/wing/wing'

export type AppOptions = {
  /** Each wing's routes (platform/wing/wing.ts), in the list's order. */
  routes: ((http: WingHttp) => WingRoutes)[]
  /** Each wing's console routes, which the console's wing mounts behind its guard. */
  consoleRoutes: ConsoleRoute[]
  /** Makes each per-client limiter: the database's (platform/database/database.ts), in memory on SQLite, shared on PostgreSQL. */
  rateLimiter: (options: RateLimitOptions) => RateLimiter
  /** From ALLOWED_ORIGINS; by default only same-origin pages (and clients sending no Origin) may post. */
  allowedOrigins?: AllowedOrigins
  /** How many proxies in front append to X-Forwarded-For (TRUST_PROXY); 0 ignores the header. */
  trustedProxies?: number
  /** The address of the connection; without it (and without a trusted proxy) nothing is rate limited. */
  clientAddress?: (c: Context) => string | undefined
  /** Answers every GET that is not the API: the prerendered site. */
  site?: (request: Request) => Promise<Response>
  /** The site's origin (PUBLIC_SITE_URL) when it is not this server's: where form posts are sent back to. */
  publicSiteUrl?: string
  /** GET /healthz's question to the database (platform/database/health.ts); without it, there is no /healthz. */
  healthCheck?: HealthCheckFn
  /** The composition's one clock: the health check's. */
  now: () => Date
  /** Where each request's line and every fault go; without it, warnings and worse go to stdout. */
  log?: Logger
  /** Each request's time goes into its latency histogram (platform/observability/metrics.ts). */
  metrics?: Metrics
  /** METRICS_TOKEN: with it (and `metrics`), GET /metrics answers the token's bearer here; without it, never. */
  metricsToken?: string
  /** The database's reading of an error (platform/database/database.ts `classify`): one that says the database is away or
   * full is answered 503 on every route, not 500. */
  classifyStoreError?: (error: unknown) => unknown
}

export function createApp(options: AppOptions) {
  const { site } = options
  const facts = requestFacts(options)
  const origins = originCheck(options.allowedOrigins ?? parseAllowedOrigins(undefined), facts.requestHosts)
  const app = new Hono()
  // First, so that its line and its time cover everything after it, and the id is on every reply.
  app.use(observeRequests({ log: options.log ?? createLogger({ level: 'warn' }), metrics: options.metrics, trustRequestId: (options.trustedProxies ?? 0) > 0 }))
  app.use(replySecurityHeaders(facts.isHttps))
  // Whatever route answers, a body it left on the connection closes the connection (platform/http/read-body.ts).
  app.use(closeUnreadBodies)
  app.onError(answerFault(options.classifyStoreError))

  const http: WingHttp = {
    clientKey: facts.clientKey,
    originCheck: origins,
    facts,
    rateLimiter: options.rateLimiter,
    publicSiteUrl: options.publicSiteUrl,
    consoleRoutes: options.consoleRoutes,
  }
  const routes = options.routes.map((make) => make(http))
  // A wing's middleware goes in front of every route, whoever's it is (the analytics' join of a signup to its visit).
  for (const { before = [] } of routes) for (const { at, handler } of before) app.use(at, handler)
  for (const { api = [] } of routes) for (const { at, app: sub } of api) app.route(at, sub)
  // Last of the API: what none of the sub-apps above answers.
  app.route('/api', apiNotFound(origins))
  for (const { pages = [] } of routes) for (const { at, app: sub } of pages) app.route(at, sub)
  // Outside /api/*: no origin check, no rate limit; it reads and writes no signup.
  const { healthCheck } = options
  if (healthCheck) app.route(healthzPath, healthRoutes(healthCheck, options.now))
  if (options.metrics && options.metricsToken) app.get(metricsPath, publicMetrics(options.metrics.registry, options.metricsToken))
  // Last of all: every GET that nothing above answered.
  if (site) app.get('*', (c) => site(c.req.raw))
  app.notFound((c) => refuse(c, 'notFound', 404))
  return app
}
