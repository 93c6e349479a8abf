// One budget per inbox covers every email we send to it: confirmations, erasure links, console sign-in links,
// and the rest. It exists so that nobody can mail-bomb a stranger's inbox through us, and it must never be the
// way to stop a person getting an email they asked for: anyone can ask for an email to any address, so a budget
// an outsider can use up is a lock-out (issue "nobody locked out": five sign-in requests used to spend a team
// address's day, and five erasure requests anyone's).
//
// So the budget is a rate, not a daily allowance: one email of each kind into one inbox every 10 minutes (the
// consent machine's re-send interval, shared/rules.ts), plus a few spare ones a day for a busy honest day. An
// email over it is not dropped; it waits (OverBudgetError says how long, at most 10 minutes) and is sent then,
// with the link made when it is sent. Asks that arrive while one waits are answered by that one (the outbox's
// erasure requests, sign-in-mail.ts's waiting link), so an outsider's asks can delay a person's email by at
// most 10 minutes, and never grow a queue. Why these numbers: docs/one-address-one-mailbox.md.
//
// Counted per inbox (shared/mail-providers.ts `inboxKey`: no +tag, and each provider's spellings of one inbox as
// one), so that an outsider who signs up a thousand +tag spellings of one inbox still gets it one email of a
// kind per 10 minutes. An address
// whose owner has shown they read it (they confirmed it, or the team listed it on ADMIN_EMAILS) has a count of
// its own beside the inbox's: nobody but that owner can make such addresses, and so an outsider's spellings
// cannot queue ahead of the owner's own ask. In the store's shared limiter, so every instance counts together
// (in memory on SQLite, whose one process is the only sender). A send that fails gives its count back, so a
// mail server's outage never spends anyone's budget; one that may have been delivered (cut after its end of
// DATA: mailer.ts DeliveryUnknownError) keeps its count.
import { inboxKey } from '../../../shared/mail-providers'
import { resendAfterMs } from '../../../shared/rules'
import type { RateLimiter, RateLimitOptions } from '../http/rate-limit'
import { DeliveryUnknownError, type Mailer, type OutgoingMail } from './mailer'

const dayMs = 24 * 60 * 60_000

export const mailboxBudget = {
  /** Each kind of email (a sign-in link, an erasure link, a confirmation…) into one inbox: one per 10 minutes. */
  perKind: { max: 1, windowMs: resendAfterMs },
  /** And, shared by the kinds, this many more a day: a second sign-in link a minute after the first. */
  spare: { max: 4, windowMs: dayMs },
} as const

/** The inbox has had its email of this kind for now: this one waits `retryAfterMs`, then is tried again. */
export class OverBudgetError extends Error {
  constructor(readonly retryAfterMs?: number) {
    super(`the recipient's inbox has had its email of this kind for now${retryAfterMs === undefined ? '' : `; the next may go in ${Math.ceil(retryAfterMs / 1000)} s`}`)
    this.name = 'OverBudgetError'
  }
}

export type MailboxBudget = {
  /** Sends the email `compose` makes to `to` (one canonical address), counted against its inbox's budget for
   * `kind`, or the address's own when `vouched` (its owner confirmed it, or it is on ADMIN_EMAILS). `compose`
   * runs only once the budget allows the email, so the link it makes is made when it is sent, and nothing is
   * made for an email that waits. Over the budget it throws OverBudgetError. */
  send(mailer: Mailer, kind: string, to: string, vouched: boolean, compose: () => Promise<OutgoingMail>, options?: { signal?: AbortSignal }): Promise<void>
}

/** The budget over the store's limiter (platform/database/database.ts `rateLimiter`). */
export function mailboxBudgetOver(rateLimiter: (options: RateLimitOptions) => RateLimiter): MailboxBudget {
  const perKind = rateLimiter(mailboxBudget.perKind)
  const spare = rateLimiter(mailboxBudget.spare)

  // The kind's own count first, so the spare ones are left for a second email within the 10 minutes.
  async function spend(kind: string, to: string, vouched: boolean): Promise<{ limiter: RateLimiter; key: string }> {
    const inbox = inboxKey(to)
    const kindKey = vouched ? `mailbox:${kind}:address:${to}` : `mailbox:${kind}:inbox:${inbox}`
    const verdict = await perKind.hit(kindKey)
    if (verdict.allowed) return { limiter: perKind, key: kindKey }
    const spareKey = `mailbox:${inbox}`
    if ((await spare.hit(spareKey)).allowed) return { limiter: spare, key: spareKey }
    throw new OverBudgetError(verdict.retryAfterSeconds * 1000)
  }

  return {
    async send(mailer, kind, to, vouched, compose, options) {
      const spent = await spend(kind, to, vouched)
      try {
        const mail = await compose()
        if (mail.to !== to) throw new Error('mailbox budget: the email is not for the address it was counted for')
        await mailer.send(mail, options)
      } catch (error) {
        if (!(error instanceof DeliveryUnknownError)) await Promise.resolve(spent.limiter.refund(spent.key)).catch(() => {})
        throw error
      }
    },
  }
}
