// @vitest-environment node
// Several instances sharing one PostgreSQL outbox (issue 12, point 1): a claim takes due entries with FOR
// UPDATE SKIP LOCKED and leases them, so
// - two real endpoint processes sending bursts (the same address to both at once among them) deliver every
//   confirmation exactly once, and both send;
// - an instance killed with -9 while it holds leases loses nothing: the survivor leaves the leased entries
//   alone while the lease lasts and delivers them once it has ended;
// - in-process, with a 500 ms lease and one sender whose mail server never answers, the other sender takes
//   the stuck batch only after its lease, and sends each of its entries once.
import type { ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailKinds } from '../../../../server/email-kinds'
import { startOutboxSender } from '../../../../server/platform/outbox/outbox-sender'
import { outboxStore } from '../../../../server/platform/outbox/outbox-store'
import { createMailer, type Mailer, type OutgoingMail } from '../../../../server/platform/mail/mailer'
import type { Stores } from '../../../../tools/open-store'
import { openStore } from '../../../../tools/open-store'
import { canonicalAddress } from '../../../../shared/mailbox'
import { startPostgres, type TestPostgres } from '../../../../tools/postgres'
import { startInbox, type Inbox } from '../../../../tools/smtp-inbox'
import { makeTempDir, queryDatabase, validSignup } from '../../harness'
import { killGroup, startServerProcess, stopAll, type ServerProcess } from '../../../../tools/processes'
import { until } from '../../../../tools/until'
import { systemClock } from '../../../../server/platform/clock/system-clock'
import { onlyOn } from '../../../utils/store-suite'

onlyOn('postgres', 'several instances on one database, which only PostgreSQL serves; this file starts a cluster of its own')

let cluster: TestPostgres
const closers: (() => Promise<unknown>)[] = []
beforeAll(async () => void (cluster = await startPostgres()), 90_000)
afterAll(async () => {
  stopAll()
  for (const close of closers.reverse()) await close().catch(() => {})
  cluster?.destroy()
})


async function inbox(): Promise<Inbox> {
  const started = await startInbox()
  closers.push(started.close)
  return started
}

/** An SMTP server that takes the message and never answers it: the client's send hangs (the mailer waits 10
 * minutes for that answer, RFC 5321 §4.5.3.2.6), so the process sending it holds its batch for as long as we like. */
async function silentSmtpServer(): Promise<{ url: string; messagesStarted: () => number }> {
  let started = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream) {
      started++
      stream.resume()
    },
  })
  // A connection the mailer closes may reset under the server; as a real server does, it carries on.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const { port } = server.server.address() as { port: number }
  return { url: `smtp://127.0.0.1:${port}`, messagesStarted: () => started }
}

const signUp = (server: ServerProcess, email: string) =>
  fetch(`${server.origin}/api/waitlist`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ ...validSignup, email }) }).then(
    async (response) => response.status === 200 && (await response.json()).ok === true,
  )

const recipient = (mail: ParsedMail) => [mail.to ?? []].flat().flatMap((to) => to.value.map((entry) => entry.address ?? ''))[0] ?? ''
const sender = (mail: ParsedMail) => mail.from?.value[0]?.address ?? ''
const countBy = <T>(items: T[], key: (item: T) => string) => {
  const counts = new Map<string, number>()
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1)
  return counts
}
/** Stores the signups (and their queued confirmations) through the store itself, with no sender running. */
async function addSignups(databaseUrl: string, addresses: string[]): Promise<void> {
  const store = await openStore(databaseUrl)
  try {
    for (const email of addresses)
      expect(await store.add({ email, emailNormalized: canonicalAddress(email)!, firstName: 'Ann', source: 'stride-marketing-site', submissionId: null })).toBe('added')
  } finally {
    await store.close()
  }
}
const received = (box: Inbox) => new Set(box.mails.map(recipient))

describe('two endpoint processes on one PostgreSQL outbox', () => {
  it('deliver every confirmation once, and both send', async () => {
    const databaseUrl = await cluster.createDatabase()
    const box = await inbox()
    const shared = { DATABASE_URL: databaseUrl, SMTP_URL: box.url, PUBLIC_SITE_URL: 'http://127.0.0.1:3000' }
    const [a, b] = await Promise.all([
      startServerProcess({ ...shared, MAIL_FROM: 'Instance A <a@stridehealth.example>' }),
      startServerProcess({ ...shared, MAIL_FROM: 'Instance B <b@stridehealth.example>' }),
    ])
    const count = 300
    const addresses = Array.from({ length: count }, (_, index) => `shared-${index}@example.com`)
    // Three bursts, spread over both instances; every fifth address goes to both at once.
    const startedAt = Date.now()
    for (let burst = 0; burst < 3; burst++) {
      const part = addresses.slice(burst * 100, burst * 100 + 100)
      const replies = await Promise.all(part.flatMap((email, index) => (index % 5 === 0 ? [a!, b!] : [index % 2 ? a! : b!]).map((instance) => signUp(instance, email))))
      expect(replies.every(Boolean)).toBe(true)
    }
    await until(() => addresses.every((address) => received(box).has(address)), 90_000, 'every address to get its email')
    const drainedMs = Date.now() - startedAt
    // Once both have stopped and the inbox has read all they sent, no late second copy can come.
    killGroup(a.child, 'SIGTERM')
    killGroup(b.child, 'SIGTERM')
    await Promise.all([a.exited, b.exited])
    await box.settled()
    const perAddress = countBy(box.mails, recipient)
    const perInstance = countBy(box.mails, sender)
    console.log(
      `two PostgreSQL instances, one outbox: ${count} addresses (${count / 5} sent to both at once), ${box.mails.length} emails, ` +
        `sent by A ${perInstance.get('a@stridehealth.example') ?? 0}, by B ${perInstance.get('b@stridehealth.example') ?? 0}, all delivered ${(drainedMs / 1000).toFixed(1)} s after the first signup`,
    )
    expect([...perAddress.keys()].sort()).toEqual([...addresses].sort())
    expect([...perAddress.entries()].filter(([, n]) => n !== 1)).toEqual([])
    expect(perInstance.get('a@stridehealth.example')).toBeGreaterThan(0)
    expect(perInstance.get('b@stridehealth.example')).toBeGreaterThan(0)
    // One entry per address even when both instances stored it at once, and each marked sent once.
    expect(await queryDatabase(databaseUrl, "SELECT count(*)::int AS n, count(*) FILTER (WHERE outcome = 'sent')::int AS sent FROM outbox")).toEqual([{ n: count, sent: count }])
  }, 60_000)

  it('lose nothing when one is killed with -9 holding leases: the survivor sends them once the lease ends', async () => {
    const databaseUrl = await cluster.createDatabase()
    const box = await inbox()
    const silent = await silentSmtpServer()
    const shared = { DATABASE_URL: databaseUrl, PUBLIC_SITE_URL: 'http://127.0.0.1:3000' }
    const count = 40
    const addresses = Array.from({ length: count }, (_, index) => `killed-${index}@example.com`)
    // Stored (each with its confirmation queued) before any sender runs, so that A's first claim is a full batch.
    await addSignups(databaseUrl, addresses)
    // A's mail server never answers, so A's first batch stays leased to it; B's is the good inbox, started
    // once A holds its batch.
    const a = await startServerProcess({ ...shared, SMTP_URL: silent.url, MAIL_FROM: 'Instance A <a@stridehealth.example>' })
    await until(() => silent.messagesStarted() > 0, 10_000, 'A to start sending')

    const leased = async () =>
      (
        await queryDatabase(
          databaseUrl,
          `SELECT s.email FROM outbox o JOIN signups s ON s.id = o.signup_id WHERE o.finished_at IS NULL AND o.claimed_until > now() ORDER BY o.id`,
        )
      ).map((row) => String(row.email))
    const heldByA = await leased()
    expect(heldByA).toEqual(addresses.slice(0, 10)) // one batch, the oldest entries
    const b = await startServerProcess({ ...shared, SMTP_URL: box.url, MAIL_FROM: 'Instance B <b@stridehealth.example>' })
    // B sends everything A has not leased; A's batch stays with A.
    await until(() => box.mails.length >= count - heldByA.length, 15_000, 'B to send all that is not leased')
    const unfinished = async () => Number((await queryDatabase(databaseUrl, 'SELECT count(*)::int AS n FROM outbox WHERE finished_at IS NULL'))[0]!.n)
    await until(async () => (await unfinished()) <= heldByA.length, 5000, 'B to mark sent what it sent')
    expect(await unfinished()).toBe(heldByA.length)
    expect(await leased()).toEqual(heldByA)
    killGroup(a.child, 'SIGKILL')
    await a.exited

    // A is dead, but its lease (60 s by default) still stands: B must not touch those entries yet. A new
    // signup's email, queued after them, arrives only once B has looked at the outbox since, and B sends in order
    // of due time: had B claimed A's entries, they would have come first.
    const probe = 'after-the-kill@example.com'
    expect(await signUp(b, probe)).toBe(true)
    await until(() => received(box).has(probe), 10_000, 'B to send the new signup’s email')
    // Its mark is written just after it arrives (the marks of sends that end together are gathered for a moment).
    await until(async () => (await unfinished()) <= heldByA.length, 5000, 'B to mark the new signup’s email sent')
    expect(await leased()).toEqual(heldByA)
    expect(heldByA.filter((address) => received(box).has(address))).toEqual([])
    expect(box.mails).toHaveLength(count - heldByA.length + 1)

    // The lease ends (moved to now rather than waiting the default 60 s; this is what the passing of time does).
    const endedAt = Date.now()
    await queryDatabase(databaseUrl, 'UPDATE outbox SET claimed_until = now() WHERE finished_at IS NULL AND claimed_until IS NOT NULL')
    await until(() => addresses.every((address) => received(box).has(address)), 10_000, 'B to send what A held')
    const takenOverMs = Date.now() - endedAt
    killGroup(b.child, 'SIGTERM')
    await b.exited
    await box.settled()
    const perAddress = countBy(box.mails, recipient)
    console.log(
      `kill -9 with leases: ${count} addresses, ${heldByA.length} leased by the killed instance, held back by the survivor while leased, ` +
        `delivered by it ${(takenOverMs / 1000).toFixed(1)} s after the lease ended; ${box.mails.length} emails, ${[...perAddress.values()].filter((n) => n > 1).length} twice`,
    )
    expect([...perAddress.keys()].sort()).toEqual([...addresses, probe].sort())
    expect([...perAddress.entries()].filter(([, n]) => n !== 1)).toEqual([])
    expect(new Set(box.mails.map(sender))).toEqual(new Set(['b@stridehealth.example']))
    expect(await queryDatabase(databaseUrl, "SELECT count(*)::int AS n FROM outbox WHERE outcome = 'sent'")).toEqual([{ n: count + 1 }])
    // A's attempt counts (the killed claim counts as one) show the takeover: those entries were claimed twice.
    const attempts = await queryDatabase(databaseUrl, 'SELECT s.email, o.attempts FROM outbox o JOIN signups s ON s.id = o.signup_id')
    expect(attempts.filter((row) => Number(row.attempts) === 2).map((row) => String(row.email)).sort()).toEqual([...heldByA].sort())
  }, 60_000)
})

describe('two in-process senders on separate pools', () => {
  it('take over a stuck sender’s batch once it gives the batch back or its lease ends, and send each entry once', async () => {
    const databaseUrl = await cluster.createDatabase()
    const temp = await makeTempDir()
    closers.push(temp.remove)
    const box = await inbox()
    const storeA: Stores = await openStore(databaseUrl)
    const storeB: Stores = await openStore(databaseUrl)
    closers.push(() => storeA.close(), () => storeB.close())
    const leaseMs = 500
    const links = { siteUrl: 'http://127.0.0.1:3000', apiUrl: 'http://127.0.0.1:3000' }

    const count = 30
    const addresses = Array.from({ length: count }, (_, index) => `lease-${index}@example.com`)
    await addSignups(databaseUrl, addresses)

    // A claims a batch, then its mail server hangs forever: each send of A's is stopped after its budget.
    const claimedByA: { ids: number[]; at: number }[] = []
    const outboxA = outboxStore(storeA.database)
    const hanging: Mailer = {
      destination: 'nowhere',
      send: (_mail, { signal } = {}) => new Promise<void>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error))),
      close: () => {},
    }
    // A stuck process claims once and never again.
    const recordingClaims = async (...args: Parameters<typeof outboxA.claim>) => {
      if (claimedByA.length > 0) return []
      const entries = await outboxA.claim(...args)
      claimedByA.push({ ids: entries.map((entry) => entry.id), at: Date.now() })
      return entries
    }
    // Stopped after the test (as B is), or its poll would run on into the files after this one.
    const senderA = startOutboxSender({
      outbox: { ...outboxA, claim: recordingClaims },
      kinds: emailKinds(storeA.database, { links }),
      mailer: hanging,
      leaseMs,
      sendBudgetMs: leaseMs / 2,
      pollMs: 50,
      now: systemClock,
    })
    closers.push(() => senderA.stop())
    await until(() => claimedByA.length > 0, 5000, 'A to claim')
    const heldByA = claimedByA[0]!
    expect(heldByA.ids).toHaveLength(10)

    // B: a real SMTP mailer into the inbox; it records when it sent what.
    const real = createMailer({ smtpUrl: box.url, mailFrom: 'Instance B <b@stridehealth.example>', mailDir: temp.dir })
    closers.push(async () => real.close())
    const sentAt = new Map<string, number>()
    const recording: Mailer = {
      destination: real.destination,
      send: async (mail: OutgoingMail) => {
        await real.send(mail)
        sentAt.set(mail.to, Date.now())
      },
      close: real.close,
    }
    const senderB = startOutboxSender({ outbox: outboxStore(storeB.database), kinds: emailKinds(storeB.database, { links }), mailer: recording, leaseMs, pollMs: 50, now: systemClock })
    closers.push(() => senderB.stop())

    await until(() => sentAt.size === count, 10_000, 'B to send everything')
    // A's mail server delivers nothing: once B is idle (every send of its marked), nothing more will come.
    await senderB.idle()
    const idToEmail = new Map(
      (await queryDatabase(databaseUrl, 'SELECT o.id, s.email FROM outbox o JOIN signups s ON s.id = o.signup_id')).map((row) => [Number(row.id), String(row.email)]),
    )
    const heldEmails = heldByA.ids.map((id) => idToEmail.get(id)!)
    const earliestTakeover = Math.min(...heldEmails.map((email) => sentAt.get(email)!)) - heldByA.at
    const perAddress = countBy(box.mails, recipient)
    console.log(
      `in-process lease takeover (lease ${leaseMs} ms): ${count} entries, ${heldEmails.length} stuck with A, taken by B ${earliestTakeover} ms after A's claim; ` +
        `${box.mails.length} emails, ${[...perAddress.values()].filter((n) => n > 1).length} twice`,
    )
    // A's first send is stopped after its budget (half the lease here) and tried again later; the rest of A's
    // batch is B's once its lease ends: nobody else touches A's entries before that (clock rounding aside).
    expect(earliestTakeover).toBeGreaterThanOrEqual(leaseMs / 2 - 20)
    expect([...perAddress.keys()].sort()).toEqual([...addresses].sort())
    expect([...perAddress.entries()].filter(([, n]) => n !== 1)).toEqual([])
    expect((await outboxStore(storeB.database).stats(new Date())).waiting).toBe(0)
  }, 90_000)
})
