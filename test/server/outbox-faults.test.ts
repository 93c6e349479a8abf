// @vitest-environment node
// The outbox under faults, with real processes and real SMTP:
// - SQLite: signups arrive while the mail server is down, so their confirmations queue and fail with backoff;
//   the endpoint is killed with -9, the mail server comes back, the endpoint restarts: every queued email
//   arrives, and none twice outside the one batch in flight at the kill.
// - PostgreSQL: two instances share one outbox; every confirmation arrives exactly once, and both send.
import { join } from 'node:path'
import type { ParsedMail } from 'mailparser'
import { afterAll, expect, it } from 'vitest'
import { startPostgres, type TestPostgres } from '../utils/postgres'
import { startInbox, type Inbox } from '../utils/smtp-inbox'
import { freePort, makeTempDir, queryDatabase, validSignup } from './harness'
import { killGroup, startServerProcess, stopAll, type ServerProcess } from './processes'

const inboxes: Inbox[] = []
let cluster: TestPostgres | undefined
let temp: Awaited<ReturnType<typeof makeTempDir>> | undefined
afterAll(async () => {
  stopAll()
  await Promise.all(inboxes.map((inbox) => inbox.close()))
  cluster?.destroy()
  await temp?.remove()
})

const signUp = (server: ServerProcess, email: string) =>
  fetch(`${server.origin}/api/waitlist`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ ...validSignup, email }) }).then(
    async (response) => response.status === 200 && (await response.json()).ok === true,
  )

const recipient = (mail: ParsedMail) => [mail.to ?? []].flat().flatMap((to) => to.value.map((entry) => entry.address ?? ''))[0] ?? ''

/** Waits until every address has at least one mail in the inbox (or the time is up), then a moment more for late doubles. */
async function collect(inbox: Inbox, addresses: string[], timeoutMs: number): Promise<Map<string, ParsedMail[]>> {
  const deadline = Date.now() + timeoutMs
  const received = () => new Set(inbox.mails.map(recipient))
  while (Date.now() < deadline && !addresses.every((address) => received().has(address))) await new Promise((resolve) => setTimeout(resolve, 100))
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const byAddress = new Map<string, ParsedMail[]>()
  for (const mail of inbox.mails) byAddress.set(recipient(mail), [...(byAddress.get(recipient(mail)) ?? []), mail])
  return byAddress
}

it('queues confirmations while SMTP is down, keeps them across a kill -9, and delivers each once when it is back', async () => {
  temp = await makeTempDir()
  const databaseUrl = `file:${join(temp.dir, 'waitlist.db')}`
  const smtpPort = await freePort()
  const env = { DATABASE_URL: databaseUrl, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, PUBLIC_SITE_URL: 'http://127.0.0.1:3000', MAIL_DIR: join(temp.dir, 'mail') }
  const count = 40
  const addresses = Array.from({ length: count }, (_, index) => `queued-${index}@example.com`)

  // Nothing listens on the SMTP port: every send fails at once and is retried with backoff.
  const first = await startServerProcess(env)
  const acknowledged = await Promise.all(addresses.map((email) => signUp(first, email)))
  expect(acknowledged.every(Boolean)).toBe(true)
  await new Promise((resolve) => setTimeout(resolve, 3000)) // attempt 1 at once, attempt 2 about 2 s later
  const outbox = await queryDatabase(databaseUrl, 'SELECT attempts, last_error, finished_at, created_at, next_attempt_at FROM outbox')
  expect(outbox).toHaveLength(count)
  expect(outbox.every((entry) => entry.finished_at === null && Number(entry.attempts) >= 1 && String(entry.last_error).length > 0)).toBe(true)
  const retriedTwice = outbox.filter((entry) => Number(entry.attempts) >= 2)
  const waitsMs = outbox.map((entry) => Date.parse(String(entry.next_attempt_at)) - Date.parse(String(entry.created_at)))
  expect(Math.min(...waitsMs)).toBeGreaterThanOrEqual(1600) // 2 s −20 % after the first failure
  if (retriedTwice.length > 0) expect(Math.max(...waitsMs)).toBeGreaterThan(4000) // then about 2 + 4 s
  expect(first.output()).toMatch(/outbox: email #\d+ not sent \(attempt 1\), trying again in \d+ s/)

  killGroup(first.child, 'SIGKILL')
  await first.exited
  const inbox = await startInbox(smtpPort)
  inboxes.push(inbox)
  const restartedAt = Date.now()
  const second = await startServerProcess(env)
  const byAddress = await collect(inbox, addresses, 30_000)
  const drainedMs = Date.now() - restartedAt
  const duplicates = [...byAddress.values()].filter((mails) => mails.length > 1).length
  console.log(
    `SMTP down, kill -9, SMTP back, restart: ${count} signups acknowledged, ${outbox.length} queued (${retriedTwice.length} tried twice before the kill), ` +
      `${byAddress.size} addresses delivered, ${duplicates} twice, ${inbox.mails.length} emails in all, drained ${(drainedMs / 1000).toFixed(1)} s after the restart`,
  )
  expect([...byAddress.keys()].sort()).toEqual([...addresses].sort())
  expect(duplicates).toBeLessThanOrEqual(10) // at most the one batch in flight at the kill
  expect(await queryDatabase(databaseUrl, 'SELECT count(*) AS n FROM signups')).toEqual([{ n: count }])
  expect(await queryDatabase(databaseUrl, "SELECT count(*) AS n FROM outbox WHERE outcome = 'sent'")).toEqual([{ n: count }])
  killGroup(second.child, 'SIGTERM')
  await second.exited
}, 60_000)

it('lets two PostgreSQL instances share one outbox: every confirmation once, sent by both', async () => {
  cluster = await startPostgres()
  const databaseUrl = await cluster.createDatabase()
  const inbox = await startInbox()
  inboxes.push(inbox)
  const shared = { DATABASE_URL: databaseUrl, SMTP_URL: inbox.url, PUBLIC_SITE_URL: 'http://127.0.0.1:3000' }
  const instances = [
    await startServerProcess({ ...shared, MAIL_FROM: 'Instance A <a@stridehealth.example>' }),
    await startServerProcess({ ...shared, MAIL_FROM: 'Instance B <b@stridehealth.example>' }),
  ]
  const count = 200
  const addresses = Array.from({ length: count }, (_, index) => `shared-${index}@example.com`)
  // Spread over both, and every fifth address sent to both at once.
  const results = await Promise.all(
    addresses.flatMap((email, index) => (index % 5 === 0 ? instances : [instances[index % 2]!]).map((instance) => signUp(instance, email))),
  )
  expect(results.every(Boolean)).toBe(true)
  const byAddress = await collect(inbox, addresses, 30_000)
  const senders = new Map<string, number>()
  for (const mail of inbox.mails) senders.set(mail.from?.value[0]?.address ?? '', (senders.get(mail.from?.value[0]?.address ?? '') ?? 0) + 1)
  console.log(`two PostgreSQL instances, one outbox: ${count} addresses, ${inbox.mails.length} emails, sent by A ${senders.get('a@stridehealth.example') ?? 0}, by B ${senders.get('b@stridehealth.example') ?? 0}`)
  expect([...byAddress.keys()].sort()).toEqual([...addresses].sort())
  expect([...byAddress.values()].filter((mails) => mails.length !== 1)).toEqual([])
  expect(senders.get('a@stridehealth.example')).toBeGreaterThan(0)
  expect(senders.get('b@stridehealth.example')).toBeGreaterThan(0)
}, 90_000)
