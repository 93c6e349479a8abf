// A browser's own form post: what a visitor sends when no script runs (JavaScript off, or not loaded yet and
// given up on). It goes through exactly the same steps as the script's JSON (origin check, rate limit,
// validation, honeypot, dedupe); only the answer differs: 303 See Other to the page of the site that shows
// the outcome. The target is built from configuration alone (PUBLIC_SITE_URL, or this server's own origin
// through a relative path), never from anything in the request: no open redirect. A reply that hands on a token
// (reply.ts `nextToken`, one the server has just made) sends it in the target's query, for the page's own form.
import type { MiddlewareHandler } from 'hono'
import { outcomeOf, outcomePath } from '../../../shared/form-outcomes'

export const isFormPost = (request: Request) =>
  request.method === 'POST' && (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded'

export function answerFormPostsWithRedirect(publicSiteUrl = ''): MiddlewareHandler {
  const base = publicSiteUrl.replace(/\/+$/, '')
  return async (c, next) => {
    if (!isFormPost(c.req.raw)) return next()
    await next()
    // The handler's reply key (reply.ts); a reply that carries none (a fault outside them) is a server error.
    const outcome = outcomeOf(c.get('replyKey'))
    const nextToken = c.get('nextToken')
    const params = new URLSearchParams({ ...(nextToken !== undefined && { token: nextToken }), ...c.get('outcomeQuery') })
    const query = params.size === 0 ? '' : `?${params.toString()}`
    const location = c.get('formPostLocation') ?? `${base}${outcomePath(outcome)}${query}`
    const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' })
    const retryAfter = c.res.headers.get('retry-after')
    if (retryAfter) headers.set('Retry-After', retryAfter)
    c.res = undefined // Hono would carry the replaced reply's headers (its length among them) into this one
    c.res = new Response(null, { status: 303, headers })
  }
}
