// @vitest-environment node
// The retention sweep (server/platform/retention/), against both engines, over the composition's stores with
// the outbox sender mailing into memory, on a clock the test moves: link tokens a day past their end go, live
// ones stay and still work; emails finished 30 days ago go, recent and unfinished ones stay, and an erasure asked
// again within 10 minutes still finds the first; no other table changes (the consent record, what erasure keeps,
// the funnel); a sweep of many rows goes in batches no larger than its limit, with a signup stored between them;
// the composition's sweep runs at once, says what it removed in one line, counts it, and stops between batches.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { noConsentRecord } from '../../../../server/features/signup/validate'
import type { Database } from '../../../../server/platform/database/database'
import { openDatabase } from '../../../../server/platform/database/open'
import type { OutgoingMail } from '../../../../server/platform/mail/mailer'
import { createLogger } from '../../../../server/platform/observability/logger'
import { createMetrics } from '../../../../server/platform/observability/metrics'
import type { OutboxSender } from '../../../../server/platform/outbox/outbox-sender'
import { retention, retentionRules, type RetentionTable } from '../../../../server/platform/retention/retention'
import { startRetentionSchedule } from '../../../../server/platform/retention/retention-schedule'
import { saveLinkTokens } from '../../../../server/platform/secrets/link-tokens'
import { hashSecret, newSecret } from '../../../../server/platform/secrets/tokens'
import { featureMigrations } from '../../../../server/feature-migrations'
import { canonicalAddress } from '../../../../shared/mailbox'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { logLines } from '../../../utils/log-lines'
import { memoryMailer } from '../../../../tools/memory-mailer'
import { composeForTests, type Stores } from '../../../../tools/open-store'
import { validSignup } from '../../harness'

const minute = 60_000
const hour = 60 * minute
const day = 24 * hour

describe.each(eachEngine())('retention on $engine', (engine: EngineUnderTest) => {
  const opened: { stores: Stores; sender: OutboxSender }[] = []
  beforeAll(() => engine.setup(), 60_000)
  afterAll(async () => {
    for (const { stores, sender } of opened) {
      await sender.stop()
      await stores.close().catch(() => {})
    }
    await engine.teardown()
  })

  async function fresh(options: Pick<Parameters<typeof composeForTests>[1] & object, 'log' | 'metrics'> = {}) {
    const database = await openDatabase(await engine.newDatabase(), { migrations: featureMigrations })
    const clock = { at: Date.parse('2026-12-01T08:00:00Z') }
    const now = () => new Date(clock.at)
    const mailer = memoryMailer()
    const { composition, stores } = composeForTests(database, { mailer, now, publicUrl: 'https://site.example', ...options })
    const sender = await stores.startSender({ pollMs: hour, budget: undefined })
    opened.push({ stores, sender })
    const { db } = database
    const idOf = async (email: string) => (await db.selectFrom('signups').select('id').where('email_normalized', '=', canonicalAddress(email)!).executeTakeFirstOrThrow()).id
    const join = (email: string) => stores.add({ ...validSignup, email, emailNormalized: canonicalAddress(email)!, submissionId: null, consent: noConsentRecord })
    /** Joins and lets the sender send what that queued. */
    const joined = async (email: string) => {
      await join(email)
      await stores.settled()
      await sender.idle()
      return idOf(email)
    }
    const linkHash = (mail: OutgoingMail, label: string) => hashSecret(new URL(mail.links!.find((link) => link.label === label)!.url).searchParams.get('token')!)
    const lastMail = (email: string, label: string) => mailer.sent.filter((mail) => mail.to === email && mail.links?.some((link) => link.label === label)).at(-1)!
    const tokenHashes = async () => (await db.selectFrom('consent_tokens').select('token_hash').execute()).map((row) => row.token_hash).sort()
    const emailIds = async () => (await db.selectFrom('outbox').select('id').orderBy('id').execute()).map((row) => Number(row.id))
    return { database, composition, stores, sender, db, clock, now, mailer, idOf, join, joined, linkHash, lastMail, tokenHashes, emailIds }
  }

  /** Tokens for `personId` ending at each of `ends`; their hashes, in order. */
  async function tokensEnding(database: Database, personId: number, ...ends: Date[]) {
    const tokens = ends.map((expiresAt) => ({ hash: hashSecret(newSecret()), purpose: 'confirm', personId, expiresAt }))
    await saveLinkTokens(database.db, tokens)
    return tokens.map((token) => token.hash)
  }

  /** Emails for `personId`, each finished at its time (or unfinished, `null`), queued a minute before; their ids. */
  async function emailsFinished(database: Database, personId: number, ...finished: (Date | null)[]) {
    const rows = finished.map((at) => {
      const queued = new Date((at ?? new Date('2026-10-01T00:00:00Z')).getTime() - minute).toISOString()
      return { kind: 'confirm', signup_id: personId, created_at: queued, next_attempt_at: at === null ? '2027-06-01T00:00:00.000Z' : queued, attempts: 1, finished_at: at?.toISOString() ?? null, outcome: at === null ? null : ('sent' as const) }
    })
    const ids: number[] = []
    for (let start = 0; start < rows.length; start += 500)
      ids.push(...(await database.db.insertInto('outbox').values(rows.slice(start, start + 500)).returning('id').execute()).map((row) => Number(row.id)))
    return ids
  }

  it('removes link tokens a day past their end; the live ones stay and still work, and a used one stays used', async () => {
    const t = await fresh()
    const ann = await t.joined('ann@example.com')
    const confirm = t.linkHash(t.lastMail('ann@example.com', 'Confirm'), 'Confirm')
    expect(await t.stores.consent.useToken('confirm', confirm, t.now())).toEqual({ signupId: ann })
    await t.sender.idle()
    const place = t.linkHash(t.lastMail('ann@example.com', 'Your place'), 'Your place')
    const unsubscribe = t.linkHash(t.lastMail('ann@example.com', 'Your place'), 'Unsubscribe')
    const live = await t.tokenHashes()
    const [endedLongAgo, endedADayAgo, endedAnHourAgo] = await tokensEnding(t.database, ann, new Date(t.clock.at - 30 * day), new Date(t.clock.at - day - 1), new Date(t.clock.at - hour))

    expect(await retention(t.database).sweep(t.now())).toEqual({ consent_tokens: 2, outbox: 0 })
    expect(await t.tokenHashes()).toEqual([...live, endedAnHourAgo].sort())
    expect(live).not.toContain(confirm)
    for (const gone of [endedLongAgo, endedADayAgo]) expect(await t.tokenHashes()).not.toContain(gone)

    // What a person holds works as before the sweep, and the used link still refuses.
    expect(await t.stores.line.yourPlace(place, t.now())).toMatchObject({ place: 1, inLine: 1 })
    expect(await t.stores.consent.useToken('confirm', confirm, t.now())).toBeUndefined()
    expect(await t.stores.consent.useToken('unsubscribe', unsubscribe, t.now())).toEqual({ signupId: ann })
  })

  it(`removes emails ${retentionRules.finishedEmailsKeptMs / day} days after they finished, and keeps the recent and the unfinished`, async () => {
    const t = await fresh()
    const ann = await t.joined('ann@example.com')
    const sent = await t.emailIds()
    const kept = retentionRules.finishedEmailsKeptMs
    const [old, justPast, recent, unfinished] = await emailsFinished(t.database, ann, new Date(t.clock.at - 90 * day), new Date(t.clock.at - kept - 1), new Date(t.clock.at - kept + hour), null)

    expect(await retention(t.database).sweep(t.now())).toEqual({ consent_tokens: 0, outbox: 2 })
    expect(await t.emailIds()).toEqual([...sent, recent!, unfinished!].sort((a, b) => a - b))
    expect(await t.emailIds()).not.toContain(old)
    expect(await t.emailIds()).not.toContain(justPast)
  })

  it('keeps the finished emails consent looks back on: an erasure asked again 5 minutes later gets no second email', async () => {
    const t = await fresh()
    await t.joined('ann@example.com')
    const erasureEmails = () => t.mailer.sent.filter((mail) => mail.links?.some((link) => link.label === 'Delete')).length
    await t.stores.consent.requestErasure('ann@example.com', t.now())
    await t.sender.idle()
    expect(erasureEmails()).toBe(1)
    t.clock.at += 5 * minute
    await retention(t.database).sweep(t.now())
    await t.stores.consent.requestErasure('ann@example.com', t.now())
    await t.sender.idle()
    expect(erasureEmails()).toBe(1)
  })

  it('changes no table but the tokens and the outbox: the consent record, erasure’s hashes, the line and the funnel stay', async () => {
    const t = await fresh()
    const people = ['ann@example.com', 'bob@example.com', 'cy@example.com', 'dee@example.com']
    for (const email of people) await t.joined(email)
    for (const email of people.slice(0, 3)) await t.stores.consent.useToken('confirm', t.linkHash(t.lastMail(email, 'Confirm'), 'Confirm'), t.now())
    await t.sender.idle()
    await t.stores.consent.eraseById(await t.idOf('cy@example.com'), t.now())
    expect(await t.stores.invitations.startWave({ count: 1, by: 'team@company.example', kind: 'next', now: t.now() })).toMatchObject({ ok: true })
    await t.sender.idle()
    expect(await t.db.selectFrom('invitations').select('delivered_at').executeTakeFirstOrThrow()).toMatchObject({ delivered_at: expect.any(String) })
    expect(await t.db.selectFrom('erased_emails').selectAll().execute()).toHaveLength(1)
    const before = await everyTableBut(t.database, ['consent_tokens', 'outbox'])

    // Years later: every token has ended and every sent email is long past its keep; the reminder still waits.
    const later = new Date(t.clock.at + 400 * day)
    const removed = await retention(t.database).sweep(later)
    expect(removed.consent_tokens).toBeGreaterThan(0)
    expect(removed.outbox).toBeGreaterThan(0)
    expect(await everyTableBut(t.database, ['consent_tokens', 'outbox'])).toEqual(before)
    expect(await t.tokenHashes()).toEqual([])
    expect(await t.db.selectFrom('outbox').select(['kind', 'finished_at']).execute()).toEqual([{ kind: 'reminder', finished_at: null }])
  })

  it('removes many rows in batches no larger than its limit, and a signup made meanwhile is stored before the sweep ends', async () => {
    const t = await fresh()
    const ann = await t.joined('ann@example.com')
    const count = 3000
    const limit = 200
    const ended = new Date(t.clock.at - 2 * day)
    const finished = new Date(t.clock.at - retentionRules.finishedEmailsKeptMs - day)
    for (let start = 0; start < count; start += 500) await tokensEnding(t.database, ann, ...Array.from({ length: 500 }, () => ended))
    await emailsFinished(t.database, ann, ...Array.from({ length: count }, () => finished))

    const batches: [RetentionTable, number][] = []
    let signup: Promise<unknown> | undefined
    let storedAfterBatch: number | undefined
    const removed = await retention(t.database, {
      batchSize: limit,
      onBatch: (table, removedNow) => {
        batches.push([table, removedNow])
        signup ??= t.join('late@example.com').then(() => (storedAfterBatch = batches.length))
      },
    }).sweep(t.now())
    await signup

    expect(removed).toEqual({ consent_tokens: count, outbox: count })
    for (const [, removedNow] of batches) expect(removedNow).toBeLessThanOrEqual(limit)
    // A few rows first, then as many as take about retentionRules.batchTargetMs: never all at once.
    for (const table of ['consent_tokens', 'outbox'] as const) {
      const sizes = batches.filter(([name]) => name === table).map(([, removedNow]) => removedNow)
      expect(sizes[0]).toBe(retentionRules.firstBatch)
      expect(sizes.length).toBeGreaterThan(count / limit)
    }
    // Stored between two batches early in the sweep, not after its last: the sweep let it in.
    expect(storedAfterBatch).toBeLessThan(batches.length / 2)
    expect(await t.idOf('late@example.com')).toBeGreaterThan(ann)
  })

  it('runs from the composition at once, says what it removed in one line with no address, and counts it', async () => {
    const lines: string[] = []
    let sweptOnce: () => void = () => {}
    const swept = new Promise<void>((resolve) => (sweptOnce = resolve))
    const logger = createLogger({ level: 'info', destination: { write: (line: string) => void (lines.push(line.trimEnd()), line.includes('"retention: ') && sweptOnce()) } })
    const metrics = createMetrics()
    const t = await fresh({ log: logger, metrics })
    const ann = await t.joined('ann@example.com')
    await tokensEnding(t.database, ann, new Date(t.clock.at - 2 * day), new Date(t.clock.at - 3 * day))
    await emailsFinished(t.database, ann, new Date(t.clock.at - 40 * day))

    const schedule = t.composition.startRetention()
    await swept
    await schedule.stop()
    const said = lines.filter((line) => line.includes('retention:'))
    expect(said).toHaveLength(1)
    expect(JSON.parse(said[0]!)).toMatchObject({ level: 'info', removed: { consent_tokens: 2, outbox: 1 }, msg: expect.stringMatching(/^retention: removed 2 ended link tokens and 1 finished emails in \d+ ms$/) })
    expect(said[0]).not.toMatch(/@|ann/)
    const counted = await metrics.registry.getSingleMetricAsString('waitlist_retention_removed_total')
    expect(counted).toContain('waitlist_retention_removed_total{table="consent_tokens"} 2')
    expect(counted).toContain('waitlist_retention_removed_total{table="outbox"} 1')
  })

  it('stops a sweep between two batches when the process stops, and says what it removed by then', async () => {
    const t = await fresh()
    const ann = await t.joined('ann@example.com')
    const live = (await t.tokenHashes()).length
    await tokensEnding(t.database, ann, ...Array.from({ length: 500 }, () => new Date(t.clock.at - 2 * day)))
    const { logger, objects } = logLines('info')
    let batches = 0
    let stopAfterThird: (stopped: Promise<void>) => void = () => {}
    const stopped = new Promise<void>((resolve) => (stopAfterThird = resolve))
    const schedule = startRetentionSchedule({
      retention: retention(t.database, { batchSize: 10, onBatch: () => void (++batches === 3 && stopAfterThird(schedule.stop())) }),
      now: t.now,
      log: logger,
    })
    await stopped
    expect(batches).toBe(3)
    expect(await t.tokenHashes()).toHaveLength(live + 500 - 30)
    expect(objects().filter((line) => String(line.msg).startsWith('retention:'))).toMatchObject([{ removed: { consent_tokens: 30, outbox: 0 } }])
  })
})

/** Every row of every table but `except`, as text, in a stable order: what a sweep must leave as it was. */
async function everyTableBut(database: Database, except: string[]): Promise<Record<string, string[]>> {
  const { rows } =
    database.engine === 'sqlite'
      ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(database.db)
      : await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`.execute(database.db)
  const tables: Record<string, string[]> = {}
  for (const { name } of rows.filter((row) => !except.includes(row.name)).sort((a, b) => a.name.localeCompare(b.name))) {
    const all = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(database.db)
    tables[name] = all.rows.map((row) => JSON.stringify(row)).sort()
  }
  return tables
}
