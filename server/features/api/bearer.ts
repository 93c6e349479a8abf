// The key check in front of every /api/v1 route but the document (issue 33). `Authorization: Bearer <key>`:
// - a key nobody made, a malformed one, a missing header and a revoked key get one 401, the same body, after the
//   same work (one read by the key's hash, platform/secrets/tokens.ts), so nothing tells a caller which it was;
// - each key has its own limit (the database's limiter: in memory on SQLite, shared by every instance on
//   PostgreSQL), counted before the scope, so a key hammering a route it may not use is still held back;
// - a key without the route's scope gets 403 `insufficient_scope`;
// - a use is noted on the key at most once a minute (api-keys.ts), and the audit log gets one line per key and
//   UTC day, its first use that day: enough to answer "was this key used, and when", without a line per request.
import type { MiddlewareHandler } from 'hono'
import type { ApiScope } from '../../../shared/api-keys'
import type { RateLimiter } from '../../platform/http/rate-limit'
import type { Logger } from '../../platform/observability/logger'
import type { Audit } from '../../platform/console/audit'
import { apiError } from './api-errors'
import type { ApiKeys, PresentedKey } from './api-keys'

export type ApiEnv = { Variables: { apiKey: PresentedKey } }

/** 300 requests a minute per key, by default: a server syncing its users now and then, not a crawl of the list. */
export const defaultApiKeyRateLimit = { max: 300, windowMs: 60_000 }

export type BearerOptions = { keys: ApiKeys; limiter: RateLimiter; audit: Audit; now: () => Date; log: Logger }

const bearerOf = (header: string | undefined) => /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? ''

export const bearer =
  ({ keys, limiter, audit, now, log }: BearerOptions) =>
  (scope: ApiScope): MiddlewareHandler<ApiEnv> =>
  async (c, next) => {
    const key = await keys.presented(bearerOf(c.req.header('authorization')))
    if (!key || key.revoked) return apiError(c, 'unauthorized', 401, { 'WWW-Authenticate': 'Bearer realm="api"' })
    const verdict = await limiter.hit(`api-key:${key.id}`)
    if (!verdict.allowed) return apiError(c, 'rate_limited', 429, { 'Retry-After': String(verdict.retryAfterSeconds) })
    if (!key.scopes.includes(scope)) return apiError(c, 'insufficient_scope', 403)
    const at = now()
    const use = await keys.used(key, at).catch((error: unknown) => {
      // A note of use is worth less than the request it notes: the request goes on.
      log.warn({ err: error }, 'api: cannot note an API key’s use now')
      return 'skipped' as const
    })
    if (use === 'first-of-day') await audit(`api key ${key.prefix}`, 'use-api-key', `"${key.name}" first used on ${at.toISOString().slice(0, 10)} (${c.req.method} ${c.req.path})`)
    c.set('apiKey', key)
    return next()
  }
