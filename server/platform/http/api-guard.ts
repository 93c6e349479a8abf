// What every path under /api/ shares. Each API sub-app puts these in front of its routes, in this order:
// - apiHeaders: every reply, a refusal included, says Vary: Origin and Cache-Control: no-store.
// - originCheck: a request from a page that may not call the API is refused, 403 in words (the outcome page
//   for a browser's form post). A text/plain POST is a CORS "simple request" that browsers send from any site
//   without asking first, so the server itself has to refuse it; requests without an Origin pass (origin.ts
//   says why), and `Origin: null` passes only where a route accepts it.
// - publicCors, Hono's cors (hono/cors), on the public API (signup, consent): lets a page of an allowed origin
//   read the reply and answers the preflight of a script posting JSON. Not on the console's API, whose replies
//   are for its own pages only.
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import { isOriginAllowed, type AllowedOrigins } from './origin'
import { postOnly, refuse } from './reply'

// Hand-written: no Hono middleware sets no-store, and its cors adds Vary only past the check (signup.test.ts, 'never cached').
export const apiHeaders: MiddlewareHandler = async (c, next) => {
  await next()
  c.res.headers.set('Vary', 'Origin')
  c.res.headers.set('Cache-Control', 'no-store')
}

export type OriginCheck = (options?: { acceptNullOrigin?: boolean }) => MiddlewareHandler

// Hand-written: Hono's cors never refuses and its csrf refuses Origin-less posts; origin.test.ts wants the opposite of both.
/** `allowed` is ALLOWED_ORIGINS; a page of this very host (one of `requestHosts`) is always allowed. */
export function originCheck(allowed: AllowedOrigins, requestHosts: (c: Context) => string[]): OriginCheck {
  return ({ acceptNullOrigin = false } = {}) =>
    async (c, next) => {
      const origin = c.req.header('origin')
      if (origin === undefined || (acceptNullOrigin && origin === 'null') || isOriginAllowed(origin, requestHosts(c), allowed)) return next()
      return refuse(c, 'originNotAllowed', 403)
    }
}

export const publicCors = cors({
  // Behind originCheck, so any real origin here may read; "null" (a token page, a sandbox) may post, not read.
  origin: (origin) => (origin === '' || origin === 'null' ? null : origin),
  // One entry, since Hono joins a list with ',': the preflight names the methods as the 405's Allow does.
  allowMethods: [postOnly],
  allowHeaders: ['Content-Type'],
  maxAge: 86400,
})

/** The /api/ paths no sub-app answers: 404 in words, behind the same checks. Mounted after every API sub-app. */
export function apiNotFound(origins: OriginCheck): Hono {
  const notFound = (c: Context) => refuse(c, 'notFound', 404)
  const api = new Hono()
  api.use(apiHeaders, origins())
  // Nothing here takes a post, so a preflight is a 404 like any other method, answered before the CORS one.
  api.options('*', notFound)
  api.use(publicCors)
  api.all('*', notFound)
  return api
}
