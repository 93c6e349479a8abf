// POST /api/waitlist: a signup, as JSON from the site's script (a text/plain or application/json body) or as a
// browser's own form post, which is answered 303 to its outcome page (form-post.ts). Any other method is told
// to POST. A repeat, a retry and a bot get the very same answer as a first signup: the reply never tells who
// is listed.
import { Hono } from 'hono'
import { networkOf } from './network'
import type { RateLimiter } from '../../platform/http/rate-limit'
import type { Signups } from './signup-store'
import { parseSignupBody, parseSignupForm, type ParsedBody } from './validate'
import { afterReply } from '../../platform/http/after-reply'
import { apiHeaders, publicCors, type OriginCheck } from '../../platform/http/api-guard'
import { answerFormPostsWithRedirect, isFormPost } from '../../platform/http/form-post'
import { rateLimited } from '../../platform/http/rate-limited'
import { readBody } from '../../platform/http/read-body'
import { replyFloor } from '../../platform/http/reply-floor'
import { refuse, refuseMethod, reply } from '../../platform/http/reply'
import type { RequestFacts } from '../../platform/http/request-facts'

export const waitlistPath = '/api/waitlist'
export const defaultMaxBodyBytes = 4096
/** No signup's reply leaves sooner than this after its request arrived (platform/http/reply-floor.ts). */
export const signupReplyFloorMs = 10

export type SignupRoutesOptions = {
  signups: Pick<Signups, 'add'>
  limiter: RateLimiter
  clientKey: RequestFacts['clientKey']
  originCheck: OriginCheck
  maxBodyBytes?: number
  publicSiteUrl?: string
  /** A new signup may have queued its confirmation email: send it now. */
  onQueued?: () => void
}

/** Mounted at waitlistPath. Its middleware is on '/', that path alone: the consent routes below it have their own. */
export function signupRoutes(options: SignupRoutesOptions): Hono {
  const { signups, maxBodyBytes = defaultMaxBodyBytes } = options
  const signup = new Hono()
  signup.use('/', answerFormPostsWithRedirect(options.publicSiteUrl), apiHeaders, options.originCheck(), publicCors)

  signup.post('/', replyFloor(signupReplyFloorMs), rateLimited(options.limiter, { clientKey: options.clientKey, refusal: 'tooManyRequests' }), async (c) => {
    const type = (c.req.header('content-type') ?? 'text/plain').split(';')[0]?.trim().toLowerCase()
    const form = isFormPost(c.req.raw)
    if (!form && type !== 'text/plain' && type !== 'application/json') return refuse(c, 'unsupportedType', 415)
    const body = await readBody(c, maxBodyBytes)
    // The rest of an oversized body may still be arriving: the reply closes the connection (read-body.ts).
    if (body.kind === 'too-large') return refuse(c, 'tooLarge', 413)
    const parse = form ? parseSignupForm : parseSignupBody
    const parsed: ParsedBody = body.kind === 'text' ? parse(body.text) : { kind: 'invalid', reason: 'unreadable' }
    if (parsed.kind === 'invalid') return reply(c, parsed.reason)
    if (parsed.kind === 'signup') {
      await signups.add({ ...parsed.signup, network: networkOf(options.clientKey(c)) })
      // A new signup's confirmation is claimed and sent after the reply: a repeat has none to send.
      const poke = options.onQueued
      if (poke) afterReply(c, poke)
    }
    return reply(c, 'success')
  })

  signup.all('/', refuseMethod)
  return signup
}
