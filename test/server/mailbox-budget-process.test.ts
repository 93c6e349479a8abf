// @vitest-environment node
// The budget as npm start runs it: the real server process, its outbox delivering to a real SMTP server. Eight
// +tag spellings of one inbox sign up and ask for erasure; that inbox receives the day's budget and no more,
// and each mail names exactly one recipient.
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { mailboxBudget } from '../../server/mail/mailbox-budget'
import { inboxKey } from '../../shared/mail-providers'
import { canonicalAddress } from '../../shared/mailbox'
import { startInbox, type Inbox } from '../utils/smtp-inbox'
import { makeTempDir, queryDatabase, validSignup } from './harness'
import { startServerProcess, stopAll } from './processes'

let inbox: Inbox | undefined
let temp: Awaited<ReturnType<typeof makeTempDir>> | undefined
afterAll(async () => {
  stopAll()
  await inbox?.close()
  await temp?.remove()
})

it(`lets ${mailboxBudget.max} emails a day into one inbox from npm start, whatever the spelling or the flow`, async () => {
  inbox = await startInbox()
  temp = await makeTempDir()
  const databaseUrl = `file:${join(temp.dir, 'waitlist.db')}`
  const server = await startServerProcess({ DATABASE_URL: databaseUrl, SMTP_URL: inbox.url })
  const post = (path: string, body: unknown) =>
    fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(body) }).then((response) => response.json())
  const spellings = Array.from({ length: 8 }, (_, index) => `Target+${index}@Example.COM`)
  for (const email of spellings) expect(await post('/api/waitlist', { ...validSignup, email })).toMatchObject({ ok: true })
  for (const email of spellings) expect(await post('/api/waitlist/erase', { email })).toMatchObject({ ok: true })
  // Until the sender has finished every queued email: sent, or skipped as over the budget.
  const outbox = () => queryDatabase(databaseUrl, 'SELECT outcome, count(*) AS n FROM outbox GROUP BY outcome ORDER BY outcome')
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline && (await outbox()).reduce((sum, row) => sum + (row.outcome === null ? 0 : Number(row.n)), 0) < spellings.length * 2)
    await new Promise((resolve) => setTimeout(resolve, 200))
  expect(await outbox()).toEqual([
    { outcome: 'sent', n: mailboxBudget.max },
    { outcome: 'skipped', n: spellings.length * 2 - mailboxBudget.max },
  ])
  expect(inbox.mails).toHaveLength(mailboxBudget.max)
  for (const mail of inbox.mails) {
    expect(mail.rcptTo).toHaveLength(1)
    expect(inboxKey(canonicalAddress(mail.rcptTo[0]!)!)).toBe('target@example.com')
  }
})
