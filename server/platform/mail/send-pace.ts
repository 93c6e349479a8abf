// The provider's pace (issue 49, "Sending at the provider's pace"): how many emails one instance has in flight, how
// many a minute one receiving domain gets, and, while a new sending domain warms up, how many list emails a day go.
// The two caps are counted in the store's shared limiter (platform/database/database.ts rateLimiter): on PostgreSQL
// one row per key in rate_limits that every instance's sender hits (one atomic upsert), so several instances keep one
// pace for all; on SQLite, whose one process is the only sender, in memory.
//
// - The domain cap counts every email (a receiving provider throttles a sender whatever the email is), per domain of
//   the recipient's address, in a window of a minute.
// - The warm-up counts list emails only (a kind that says `bulk`: an update, a wave's invitation): a daily cap held
//   over a sign-in link or a confirmation would lock its owner out for a day. Day n of the warm-up (0 the first, by
//   UTC dates) allows start × (1 + growth/100)^n emails, counted per UTC day.
// An email over a cap waits (OverPaceError says until when) and is tried again then, as one over its inbox's budget
// does: nothing is dropped.
import type { RateLimiter, RateLimitOptions } from '../http/rate-limit'

export type WarmUp = {
  /** List emails allowed on the warm-up's first day (MAIL_WARMUP_START). */
  start: number
  /** How much more each day allows than the one before, in percent (MAIL_WARMUP_GROWTH_PERCENT). */
  growthPercent: number
  /** The warm-up's first day, a UTC date YYYY-MM-DD (MAIL_WARMUP_FROM). */
  from: string
}

export type MailPaceSettings = {
  /** Emails one instance's sender has in flight at once (MAIL_CONCURRENCY); its SMTP pool keeps as many connections. */
  concurrency: number
  /** Emails a minute to one receiving domain, for all instances together (MAIL_DOMAIN_PER_MINUTE); none: no cap. */
  domainPerMinute: number | undefined
  /** The daily cap of list emails that grows from a set start (MAIL_WARMUP_*); none: no warm-up. */
  warmUp: WarmUp | undefined
}

export const mailPaceDefaults: MailPaceSettings = {
  concurrency: 4,
  domainPerMinute: undefined,
  warmUp: undefined,
}

const dayMs = 24 * 60 * 60_000

/** The email waits for the pace: a receiving domain's minute, or the warm-up's day, is full. */
export class OverPaceError extends Error {
  constructor(
    what: string,
    readonly retryAfterMs: number,
  ) {
    super(`${what}; the next may go in ${Math.ceil(retryAfterMs / 1000)} s`)
    this.name = 'OverPaceError'
  }
}

/** The warm-up's cap on the UTC day of `now`: start × (1 + growth)^(days since its first day); before it, the start. */
export function warmUpCap(warmUp: WarmUp, now: Date): number {
  const days = Math.max(0, Math.floor((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - Date.parse(`${warmUp.from}T00:00:00Z`)) / dayMs))
  // Past a few hundred days the cap is far beyond any list: kept finite.
  return Math.floor(Math.min(Number.MAX_SAFE_INTEGER, warmUp.start * Math.pow(1 + warmUp.growthPercent / 100, Math.min(days, 1000))))
}

/** What an email took of the pace, given back when it did not go. */
export type PaceTaken = { refund(): Promise<void> }

export type SendPace = {
  /** Takes one email to `address` (of a kind that is `bulk` or not) from the caps, or throws OverPaceError. */
  take(address: string, bulk: boolean, now: Date): Promise<PaceTaken>
}

/** The pace over the store's limiter; undefined when neither cap is set. */
export function sendPaceOver(rateLimiter: (options: RateLimitOptions) => RateLimiter, settings: Pick<MailPaceSettings, 'domainPerMinute' | 'warmUp'>): SendPace | undefined {
  const { domainPerMinute, warmUp } = settings
  if (domainPerMinute === undefined && warmUp === undefined) return undefined
  const domains = domainPerMinute === undefined ? undefined : rateLimiter({ max: domainPerMinute, windowMs: 60_000 })
  // The day's cap changes once a day: one limiter per cap, made when its day comes.
  const days = new Map<number, RateLimiter>()
  const dayLimiter = (cap: number) => {
    let limiter = days.get(cap)
    if (!limiter) days.set(cap, (limiter = rateLimiter({ max: cap, windowMs: dayMs })))
    return limiter
  }
  return {
    async take(address, bulk, now) {
      const taken: { limiter: RateLimiter; key: string }[] = []
      const refund = async () => {
        for (const { limiter, key } of taken) await Promise.resolve(limiter.refund(key)).catch(() => {})
      }
      if (domains) {
        const domain = address.slice(address.lastIndexOf('@') + 1)
        const key = `mail-domain:${domain}`
        const verdict = await domains.hit(key)
        if (!verdict.allowed) throw new OverPaceError(`the receiving domain ${domain} has had its ${domainPerMinute} emails this minute`, verdict.retryAfterSeconds * 1000)
        taken.push({ limiter: domains, key })
      }
      if (warmUp && bulk) {
        const cap = warmUpCap(warmUp, now)
        const day = now.toISOString().slice(0, 10)
        const limiter = dayLimiter(cap)
        const key = `mail-warmup:${day}`
        const verdict = await limiter.hit(key)
        if (!verdict.allowed) {
          await refund()
          const nextDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)
          throw new OverPaceError(`the warm-up's ${cap} list emails of ${day} have gone`, Math.max(1000, nextDay - now.getTime()))
        }
        taken.push({ limiter, key })
      }
      return { refund }
    },
  }
}
