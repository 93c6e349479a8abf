// What every path under /api/ shares. Each API sub-app puts these in front of its routes, in this order:
// - apiHeaders: every reply, a refusal included, says Vary: Origin and Cache-Control: no-store.
// - originCheck: a request from a page that may not call the API is refused, 403 in words (the outcome page
//   for a browser's form post). A text/plain POST is a CORS "simple request" that browsers send from any site
//   without asking first, so the server itself has to refuse it; requests without an Origin pass (origin.ts
//   says why), and `Origin: null` passes only where a route accepts it.
// - readableByAllowedOrigins: lets a page of an allowed origin read the reply. Not for the console's API,
//   whose replies are for its own pages only.
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { isOriginAllowed, type AllowedOrigins } from '../origin'
import { refuse } from './reply'

export const apiHeaders: MiddlewareHandler = async (c, next) => {
  await next()
  c.res.headers.set('Vary', 'Origin')
  c.res.headers.set('Cache-Control', 'no-store')
}

export type OriginCheck = (options?: { acceptNullOrigin?: boolean }) => MiddlewareHandler

/** `allowed` is ALLOWED_ORIGINS; a page of this very host (one of `requestHosts`) is always allowed. */
export function originCheck(allowed: AllowedOrigins, requestHosts: (c: Context) => string[]): OriginCheck {
  return ({ acceptNullOrigin = false } = {}) =>
    async (c, next) => {
      const origin = c.req.header('origin')
      if (origin === undefined || (acceptNullOrigin && origin === 'null') || isOriginAllowed(origin, requestHosts(c), allowed)) return next()
      return refuse(c, 'originNotAllowed', 403)
    }
}

export const readableByAllowedOrigins: MiddlewareHandler = async (c, next) => {
  await next()
  const origin = c.req.header('origin')
  if (origin !== undefined && origin !== 'null') c.res.headers.set('Access-Control-Allow-Origin', origin)
}

/** The /api/ paths no sub-app answers: 404 in words, behind the same checks. Mounted after every API sub-app. */
export function apiNotFound(origins: OriginCheck): Hono {
  const api = new Hono()
  api.use(apiHeaders, origins(), readableByAllowedOrigins)
  api.all('*', (c) => refuse(c, 'notFound', 404))
  return api
}
