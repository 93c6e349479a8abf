// What every request leaves behind: an id on its reply (X-Request-Id) and on each of its log lines, one line
// when it is answered (method, route pattern, status, time, reply key), and its time in the latency histogram
// under the same route pattern. The route pattern (/api/admin/signups/:id/erase, /* for the site and what
// nothing else answers), never the path: a path can carry anything a visitor typed, and the pattern keeps
// the histogram's series few.
//
// The id comes from the request's X-Request-Id only behind a trusted proxy (TRUST_PROXY), which sets it, and
// only if it looks like an id; otherwise it is made here. Hono's requestId middleware takes the header from any
// client and cannot stamp a Response a handler built itself (the static site's), hence this one.
import { randomUUID } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import { whileRunning } from './event-loop'
import { createLogger, type Logger } from './logger'
import type { Metrics } from './metrics'

declare module 'hono' {
  interface ContextVariableMap {
    /** This request's id, as its reply's X-Request-Id says it. */
    requestId: string
    /** The log, every line of it carrying this request's id. */
    log: Logger
  }
}

export const requestIdHeader = 'X-Request-Id'
/** An incoming id worth keeping: short, and nothing a log line or a header could be bent by. */
const saneRequestId = /^[A-Za-z0-9._:=-]{1,128}$/
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

export type ObserveOptions = {
  log: Logger
  metrics?: Metrics
  /** Whether a proxy in front sets X-Request-Id (TRUST_PROXY); otherwise the client could choose it. */
  trustRequestId: boolean
}

export function observeRequests({ log, metrics, trustRequestId }: ObserveOptions): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    const incoming = trustRequestId ? c.req.header(requestIdHeader) : undefined
    const id = incoming !== undefined && saneRequestId.test(incoming) ? incoming : randomUUID()
    c.set('requestId', id)
    c.set('log', log.child({ reqId: id }))
    // The event loop's guard names the request by its route pattern (known once routed), never its path.
    await whileRunning(() => `${knownMethods.has(c.req.method) ? c.req.method : 'other'} ${routePath(c) || '/*'}`, next)
    c.res.headers.set(requestIdHeader, id)
    const seconds = (performance.now() - started) / 1000
    const method = knownMethods.has(c.req.method) ? c.req.method : 'other'
    const route = routePath(c) || '/*'
    const { status } = c.res
    metrics?.httpDuration.observe({ method, route, status: String(status) }, seconds)
    const ms = Math.round(seconds * 10_000) / 10
    c.var.log.info({ method, route, status, ms, reply: c.get('replyKey') }, `${method} ${route} ${status} ${ms} ms`)
  }
}

let unobserved: Logger | undefined
/** The request's log; for a handler run outside createApp (it has no observer), a log of warnings and worse. */
export const requestLog = (c: Context): Logger => c.get('log') ?? (unobserved ??= createLogger({ level: 'warn' }))
