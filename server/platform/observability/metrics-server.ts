// Where a scraper reads the metrics (metrics.ts), never the public: on a port of their own (METRICS_PORT, bound to
// 127.0.0.1 unless METRICS_HOST says otherwise), and on the public port only with METRICS_TOKEN as a bearer
// token. On the public port a request without the right token is not told /metrics exists: it goes on to what
// answers every other unknown path (the site's 404). On the metrics port, scrapes are neither logged nor timed:
// every 15 s they would drown the requests that matter; on the public port they are requests like any other.
import { createHash, timingSafeEqual } from 'node:crypto'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type { Registry } from 'prom-client'

export const metricsPath = '/metrics'

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest()

/** Whether the request carries the token, compared in constant time (over digests, so lengths differ never). */
export function bearerCheck(token: string): (c: Context) => boolean {
  const expected = digest(token)
  return (c) => {
    const given = /^Bearer +(\S+) *$/i.exec(c.req.header('authorization') ?? '')?.[1]
    return given !== undefined && timingSafeEqual(digest(given), expected)
  }
}

const scrape = async (c: Context, registry: Registry) => c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' })

/** GET /metrics on the public app: served to the token's holder; anyone else falls through to the next route. */
export function publicMetrics(registry: Registry, token: string): MiddlewareHandler {
  const allowed = bearerCheck(token)
  return (c, next) => (allowed(c) ? scrape(c, registry) : next())
}

/** The metrics port's whole app: GET /metrics (with the token too, if one is set), 404 for anything else. */
export function metricsApp(registry: Registry, token?: string): Hono {
  const allowed = token ? bearerCheck(token) : () => true
  const app = new Hono()
  app.get(metricsPath, (c) => (allowed(c) ? scrape(c, registry) : c.text('A bearer token (METRICS_TOKEN) is needed.\n', 401, { 'WWW-Authenticate': 'Bearer' })))
  app.notFound((c) => c.text('Not found: the metrics are at /metrics.\n', 404))
  return app
}
