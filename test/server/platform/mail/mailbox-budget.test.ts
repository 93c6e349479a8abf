// @vitest-environment node
// The per-inbox budget (server/platform/mail/mailbox-budget.ts) counts an inbox by its provider's rules
// (shared/mail-providers.ts), the same key the referral rule reads: the spellings Proton, Fastmail, Yahoo and
// iCloud deliver into one inbox share its count: one email of a kind, then the day's spare ones. A real mailer, delivering to a real SMTP server.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMailer } from '../../../../server/platform/mail/mailer'
import { mailboxBudget, mailboxBudgetOver, OverBudgetError } from '../../../../server/platform/mail/mailbox-budget'
import { createRateLimiter } from '../../../../server/platform/http/rate-limit'
import { startInbox, type Inbox } from '../../../../tools/smtp-inbox'
import { makeTempDir } from '../../harness'

let inbox: Inbox
let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeAll(async () => {
  inbox = await startInbox()
  temp = await makeTempDir()
})
afterAll(async () => {
  await inbox.close()
  await temp.remove()
})

it.each([
  ['Proton', ['john@proton.me', 'j.ohn@pm.me', 'jo_hn@protonmail.com', 'j-o-hn+x@protonmail.ch', 'jo.h.n@proton.me', 'jo.hn@pm.me', 'john+y@pm.me']],
  ['Fastmail', ['ann@fastmail.com', 'ann+a@fastmail.com', 'shop@ann.fastmail.com', 'news@ann.fastmail.com', 'bank@ann.fastmail.com', 'x@ann.fastmail.com', 'y@ann.fastmail.com']],
  ['Yahoo', ['bea@yahoo.com', 'bea-a@yahoo.com', 'bea-b@yahoo.com', 'bea-c@yahoo.com', 'bea+d@yahoo.com', 'bea-e@yahoo.com', 'bea-f@yahoo.com']],
  ['iCloud', ['cy@icloud.com', 'cy@me.com', 'cy@mac.com', 'cy+a@icloud.com', 'cy+b@me.com', 'cy+c@mac.com', 'cy+d@icloud.com']],
])('lets one confirmation and the spare ones into one %s inbox, whatever the spelling', async (_provider, spellings) => {
  const mailer = createMailer({ smtpUrl: inbox.url, mailFrom: 'Stride Health <no-reply@stridehealth.example>', mailDir: temp.dir })
  const budget = mailboxBudgetOver((options) => createRateLimiter(options))
  try {
    const sent = await Promise.allSettled(
      spellings.map((to) => budget.send(mailer, 'confirm', to, false, async () => ({ to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>', links: [] }))),
    )
    expect(sent.filter((result) => result.status === 'fulfilled')).toHaveLength(mailboxBudget.perKind.max + mailboxBudget.spare.max)
    for (const result of sent.filter((result) => result.status === 'rejected')) expect(result.reason).toBeInstanceOf(OverBudgetError)
  } finally {
    mailer.close()
  }
})
