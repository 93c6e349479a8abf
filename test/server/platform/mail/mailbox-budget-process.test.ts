// @vitest-environment node
// The budget as npm start runs it: the real server process, its outbox delivering to a real SMTP server. Eight
// +tag spellings of one inbox sign up and ask for erasure; that inbox receives one email of each kind and the
// spare ones, no more, each naming exactly one recipient, and every other email waits for its turn (at most
// 10 minutes away), none dropped.
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { mailboxBudget } from '../../../../server/platform/mail/mailbox-budget'
import { inboxKey } from '../../../../shared/mail-providers'
import { canonicalAddress } from '../../../../shared/mailbox'
import { startInbox, type Inbox } from '../../../../tools/smtp-inbox'
import { makeTempDir, queryDatabase, validSignup } from '../../harness'
import { startServerProcess, stopAll } from '../../../../tools/processes'
import { until } from '../../../../tools/until'
import { onlyOn } from '../../../utils/store-suite'

onlyOn('sqlite', "the budget as the real process runs it, on a file; the budget's store runs on both engines in nobody-locked-out.test.ts")

let inbox: Inbox | undefined
let temp: Awaited<ReturnType<typeof makeTempDir>> | undefined
afterAll(async () => {
  stopAll()
  await inbox?.close()
  await temp?.remove()
})

const atOnce = 2 * mailboxBudget.perKind.max + mailboxBudget.spare.max

it(`lets ${atOnce} emails at once into one inbox from npm start, whatever the spelling or the flow, and keeps the rest for their turn`, async () => {
  inbox = await startInbox()
  temp = await makeTempDir()
  const databaseUrl = `file:${join(temp.dir, 'waitlist.db')}`
  const server = await startServerProcess({ DATABASE_URL: databaseUrl, SMTP_URL: inbox.url })
  const post = (path: string, body: unknown) =>
    fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(body) }).then((response) => response.json())
  const spellings = Array.from({ length: 8 }, (_, index) => `Target+${index}@Example.COM`)
  for (const email of spellings) expect(await post('/api/waitlist', { ...validSignup, email })).toMatchObject({ ok: true })
  for (const email of spellings) expect(await post('/api/waitlist/erase', { email })).toMatchObject({ ok: true })
  // Until the sender has tried every queued email once: sent, or put back to wait for the budget.
  const outbox = () => queryDatabase(databaseUrl, 'SELECT outcome, count(*) AS n FROM outbox GROUP BY outcome ORDER BY outcome')
  const tried = () => queryDatabase(databaseUrl, 'SELECT count(*) AS n FROM outbox WHERE outcome IS NOT NULL OR last_error IS NOT NULL')
  await until(async () => Number((await tried())[0]!.n) >= spellings.length * 2, 15_000, 'every queued email to be tried once')
  expect(await outbox()).toEqual([
    { outcome: null, n: spellings.length * 2 - atOnce },
    { outcome: 'sent', n: atOnce },
  ])
  const waiting = await queryDatabase(databaseUrl, 'SELECT next_attempt_at FROM outbox WHERE outcome IS NULL')
  for (const { next_attempt_at } of waiting) expect(Date.parse(String(next_attempt_at))).toBeLessThanOrEqual(Date.now() + mailboxBudget.perKind.windowMs)
  expect(inbox.mails).toHaveLength(atOnce)
  for (const mail of inbox.mails) {
    expect(mail.rcptTo).toHaveLength(1)
    expect(inboxKey(canonicalAddress(mail.rcptTo[0]!)!)).toBe('target@example.com')
  }
})
