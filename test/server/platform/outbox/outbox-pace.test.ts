// @vitest-environment node
// Sending at the provider's pace (issue 49), on each engine, through a real SMTP server:
// - several emails in flight at once (MAIL_CONCURRENCY), each delivered once, their marks written several to a commit;
// - the "send begun" marks of a kind that goes at most once, several to a commit, a failing one failing only its email;
// - a cap a minute per receiving domain: what is over it waits (not failed, not dropped), other domains go on;
// - the warm-up: a daily cap of list emails that grows each day from its start, which emails someone asked for pass;
// - on PostgreSQL, two senders on pools of their own (two instances) share one domain cap.
// The kinds here are a test's own, registered as a feature's are (outbox-kinds.ts), their addresses by subject id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailKinds } from '../../../../server/email-kinds'
import { createMailer, type Mailer } from '../../../../server/platform/mail/mailer'
import { sendPaceOver, warmUpCap } from '../../../../server/platform/mail/send-pace'
import type { OutboxKind } from '../../../../server/platform/outbox/outbox-kinds'
import { enqueue } from '../../../../server/platform/outbox/outbox-queue'
import { startOutboxSender, type OutboxSender } from '../../../../server/platform/outbox/outbox-sender'
import { outboxStore, type OutboxStore } from '../../../../server/platform/outbox/outbox-store'
import { openStore, type Stores } from '../../../../tools/open-store'
import { startInbox, type Inbox } from '../../../../tools/smtp-inbox'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'

const links = { siteUrl: 'http://127.0.0.1:3000', apiUrl: 'http://127.0.0.1:3000' }

/** A test's kind: entry `subjectId` n goes to addresses[n]; `bulk` says whether the warm-up counts it. */
function addressedKind(name: string, addresses: Map<number, string>, bulk: boolean): OutboxKind {
  return {
    name,
    bulk,
    load: async (entries) => entries.map((entry) => ({ address: addresses.get(entry.subjectId!)!, vouched: true })),
    sends: () => true,
    render: async (to) => ({ to: to.address, subject: name, text: 'Hello', html: '<p>Hello</p>', links: [] }),
  }
}

/** Queues one email of `kind` per address, and says which subject id each has. */
async function queue(store: Stores, kind: string, list: string[], addresses: Map<number, string>, at = new Date()): Promise<void> {
  const first = addresses.size + 1
  list.forEach((address, index) => addresses.set(first + index, address))
  await enqueue(
    store.database.db,
    list.map((_, index) => ({ kind, subjectId: first + index, at })),
  )
}

describe.each(eachEngine())('the pace on $engine', (engine: EngineUnderTest) => {
  let inbox: Inbox
  const closers: (() => Promise<unknown> | void)[] = []
  beforeAll(async () => {
    await engine.setup()
    inbox = await startInbox()
  }, 90_000)
  afterAll(async () => {
    for (const close of closers.reverse()) await close()
    await inbox.close()
    await engine.teardown()
  })

  async function open() {
    const store = await openStore(await engine.newDatabase())
    closers.push(() => store.close())
    return store
  }
  function smtpMailer(connections: number): Mailer {
    const mailer = createMailer({ smtpUrl: inbox.url, mailFrom: 'Stride Health <no-reply@stridehealth.example>', mailDir: 'not-used-with-smtp', connections })
    closers.push(() => mailer.close())
    return mailer
  }
  /** Every mailer closed (their pooled connections with them), then all they sent read by the inbox. */
  async function settled(...mailers: Mailer[]) {
    for (const mailer of mailers) mailer.close()
    await inbox.settled()
  }
  const to = (address: string) => inbox.mails.filter((mail) => mail.rcptTo.includes(address))
  const unfinished = async (store: Stores) => Number((await store.database.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('finished_at', 'is', null).executeTakeFirstOrThrow()).n)

  it('has several emails in flight at once, delivers each once, and writes their marks several to a commit', async () => {
    const store = await open()
    const addresses = new Map<number, string>()
    const list = Array.from({ length: 40 }, (_, index) => `many-${index}@concurrent.example`)
    await queue(store, 'many', list, addresses)
    const smtp = smtpMailer(4)
    let inFlight = 0
    let most = 0
    const counting: Mailer = {
      ...smtp,
      async send(mail, options) {
        most = Math.max(most, ++inFlight)
        try {
          await smtp.send(mail, options)
        } finally {
          inFlight--
        }
      },
    }
    const outbox = outboxStore(store.database)
    const marks: number[] = []
    const counted: OutboxStore = {
      ...outbox,
      finish: async (...args) => void (marks.push(1), await outbox.finish(...args)),
      finishAll: async (all, at) => void (marks.push(all.length), await outbox.finishAll(all, at)),
    }
    const kinds = emailKinds(store.database, { links }).register(addressedKind('many', addresses, false))
    const sender: OutboxSender = startOutboxSender({ outbox: counted, kinds, mailer: counting, concurrency: 4, pollMs: 50, now: () => new Date() })
    closers.push(() => sender.stop())
    await sender.idle()
    await sender.stop()
    await settled(smtp)
    expect(list.filter((address) => to(address).length !== 1)).toEqual([])
    expect(most).toBeGreaterThan(1)
    expect(most).toBeLessThanOrEqual(4)
    expect(await unfinished(store)).toBe(0)
    // 40 emails, fewer commits for their marks than emails: several to a commit.
    expect(marks.reduce((sum, n) => sum + n, 0)).toBe(40)
    expect(marks.length).toBeLessThan(40)
    expect(Math.max(...marks)).toBeGreaterThan(1)
  })

  it('commits the begins of a kind that goes at most once several together, and a begin that fails stops only its own email', async () => {
    const store = await open()
    const addresses = new Map<number, string>()
    const list = Array.from({ length: 40 }, (_, index) => `once-${index}@concurrent.example`)
    const refused = list[17]!
    await queue(store, 'once', list, addresses)
    const begun: string[] = []
    const once: OutboxKind = {
      ...addressedKind('once', addresses, true),
      // A real statement in the sender's transaction, and a fault for one address: its group's commit fails with it.
      async begin(trx, to) {
        await trx.updateTable('outbox').set({ last_error: null }).where('id', '=', -1).execute()
        if (to.address === refused) throw new Error('this begin cannot be written')
        begun.push(to.address)
        return true
      },
    }
    const outbox = outboxStore(store.database)
    const groups: number[] = []
    const counted: OutboxStore = { ...outbox, beginAll: async (all) => (groups.push(all.length), outbox.beginAll(all)) }
    const kinds = emailKinds(store.database, { links }).register(once)
    const mailer = smtpMailer(8)
    const sender = startOutboxSender({ outbox: counted, kinds, mailer, concurrency: 8, pollMs: 3_600_000, now: () => new Date() })
    closers.push(() => sender.stop())
    await sender.idle()
    await sender.stop()
    await settled(mailer)
    // Every other email went once; the one whose begin failed did not go, and waits for its retry.
    expect(list.filter((address) => address !== refused && to(address).length !== 1)).toEqual([])
    expect(to(refused)).toEqual([])
    expect(await unfinished(store)).toBe(1)
    // Fewer commits than emails: the begins asked while one commit ran went together in the next.
    expect(groups.length).toBeLessThan(40)
    expect(Math.max(...groups)).toBeGreaterThan(1)
    expect(new Set(begun).size).toBe(39)
  })

  it('caps the emails a minute to one receiving domain: the rest wait, other domains go on', async () => {
    const store = await open()
    const addresses = new Map<number, string>()
    const capped = Array.from({ length: 6 }, (_, index) => `capped-${index}@one-domain.example`)
    const other = Array.from({ length: 3 }, (_, index) => `free-${index}@other-domain.example`)
    await queue(store, 'capped', [...capped, ...other], addresses)
    const kinds = emailKinds(store.database, { links }).register(addressedKind('capped', addresses, false))
    const pace = sendPaceOver(store.database.rateLimiter, { domainPerMinute: 3, warmUp: undefined })
    const mailer = smtpMailer(4)
    const sender = startOutboxSender({ outbox: outboxStore(store.database), kinds, mailer, pace, concurrency: 4, pollMs: 3_600_000, now: () => new Date() })
    closers.push(() => sender.stop())
    await sender.idle()
    await sender.stop()
    await settled(mailer)
    expect(capped.filter((address) => to(address).length === 1)).toHaveLength(3)
    expect(capped.filter((address) => to(address).length > 1)).toEqual([])
    expect(other.filter((address) => to(address).length !== 1)).toEqual([])
    // The three over the cap wait for the next minute: unfinished, due within it, none failed.
    const waiting = await store.database.db.selectFrom('outbox').select(['next_attempt_at', 'outcome', 'last_error']).where('finished_at', 'is', null).execute()
    expect(waiting).toHaveLength(3)
    for (const row of waiting) {
      expect(new Date(row.next_attempt_at).getTime() - Date.now()).toBeGreaterThan(0)
      expect(new Date(row.next_attempt_at).getTime() - Date.now()).toBeLessThanOrEqual(61_000)
      expect(row.last_error).toMatch(/one-domain\.example has had its 3 emails this minute/)
    }
  })

  it('holds list emails to the warm-up’s daily cap, which grows each day; an email someone asked for passes', async () => {
    const store = await open()
    const addresses = new Map<number, string>()
    const bulk = Array.from({ length: 10 }, (_, index) => `news-${index}@warm.example`)
    const asked = Array.from({ length: 4 }, (_, index) => `asked-${index}@warm.example`)
    await queue(store, 'news', bulk, addresses)
    await queue(store, 'asked', asked, addresses)
    const kinds = emailKinds(store.database, { links }).register(addressedKind('news', addresses, true), addressedKind('asked', addresses, false))
    // Day 0 of the warm-up allows 4 list emails; day 1, 50 % more: 6.
    const day0 = new Date()
    const from = day0.toISOString().slice(0, 10)
    const warmUp = { start: 4, growthPercent: 50, from }
    expect(warmUpCap(warmUp, day0)).toBe(4)
    const day1 = new Date(Date.UTC(day0.getUTCFullYear(), day0.getUTCMonth(), day0.getUTCDate() + 1, 0, 0, 5))
    expect(warmUpCap(warmUp, day1)).toBe(6)
    expect(warmUpCap(warmUp, new Date(day1.getTime() + 4 * 86_400_000))).toBe(30) // 4 × 1.5⁵ = 30.375
    const pace = sendPaceOver(store.database.rateLimiter, { domainPerMinute: undefined, warmUp })
    let clock = day0
    const first = smtpMailer(2)
    const sender = startOutboxSender({ outbox: outboxStore(store.database), kinds, mailer: first, pace, concurrency: 2, pollMs: 3_600_000, now: () => clock })
    closers.push(() => sender.stop())
    await sender.idle()
    await sender.stop()
    await settled(first)
    const sentOf = (list: string[]) => list.filter((address) => to(address).length === 1).length
    expect(sentOf(asked)).toBe(4)
    expect(sentOf(bulk)).toBe(4)
    // The six over it wait for the next UTC day.
    const waiting = await store.database.db.selectFrom('outbox').select(['next_attempt_at']).where('finished_at', 'is', null).execute()
    expect(waiting.map((row) => new Date(row.next_attempt_at).getTime() >= day1.getTime() - 5000)).toEqual(Array(6).fill(true))
    // The next day: six more may go, and the six waiting do.
    clock = day1
    const next = smtpMailer(2)
    const nextDay = startOutboxSender({ outbox: outboxStore(store.database), kinds, mailer: next, pace, concurrency: 2, pollMs: 3_600_000, now: () => clock })
    closers.push(() => nextDay.stop())
    await nextDay.idle()
    await nextDay.stop()
    await settled(next)
    expect(sentOf(bulk)).toBe(10)
    expect(bulk.filter((address) => to(address).length > 1)).toEqual([])
    expect(await unfinished(store)).toBe(0)
  })

  it.runIf(engine.engine === 'postgres')('keeps one domain cap for two instances on one database', async () => {
    const databaseUrl = await engine.newDatabase()
    const [a, b] = [await openStore(databaseUrl), await openStore(databaseUrl)]
    closers.push(() => a.close(), () => b.close())
    const addresses = new Map<number, string>()
    const list = Array.from({ length: 30 }, (_, index) => `shared-${index}@shared-domain.example`)
    await queue(a, 'shared', list, addresses)
    const from = (store: Stores, name: string) => {
      const smtp = smtpMailer(4)
      const sent: string[] = []
      const mailer: Mailer = { ...smtp, send: async (mail, options) => void (await smtp.send(mail, options), sent.push(mail.to)) }
      const kinds = emailKinds(store.database, { links }).register(addressedKind('shared', addresses, false))
      const pace = sendPaceOver(store.database.rateLimiter, { domainPerMinute: 10, warmUp: undefined })
      const sender = startOutboxSender({ outbox: outboxStore(store.database), kinds, mailer, pace, concurrency: 4, batchSize: 4, pollMs: 3_600_000, now: () => new Date() })
      closers.push(() => sender.stop())
      return { name, sender, sent, smtp }
    }
    const senders = [from(a, 'a'), from(b, 'b')]
    await Promise.all(senders.map(({ sender }) => sender.idle()))
    await Promise.all(senders.map(({ sender }) => sender.stop()))
    await settled(...senders.map(({ smtp }) => smtp))
    // Ten in the minute for both together, not ten each; both took part; the other twenty wait.
    const delivered = list.filter((address) => to(address).length > 0)
    expect(delivered).toHaveLength(10)
    expect(list.filter((address) => to(address).length > 1)).toEqual([])
    expect(senders.map(({ sent }) => sent.length).reduce((sum, n) => sum + n, 0)).toBe(10)
    expect(senders.every(({ sent }) => sent.length > 0)).toBe(true)
    expect(await unfinished(a)).toBe(20)
  })
})
