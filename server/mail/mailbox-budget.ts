// One budget per inbox covers every email we send to it: confirmations, erasure links and console sign-in
// links alike. Without it, the three routes' separate per-client limits let one client send about 2,400
// emails an hour into one stranger's inbox, and each spelling of the address counted anew.
//
// Five in a day, because a person's busiest honest day needs four (a confirmation, one more after it went
// to spam, an erasure link, and that link again), plus one to spare. Counted per inbox (shared/mailbox.ts
// `inboxKey`: no +tag, and each provider's spellings of one inbox as one, shared/mail-providers.ts), in the
// store's shared limiter so every instance counts together (in memory on SQLite, whose one process is the
// only sender). A send that fails gives its count back, so a
// mail server's outage never spends anyone's budget. The replies to the visitor never depend on it.
import { inboxKey } from '../../shared/mail-providers'
import type { RateLimiter } from '../rate-limit'
import { DeliveryUnknownError, type Mailer } from './mailer'

export const mailboxBudget = { max: 5, windowMs: 24 * 60 * 60_000 }

/** The inbox has had its day's emails: this one is not sent, and not retried. */
export class OverBudgetError extends Error {
  constructor() {
    super(`the recipient's inbox has had its ${mailboxBudget.max} emails for the day`)
    this.name = 'OverBudgetError'
  }
}

export function budgetedMailer(mailer: Mailer, limiter: RateLimiter): Mailer {
  return {
    destination: mailer.destination,
    close: () => mailer.close(),
    async send(mail, options) {
      const key = `mailbox:${inboxKey(mail.to)}`
      if (!(await limiter.hit(key)).allowed) throw new OverBudgetError()
      try {
        await mailer.send(mail, options)
      } catch (error) {
        // An email that may have been delivered (cut after its end of DATA) keeps its count.
        if (!(error instanceof DeliveryUnknownError)) await Promise.resolve(limiter.refund(key)).catch(() => {})
        throw error
      }
    },
  }
}
