// @vitest-environment node
// Every retention rule of the one list of personal data (server/personal-data.ts, issue 51) runs: for each table
// whose rule names a sweep, a row that ended a minute before its keep ran out and one that ends a minute after are
// written, the composition's clock is set, the background run the rule names runs once as its host would run it,
// and only the later row is left. The rules are read from the list: a new rule with no row-maker here fails, and so
// does a row-maker for a table whose rule no longer runs. On SQLite here and on PostgreSQL with
// WAITLIST_TEST_ENGINE=postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { featureMigrations } from '../../server/feature-migrations'
import { noConsentRecord } from '../../server/features/signup/validate'
import { personalData, type PersonalTable, type TableName } from '../../server/personal-data'
import type { Db } from '../../server/platform/database/database'
import { openDatabase } from '../../server/platform/database/open'
import { saveLinkTokens } from '../../server/platform/secrets/link-tokens'
import { canonicalAddress } from '../../shared/mailbox'
import { composeForTests, type Stores } from '../../tools/open-store'
import { freshDatabase, makeTempDir, validSignup } from './harness'
import { runsOnBothEngines } from '../utils/store-suite'

runsOnBothEngines()

const minute = 60_000
const member = 'team@company.example'

/** Writes two rows of its table, labelled, each ending (expiring or finishing) at its time; reads the labels of
 * the rows still holding what the rule removes. */
type RowMaker = {
  write(db: Db, personId: number, rows: { label: string; end: Date }[]): Promise<void>
  left(db: Db): Promise<string[]>
}

const iso = (at: Date) => at.toISOString()

const rowMakers: Partial<Record<TableName, RowMaker>> = {
  consent_tokens: {
    write: (db, personId, rows) => saveLinkTokens(db, rows.map(({ label, end }) => ({ hash: label, purpose: 'confirm', personId, expiresAt: end }))),
    left: async (db) => (await db.selectFrom('consent_tokens').select('token_hash').where('token_hash', 'in', ['before', 'after']).execute()).map((row) => row.token_hash),
  },
  outbox: {
    async write(db, personId, rows) {
      for (const { label, end } of rows)
        await db.insertInto('outbox').values({ kind: 'confirm', signup_id: personId, created_at: iso(end), next_attempt_at: iso(end), attempts: 1, finished_at: iso(end), outcome: 'sent', last_error: label }).execute()
    },
    left: async (db) => (await db.selectFrom('outbox').select('last_error').where('last_error', 'in', ['before', 'after']).execute()).map((row) => row.last_error!),
  },
  webhook_deliveries: {
    async write(db, personId, rows) {
      const endpoint = await db
        .insertInto('webhook_endpoints')
        .values({ url: 'https://hooks.example.com/in', events: '["signup.created"]', secret: 'whsec_test', enabled: 1, created_at: iso(new Date(0)), created_by: member })
        .returning('id')
        .executeTakeFirstOrThrow()
      for (const { label, end } of rows)
        await db
          .insertInto('webhook_deliveries')
          .values({ endpoint_id: endpoint.id, webhook_id: label, type: 'signup.created', signup_id: personId, erasure: 0, body: '{"email":"ada@example.com"}', created_at: iso(end), next_attempt_at: iso(end), attempts: 1, status: 'delivered', finished_at: iso(end) })
          .execute()
    },
    // The rule clears a delivery's body; its status row stays for good.
    left: async (db) => (await db.selectFrom('webhook_deliveries').select('webhook_id').where('body', 'is not', null).execute()).map((row) => row.webhook_id),
  },
  answers: {
    async write(db, personId, rows) {
      for (const { label, end } of rows) {
        // One question each: a person answers a question once.
        const question = await db
          .insertInto('questions')
          .values({ kind: 'single', sensitivity: 'sensitive', state: 'asked', version: 1, created_by: member, created_at: iso(new Date(0)) })
          .returning('id')
          .executeTakeFirstOrThrow()
        await db.insertInto('answers').values({ signup_id: personId, question_id: question.id, version: 1, answer: null, answer_sealed: label, answered_at: iso(end) }).execute()
      }
    },
    // The rule removes a sensitive answer; an ordinary one stays until the person is erased.
    left: async (db) => (await db.selectFrom('answers').select('answer_sealed').where('answer_sealed', 'in', ['before', 'after']).execute()).map((row) => row.answer_sealed!),
  },
  admin_sessions: {
    write: (db, _personId, rows) => db.insertInto('admin_sessions').values(rows.map(({ label, end }) => ({ session_hash: label, email: member, created_at: iso(new Date(end.getTime() - 12 * 60 * minute)), expires_at: iso(end) }))).execute().then(() => undefined),
    left: async (db) => (await db.selectFrom('admin_sessions').select('session_hash').execute()).map((row) => row.session_hash),
  },
  admin_sign_in_tokens: {
    write: (db, _personId, rows) => db.insertInto('admin_sign_in_tokens').values(rows.map(({ label, end }) => ({ token_hash: label, email: member, expires_at: iso(end) }))).execute().then(() => undefined),
    left: async (db) => (await db.selectFrom('admin_sign_in_tokens').select('token_hash').execute()).map((row) => row.token_hash),
  },
}

const swept = (Object.entries(personalData) as [TableName, PersonalTable][]).filter(([, entry]) => (entry.whose as string) !== 'nobody' && entry.kept.runs !== undefined)

describe('the list’s retention rules', () => {
  it('each name a row-maker here, and every row-maker a rule that runs', () => {
    expect(Object.keys(rowMakers).sort()).toEqual(swept.map(([table]) => table).sort())
  })

  let temp: Awaited<ReturnType<typeof makeTempDir>>
  let stores: Stores
  let background: { name: string; run: () => Promise<void> }[]
  let personId: number
  const clock = { at: Date.parse('2026-12-01T08:00:00Z') }

  beforeAll(async () => {
    temp = await makeTempDir()
    const database = await openDatabase(await freshDatabase(temp.dir), { migrations: featureMigrations })
    const composed = composeForTests(database, { now: () => new Date(clock.at), publicUrl: 'https://site.example' })
    stores = composed.stores
    background = composed.composition.background
    const email = 'ada@example.com'
    await stores.add({ ...validSignup, email, emailNormalized: canonicalAddress(email)!, submissionId: null, consent: noConsentRecord })
    personId = (await database.db.selectFrom('signups').select('id').executeTakeFirstOrThrow()).id
  })
  afterAll(async () => {
    await stores.close()
    await temp.remove()
  })

  it.each(swept.map(([table, entry]) => [table, entry.kept.runs!] as const))('%s: a row past its keep goes at the next sweep, and one within it stays', async (table, runs) => {
    const maker = rowMakers[table]!
    const { db } = stores.database
    const sweep = background.find((run) => run.name === runs.sweep)
    expect(sweep, `the background run ${runs.sweep}`).toBeDefined()
    const now = new Date(clock.at)
    await maker.write(db, personId, [
      { label: 'before', end: new Date(now.getTime() - runs.ms - minute) },
      { label: 'after', end: new Date(now.getTime() - runs.ms + minute) },
    ])
    expect((await maker.left(db)).sort()).toEqual(['after', 'before'])
    await sweep!.run()
    expect(await maker.left(db)).toEqual(['after'])
    // Two minutes on, the later row is past its keep too.
    clock.at += 2 * minute
    await sweep!.run()
    expect(await maker.left(db)).toEqual([])
  })
})
