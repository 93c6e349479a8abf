// POST /api/bounces/<provider>: the providers' webhooks for bounces and complaints that arrive after the send (SES
// through SNS, Postmark, SendGrid, Mailgun), each checked by its own scheme (ses-sns.ts, postmark.ts, sendgrid.ts,
// mailgun.ts). A provider whose secret is not set has no route (404).
//   - Unsigned or wrongly signed: 401, and one log line naming the provider and why, never the body; nothing changes.
//   - Verified: each bounce and complaint goes to the suppression list (platform/suppression/); event types that
//     change nothing are answered 200 and logged as ignored, so the provider does not retry them.
//   - A flood: each client may be refused `refusals.max` times a window; past that it is answered 429 before its body
//     is read or checked. A verified request gives its count back, so a provider's own traffic never uses the limit,
//     and each of these providers retries a 429 (and a 5xx: the database away), so a verified event is delayed at
//     worst, never lost.
import { Hono, type Context } from 'hono'
import { readBody } from '../../platform/http/read-body'
import type { RateLimiter } from '../../platform/http/rate-limit'
import type { RequestFacts } from '../../platform/http/request-facts'
import type { Logger } from '../../platform/observability/logger'
import type { SuppressionStore } from '../../platform/suppression/suppression-store'
import type { SuppressionSource } from '../../../shared/suppression'
import type { ProviderRequest, ProviderVerdict } from './provider-report'

export type Provider = Exclude<SuppressionSource, 'smtp' | 'console'>
export type ProviderCheck = (request: ProviderRequest) => Promise<ProviderVerdict>

/** A provider's batch is a few KB; SendGrid's hold up to a thousand events, well under this. */
export const bounceBodyMaxBytes = 1024 * 1024

/** Refusals a client may have in a window before it is answered 429 unread. */
export const defaultBounceRefusalLimit = { max: 20, windowMs: 60_000 }

export type BounceRouteOptions = {
  providers: Partial<Record<Provider, ProviderCheck>>
  suppressions: Pick<SuppressionStore, 'record'>
  limiter: RateLimiter
  clientKey: RequestFacts['clientKey']
  log: Pick<Logger, 'warn' | 'info'>
  now: () => Date
}

const json = (c: Context, status: 200 | 401 | 404 | 413 | 429, body: Record<string, unknown>, headers?: Record<string, string>) => c.json(body, status, headers)

export function bounceRoutes(options: BounceRouteOptions): Hono {
  const { providers, suppressions, limiter, clientKey, log, now } = options
  const app = new Hono()
  app.post('/:provider', async (c) => {
    const name = c.req.param('provider') as Provider
    const check = Object.hasOwn(providers, name) ? providers[name] : undefined
    if (!check) return json(c, 404, { ok: false, message: 'No such webhook here.' })
    const client = clientKey(c)
    const key = client === undefined ? undefined : `bounces:${client}`
    const verdict = key === undefined ? { allowed: true as const } : await limiter.hit(key)
    if (!verdict.allowed) return json(c, 429, { ok: false, message: 'Too many refused requests. Try again later.' }, { 'Retry-After': String(verdict.retryAfterSeconds) })
    const body = await readBody(c, bounceBodyMaxBytes)
    if (body.kind !== 'text') return json(c, 413, { ok: false, message: 'The body is too large or not UTF-8.' })
    const checked = await check({ header: (header) => c.req.header(header), body: body.text })
    if (!checked.verified) {
      log.warn({ provider: name }, `bounces: a ${name} webhook refused (${checked.why}); its body is not logged`)
      return json(c, 401, { ok: false, message: 'Not signed by the provider.' })
    }
    if (key !== undefined) await limiter.refund(key)
    await checked.confirm?.()
    const at = now()
    let suppressed = 0
    for (const bounce of checked.report.bounces) if ((await suppressions.record(bounce, at)) === 'suppressed') suppressed += 1
    for (const type of checked.report.ignored) log.info({ provider: name, type }, `bounces: a ${name} event of type ${type} ignored`)
    if (checked.confirm) log.info({ provider: name }, `bounces: the ${name} subscription confirmed`)
    return json(c, 200, { ok: true, bounces: checked.report.bounces.length, suppressed, ignored: checked.report.ignored.length })
  })
  return app
}
