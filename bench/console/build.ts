// The list bench/console.ts measures the console on, built through the project's own code into a SQLite file
// and kept between runs (data/bench/, git-ignored), keyed by its size and a hash of this builder: a second run
// with the same size skips the build, and a new build of a size removes the lists of that size built before. A
// list built before a release's new migrations is brought forward by them, as a deployment's first start would
// bring its database (migrateForward, timed and printed: the migrations' own cost at that size).
//
// The rows that carry the product's rules are made by the stores that make them in production, composed as
// server/compose.ts composes them (tools/open-store.ts composeForTests): every signup by the signup store's
// add (group commit, its confirmation email queued with it), every confirmation by the consent store's
// useToken with a confirm link's token, which places the person in line and decides their referral through
// the line (server/features/referral/line.ts: join, decide, credit). So whatever those paths keep beside the
// rows (kept counts among them) is kept here too; signups are never written with SQL. Two things are not the
// product's, to make a million fit in minutes:
// - a clock of the build's own while the signup store runs (it stamps each batch with `new Date()`), so the
//   people arrive over 120 days; the confirmations take their time as an argument;
// - the confirmations run thousands to a transaction (the consent store's own transaction becomes the build's:
//   storesIn below), and the file is written with synchronous=OFF. A build cut short is thrown away.
// What the outbox sender would have done per email is bulk SQL, in large batches (one row at a time it would
// take hours): the link tokens each sent email leaves (the confirmation's confirm and unsubscribe, the
// welcome's place and unsubscribe; a confirmation uses up its confirm token), the emails marked sent, and the
// repeats' confirmations that found their person already confirmed (skipped).
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import SqliteFile from 'libsql'
import { sql, type Kysely, type Transaction } from 'kysely'
import pg from 'pg'
import { featureMigrations } from '../../server/feature-migrations'
import { parseSignupBody } from '../../server/features/signup/validate'
import type { Signups } from '../../server/features/signup/signup-store'
import type { Database } from '../../server/platform/database/database'
import { openDatabase } from '../../server/platform/database/open'
import type { Tables } from '../../server/platform/database/schema'
import { hashSecret, newSecret } from '../../server/platform/secrets/tokens'
import { linkLifetimesMs, placeLinkLifetimeMs } from '../../shared/rules'
import { composeForTests } from '../../tools/open-store'
import { commonestDomain, peopleOf, shape, sharerPool, type Person, type Sharer } from './people'

const minute = 60_000
const day = 24 * 60 * minute
const listDays = 120
/** Signups stamped together: a batch of the signup store's group commit, as at a busy moment. */
const signupBatch = 250
/** Confirmations to a transaction. */
const confirmBatch = 20_000

/** What a build made, written beside the file. */
export type BuildFacts = {
  signups: number
  builtAt: string
  buildSeconds: number
  confirmed: number
  tokens: number
  finishedEmails: number
  referrals: Record<string, number>
  commonestDomain: string
}

/** This builder, as a short hash: a change here builds anew. */
export function builderKey(): string {
  const builder = ['./build.ts', './people.ts'].map((file) => readFileSync(new URL(file, import.meta.url), 'utf8'))
  return createHash('sha256').update(builder.join('\n')).digest('hex').slice(0, 12)
}

/** Runs the migrations a database has not run yet (openDatabase runs them as it opens), and says which, and how
 * long they took; nothing when it had run them all. */
export async function migrateForward(databaseUrl: string, say: (line: string) => void): Promise<void> {
  const before = new Set(await migrationsRun(databaseUrl))
  const started = performance.now()
  await (await openDatabase(databaseUrl, { migrations: featureMigrations })).close()
  const ran = (await migrationsRun(databaseUrl)).filter((name) => !before.has(name))
  if (ran.length > 0) say(`  brought forward by ${ran.join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s (opened, migrated, closed)`)
}

/** The names of the migrations a database has run, read with the engine's own driver. */
async function migrationsRun(databaseUrl: string): Promise<string[]> {
  const query = 'SELECT name FROM kysely_migration ORDER BY name'
  if (databaseUrl.startsWith('file:')) {
    const file = new SqliteFile(databaseUrl.slice('file:'.length), { readonly: true })
    try {
      return file.prepare(query).pluck().all() as string[]
    } finally {
      file.close()
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query<{ name: string }>(query)).rows.map((row) => row.name)
  } finally {
    await client.end()
  }
}

/** The built list of `size` signups (built now into `scratch`, if the cache has none): its file and facts. */
export async function builtSqlite(size: number, cacheDir: string, scratch: string, say: (line: string) => void): Promise<{ file: string; facts: BuildFacts; built: boolean }> {
  const key = `console-${size}-${builderKey()}`
  const file = join(cacheDir, `${key}.db`)
  const factsFile = `${file}.json`
  if (existsSync(file) && existsSync(factsFile)) {
    await migrateForward(`file:${file}`, say)
    return { file, facts: JSON.parse(readFileSync(factsFile, 'utf8')) as BuildFacts, built: false }
  }
  mkdirSync(cacheDir, { recursive: true })
  // A list of this size built by another builder is of no more use (gigabytes at a million): it goes, and its
  // PostgreSQL copy with it.
  for (const name of readdirSync(cacheDir)) if (name.startsWith(`console-${size}-`) && !name.startsWith(key)) rmSync(join(cacheDir, name), { recursive: true, force: true })
  const partial = join(scratch, 'building.db')
  const facts = await build(size, partial, say)
  moveFile(partial, file)
  for (const suffix of ['-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true })
  writeFileSync(factsFile, `${JSON.stringify(facts, null, 2)}\n`)
  return { file, facts, built: true }
}

/** A rename, or a copy where the cache is on another file system. */
function moveFile(from: string, to: string) {
  try {
    renameSync(from, to)
  } catch {
    writeFileSync(to, readFileSync(from))
    rmSync(from, { force: true })
  }
}

async function build(size: number, path: string, say: (line: string) => void): Promise<BuildFacts> {
  const started = performance.now()
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true })
  const database = await openDatabase(`file:${path}`, { migrations: featureMigrations })
  const { db } = database
  await sql.raw('PRAGMA synchronous = OFF').execute(db)
  await sql.raw('PRAGMA cache_size = -262144').execute(db)
  const builder: Builder = { database, signups: composeForTests(database).stores, sharing: sharerPool(), phases: phaseClock(), refused: 0 }
  const end = Date.now() - minute
  const chunks = Math.max(10, Math.ceil(size / 20_000))
  const farmCount = Math.max(2, Math.round(size / shape.farmEvery))
  const farmAt = new Set(Array.from({ length: farmCount }, (_, k) => Math.floor((size * (k + 0.5)) / farmCount)))
  try {
    for (let chunk = 0; chunk < chunks; chunk++) {
      const range = { from: Math.floor((size * chunk) / chunks), to: Math.floor((size * (chunk + 1)) / chunks), total: size, start: end - listDays * day, end }
      const farms = new Map<number, Sharer>()
      for (let index = range.from; index < range.to; index++) {
        const sharer = farmAt.has(index) ? builder.sharing.popular() : undefined
        if (sharer) farms.set(index, sharer)
      }
      await buildChunk(builder, peopleOf(chunk + 1, range, builder.sharing.pick, farms))
      if ((chunk + 1) % Math.ceil(chunks / 10) === 0 || chunk === chunks - 1)
        say(`  built ${range.to.toLocaleString('en-US')} of ${size.toLocaleString('en-US')} signups, ${((performance.now() - started) / 1000).toFixed(0)} s (${builder.phases.spent()})`)
    }
    // A repeat signup of someone confirmed queued a confirmation that found them confirmed: skipped, no link.
    await sql`INSERT INTO outbox (kind, signup_id, created_at, next_attempt_at, attempts, finished_at, outcome)
      SELECT 'confirm', id, strftime('%Y-%m-%dT%H:%M:%fZ', confirmed_at, '+1 hours'), strftime('%Y-%m-%dT%H:%M:%fZ', confirmed_at, '+1 hours'), 1,
        strftime('%Y-%m-%dT%H:%M:%fZ', confirmed_at, '+1 hours', '+3 seconds'), 'skipped'
      FROM signups WHERE status = 'confirmed' AND id % 9 = 0`.execute(db)
    if (builder.refused > 0) say(`  ${builder.refused} generated addresses were refused by the signup rules (disposable domains) and left out`)
    const facts = await factsOf(db, started)
    await sql.raw('PRAGMA wal_checkpoint(TRUNCATE)').execute(db)
    return facts
  } finally {
    await database.close()
  }
}

type Builder = {
  database: Database
  signups: Signups
  sharing: ReturnType<typeof sharerPool>
  phases: ReturnType<typeof phaseClock>
  refused: number
}

/** A part of the list, in the order the product makes it: the signups, their confirmation emails, the
 * confirmations, the welcome emails. */
async function buildChunk(builder: Builder, people: Person[]) {
  const { db } = builder.database
  const lastId = Number((await sql<{ n: number | null }>`SELECT max(id) AS n FROM signups`.execute(db)).rows[0]?.n ?? 0)
  builder.phases.enter('signups')
  const confirming = await signUp(builder, people)
  builder.phases.enter('tokens and emails')
  const confirmTokens = await confirmationsSent(db, lastId)
  builder.phases.enter('confirmations')
  await confirm(builder.database, confirming, confirmTokens)
  builder.phases.enter('tokens and emails')
  await welcomesSent(db, lastId, builder.sharing)
  // Every email queued so far went out a few seconds after it was queued.
  await sql`UPDATE outbox SET attempts = 1, outcome = 'sent', finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+3 seconds') WHERE finished_at IS NULL`.execute(db)
}

/** Each body read as the route reads it and added by the signup store, a batch at a time on the build's clock;
 * who will confirm, and when. */
async function signUp(builder: Builder, people: Person[]): Promise<{ email: string; at: number }[]> {
  const confirming: { email: string; at: number }[] = []
  for (let from = 0; from < people.length; from += signupBatch) {
    const batch = people.slice(from, from + signupBatch)
    await onClock(batch[0]!.at, () =>
      Promise.all(
        batch.map((person) => {
          const parsed = parseSignupBody(JSON.stringify(person.body))
          if (parsed.kind !== 'signup') return void builder.refused++
          if (person.confirmAt !== undefined) confirming.push({ email: parsed.signup.emailNormalized, at: person.confirmAt })
          return builder.signups.add({ ...parsed.signup, network: person.network })
        }),
      ),
    )
  }
  await builder.signups.settled()
  return confirming.sort((a, b) => a.at - b.at)
}

/** The tokens each new signup's confirmation email left when it was sent (confirm and unsubscribe); the confirm
 * token's hash by address. */
async function confirmationsSent(db: Kysely<Tables>, lastId: number): Promise<Map<string, string>> {
  const added = await db.selectFrom('signups').select(['id', 'email_normalized', 'created_at']).where('id', '>', lastId).orderBy('id').execute()
  const confirmTokens = new Map<string, string>()
  await insertTokens(
    db,
    added.flatMap((row) => {
      const confirm = hashSecret(newSecret())
      confirmTokens.set(row.email_normalized, confirm)
      const sent = Date.parse(row.created_at)
      return [token(confirm, 'confirm', row.id, sent + linkLifetimesMs.confirm), token(hashSecret(newSecret()), 'unsubscribe', row.id, sent + linkLifetimesMs.unsubscribe)]
    }),
  )
  return confirmTokens
}

/** Each confirmation as its link makes it (the consent store's useToken), in order, confirmBatch to a transaction. */
async function confirm(database: Database, confirming: { email: string; at: number }[], confirmTokens: Map<string, string>) {
  for (let from = 0; from < confirming.length; from += confirmBatch)
    await database.db.transaction().execute(async (trx) => {
      const { consent } = storesIn(database, trx)
      for (const { email, at } of confirming.slice(from, from + confirmBatch)) {
        const hash = confirmTokens.get(email)
        if (hash && !(await consent.useToken('confirm', hash, new Date(at)))) throw new Error(`${email} was not confirmed`)
      }
    })
}

/** The tokens the welcome emails left (place and unsubscribe); everyone placed may now share their link. */
async function welcomesSent(db: Kysely<Tables>, lastId: number, sharing: Builder['sharing']) {
  const placed = await db
    .selectFrom('signups')
    .select(['id', 'email', 'referral_code', 'confirmed_at'])
    .where('id', '>', lastId)
    .where('confirm_seq', 'is not', null)
    .orderBy('confirm_seq')
    .execute()
  await insertTokens(
    db,
    placed.flatMap((row) => {
      const sent = Date.parse(row.confirmed_at!)
      return [token(hashSecret(newSecret()), 'place', row.id, sent + placeLinkLifetimeMs), token(hashSecret(newSecret()), 'unsubscribe', row.id, sent + linkLifetimesMs.unsubscribe)]
    }),
  )
  for (const row of placed) if (row.referral_code) sharing.add({ code: row.referral_code, email: row.email })
}

/** Where the build's time goes, for its progress lines. */
function phaseClock() {
  const spent = new Map<string, number>()
  let current: string | undefined
  let since = performance.now()
  return {
    enter(phase: string) {
      const now = performance.now()
      if (current) spent.set(current, (spent.get(current) ?? 0) + now - since)
      current = phase
      since = now
    },
    spent: () => [...spent].map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(0)} s`).join(', '),
  }
}

type TokenRow = { token_hash: string; purpose: string; signup_id: number; expires_at: string }
const token = (hash: string, purpose: string, id: number, expires: number): TokenRow => ({ token_hash: hash, purpose, signup_id: id, expires_at: new Date(expires).toISOString() })

async function insertTokens(db: Kysely<Tables>, rows: TokenRow[]) {
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < rows.length; from += 2000) await trx.insertInto('consent_tokens').values(rows.slice(from, from + 2000)).execute()
  })
}

/**
 * The composition's stores over a database whose every transaction is `trx`: the consent store opens its own
 * transaction for each confirmation (db.transaction().execute), which here runs inside the build's, so
 * thousands commit at once, each still exactly the confirm link's code.
 */
function storesIn(database: Database, trx: Transaction<Tables>) {
  const inner = new Proxy(trx, {
    get(target, key) {
      if (key === 'transaction') return () => ({ execute: <T>(work: (trx: Transaction<Tables>) => Promise<T>) => work(target) })
      const value: unknown = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return composeForTests({ ...database, db: inner, reads: inner }).stores
}

/** Runs `work` with `new Date()` and Date.now() at `at`: the signup store stamps its batch with it. */
async function onClock<T>(at: number, work: () => Promise<T>): Promise<T> {
  const RealDate = Date
  class BuildDate extends RealDate {
    constructor(...args: [] | [string | number | Date]) {
      if (args.length === 0) super(at)
      else super(args[0])
    }
    static override now() {
      return at
    }
  }
  globalThis.Date = BuildDate as DateConstructor
  try {
    return await work()
  } finally {
    globalThis.Date = RealDate
  }
}

async function factsOf(db: Kysely<Tables>, started: number): Promise<BuildFacts> {
  const count = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await query.execute(db)).rows[0]?.n ?? 0)
  const outcomes = await sql<{ outcome: string; n: number }>`SELECT outcome, count(*) AS n FROM referrals GROUP BY outcome ORDER BY outcome`.execute(db)
  return {
    signups: await count(sql`SELECT count(*) AS n FROM signups`),
    builtAt: new Date().toISOString(),
    buildSeconds: Math.round((performance.now() - started) / 100) / 10,
    confirmed: await count(sql`SELECT count(*) AS n FROM signups WHERE status = 'confirmed'`),
    tokens: await count(sql`SELECT count(*) AS n FROM consent_tokens`),
    finishedEmails: await count(sql`SELECT count(*) AS n FROM outbox WHERE finished_at IS NOT NULL`),
    referrals: Object.fromEntries(outcomes.rows.map((row) => [row.outcome, Number(row.n)])),
    commonestDomain,
  }
}

/** The size of a SQLite file and its WAL, in bytes. */
export function sqliteBytes(file: string): { file: number; wal: number } {
  const size = (path: string) => (existsSync(path) ? statSync(path).size : 0)
  return { file: size(file), wal: size(`${file}-wal`) }
}
