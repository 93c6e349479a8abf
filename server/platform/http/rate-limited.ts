// The per-client rate limit in front of a route: past it, 429 in words with Retry-After. A client that nothing
// identifies (no address, no trusted proxy) is not counted.
import type { MiddlewareHandler } from 'hono'
import type { ReplyKey } from '../../../shared/form-outcomes'
import type { RateLimiter } from './rate-limit'
import type { RequestFacts } from './request-facts'
import { refuse } from './reply'

export type RateLimitedOptions = {
  clientKey: RequestFacts['clientKey']
  /** Keeps this limit's counts apart from another's in a limiter they share (PostgreSQL's one table). */
  prefix?: string
  refusal: ReplyKey
}

export function rateLimited(limiter: RateLimiter, { clientKey, prefix = '', refusal }: RateLimitedOptions): MiddlewareHandler {
  return async (c, next) => {
    const key = clientKey(c)
    const verdict = key === undefined ? { allowed: true as const } : await limiter.hit(`${prefix}${key}`)
    if (verdict.allowed) return next()
    return refuse(c, refusal, 429, { 'Retry-After': String(verdict.retryAfterSeconds) })
  }
}
