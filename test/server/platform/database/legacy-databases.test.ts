// @vitest-environment node
// Databases that the runner before Kysely's migrated (PRAGMA user_version on SQLite, schema_migrations on
// PostgreSQL) migrate forward under Kysely's Migrator, on both engines: every row stays, what ran before is
// recorded and never runs again, and the schema ends exactly as a new database's. Each starts from a dump of
// what that runner left (fixtures/legacy-<engine>-v<version>.json): data, so that a change to today's
// migrations cannot change it along with them. One of them goes through the release step's command
// (server/migrate-command.ts, docs/operations.md "Migrations"), as an upgrade with MIGRATE_AT_START=false does.
import { createClient } from '@libsql/client'
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Engine } from '../../../../server/platform/database/contract'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { featureMigrations } from '../../../../server/feature-migrations'
import { platformMigrations } from '../../../../server/platform/database/migrations'
import { openDatabase } from '../../../../server/platform/database/open'
import { openStore } from '../../../../tools/open-store'
import { commandFor } from '../../operator-scripts'
import { rowsOf, schemaOf } from '../../../utils/schema-of'

/** The versions of the runner before that the dumps hold: its last, and the last before the line and referrals. */
const dumped = { sqlite: { last: 10, beforeTheLine: 6 }, postgres: { last: 11, beforeTheLine: 7 } } as const

/** Builds the database at `databaseUrl` as the runner before left it at `version`, from the dump of it. */
async function restoreDump(databaseUrl: string, engine: Engine, version: number): Promise<void> {
  const { statements } = JSON.parse(await readFile(new URL(`fixtures/legacy-${engine}-v${version}.json`, import.meta.url), 'utf8')) as { statements: string[] }
  if (engine === 'sqlite') {
    const client = createClient({ url: databaseUrl })
    try {
      for (const statement of statements) await client.execute(statement)
    } finally {
      client.close()
    }
    return
  }
  // One connection: pg_dump's first statements set the session the others run in.
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    for (const statement of statements) await client.query(statement)
  } finally {
    await client.end()
  }
}

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url))
/** The release step's command (server/migrate-command.ts, built as dist-api/migrate.js), as its own process. */
const migrateCommand = (databaseUrl: string) => {
  const [command, script] = commandFor('server/migrate-command.ts')
  return promisify(execFile)(command, [script], { cwd: repoRoot, env: { ...process.env, DATABASE_URL: databaseUrl } })
}

/** A few rows in every table, as the release before wrote them. */
const rowsBefore = (engine: EngineUnderTest) => [
  `INSERT INTO signups (email_normalized, email, first_name, source, created_at, status, confirmed_at, confirm_seq, line_score, referral_code)
    VALUES ('ann@example.com', 'ann@example.com', 'Ann', 'site', '2026-11-20T10:00:00.000Z', 'confirmed', '2026-11-20T10:05:00.000Z', 1, 1, 'annsCode')`,
  `INSERT INTO signups (email_normalized, email, first_name, source, created_at, referred_by, referral_network, confirmation_queued_at)
    VALUES ('bob@example.com', 'bob@example.com', 'Bob', 'site', '2026-11-21T10:00:00.000Z', 'annsCode', 'f00d', '2026-11-21T10:00:00.000Z')`,
  `INSERT INTO signups (email_normalized, email, source, created_at, status, unsubscribed_at)
    VALUES ('cat@example.com', 'cat@example.com', 'site', '2026-11-19T10:00:00.000Z', 'unsubscribed', '2026-11-22T10:00:00.000Z')`,
  `INSERT INTO outbox (kind, signup_id, created_at, next_attempt_at)
    VALUES ('confirm', (SELECT id FROM signups WHERE email = 'bob@example.com'), '2026-11-21T10:00:00.000Z', '2026-11-21T10:00:00.000Z')`,
  `INSERT INTO consent_tokens (token_hash, purpose, signup_id, expires_at)
    VALUES ('token-hash', 'confirm', (SELECT id FROM signups WHERE email = 'bob@example.com'), '2026-11-28T10:00:00.000Z')`,
  `INSERT INTO erased_emails (email_hash, erased_at) VALUES ('erased-hash', '2026-11-18T10:00:00.000Z')`,
  `INSERT INTO consent_settings (key, value) VALUES ('erasure_salt', 'the salt from before')`,
  `INSERT INTO signup_commits (shard, commits) VALUES (0, 7)`,
  `INSERT INTO line_buckets (bucket, people) VALUES (0, 1)`,
  `UPDATE line_counter SET last_seq = 1`,
  `INSERT INTO referrals (friend_id, referrer_id, outcome, network, decided_at)
    VALUES ((SELECT id FROM signups WHERE email = 'bob@example.com'), (SELECT id FROM signups WHERE email = 'ann@example.com'), 'held', 'f00d', '2026-11-21T10:00:00.000Z')`,
  `INSERT INTO admin_sign_in_tokens (token_hash, email, expires_at) VALUES ('link-hash', 'team@company.example', '2026-11-27T10:00:00.000Z')`,
  `INSERT INTO admin_sessions (session_hash, email, created_at, expires_at)
    VALUES ('session-hash', 'team@company.example', '2026-11-26T10:00:00.000Z', '2026-11-27T10:00:00.000Z')`,
  `INSERT INTO admin_audit (at, actor, action, detail) VALUES ('2026-11-26T10:00:00.000Z', 'team@company.example', 'export', '3 people')`,
  `INSERT INTO waves (kind, started_by, started_at, size) VALUES ('next', 'team@company.example', '2026-11-25T10:00:00.000Z', 1)`,
  `INSERT INTO invitations (wave_id, signup_id, invited_at, expires_at, delivered_at)
    VALUES ((SELECT max(id) FROM waves), (SELECT id FROM signups WHERE email = 'ann@example.com'), '2026-11-25T10:00:00.000Z', '2026-12-02T10:00:00.000Z', '2026-11-25T10:01:00.000Z')`,
  `INSERT INTO launch_pace (id, per_day, at_utc, started_by, started_at) VALUES (1, 50, '09:00', 'team@company.example', '2026-11-25T10:00:00.000Z')`,
  ...(engine.engine === 'postgres' ? [`INSERT INTO rate_limits (key, points, expire) VALUES ('signup:somebody', 1, 1900000000000)`] : []),
]

/** How many signups are in each status, as the kept counts say and as the rows say. */
const talliedStatuses = (tallies: unknown[] = []) =>
  Object.fromEntries((tallies as { kind: string; key: string; n: unknown }[]).filter((row) => row.kind === 'status').map((row) => [row.key, Number(row.n)]))
const statusesOf = (signups: unknown[] = []) =>
  (signups as { status: string }[]).reduce<Record<string, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {})

/** The first migration the runner before never had (none has a legacy version): where its schema ends. */
const firstAfterTheRunner = [platformMigrations, ...featureMigrations]
  .flatMap((migrations) => Object.entries(migrations))
  .filter(([, migration]) => migration.legacyVersion === undefined)
  .map(([name]) => name)
  .sort()[0]

describe.each(eachEngine())('a database migrated before Kysely’s runner, on $engine', (engine: EngineUnderTest) => {
  beforeAll(() => engine.setup(), 60_000)
  afterAll(() => engine.teardown(), 60_000)

  const openAndClose = async (url: string) => (await openStore(url)).close()
  const recorded = (url: string) => engine.query(url, 'SELECT name, timestamp FROM kysely_migration ORDER BY name')
  /** The version the runner before reads, and refuses the database past its last ("newer than this release"). */
  const legacyVersion = async (url: string) => {
    const [row] = await engine.query(url, engine.engine === 'sqlite' ? 'SELECT user_version AS version FROM pragma_user_version' : 'SELECT max(version) AS version FROM schema_migrations')
    return Number(row?.version)
  }
  let fresh: string
  beforeAll(async () => {
    fresh = await engine.newDatabase()
    await openAndClose(fresh)
  }, 60_000)

  it('a new database migrated as far as the runner before went has exactly the schema it built', async () => {
    const before = await engine.newDatabase()
    await restoreDump(before, engine.engine, dumped[engine.engine].last)
    const asFar = await engine.newDatabase()
    await (await openStore(asFar, { stopBefore: firstAfterTheRunner })).close()
    expect(await schemaOf(engine, asFar, { bookkeeping: false })).toEqual(await schemaOf(engine, before, { bookkeeping: false }))
  })

  it('moves on without running anything again: every row kept, the schema a new database’s, a second start runs nothing', async () => {
    const url = await engine.newDatabase()
    await restoreDump(url, engine.engine, dumped[engine.engine].last)
    expect(await legacyVersion(url)).toBe(dumped[engine.engine].last)
    for (const statement of rowsBefore(engine)) await engine.query(url, statement)
    const rows = await rowsOf(engine, url)

    await openAndClose(url)
    // Every row kept, and the summary's counts (a table the console's migrations added) made from them. A row
    // keeps every column it had; the columns migrations added since (news and updates, issue 31) start empty, and
    // so do the tables they added (the updates' drafts). SQLite's own sqlite_sequence, which AUTOINCREMENT
    // brought (features/signup/ids-never-reused.ts), starts at the largest id there is, and no id goes back below it.
    const { signup_tallies: tallies, sqlite_sequence: sequence, ...after } = await rowsOf(engine, url)
    const addedTables = Object.keys(after).filter((table) => !(table in rows))
    expect(addedTables.filter((table) => after[table]!.length > 0)).toEqual([])
    const largestId = Math.max(...(rows.signups as { id: number }[]).map((row) => Number(row.id)))
    expect(sequence).toEqual(engine.engine === 'sqlite' ? [{ name: 'signups', seq: largestId }] : undefined)
    const tables = Object.entries(after).filter(([table]) => !addedTables.includes(table)) as [string, Record<string, unknown>[]][]
    const columnsBefore = (table: string) => Object.keys((rows[table]?.[0] ?? {}) as object)
    const asBefore = tables.map(([table, list]) => [table, list.map((row) => Object.fromEntries(columnsBefore(table).map((column) => [column, row[column]])))])
    expect(Object.fromEntries(asBefore)).toEqual(rows)
    const added = tables.flatMap(([table, list]) => list.flatMap((row) => Object.entries(row).filter(([column]) => !columnsBefore(table).includes(column))))
    expect(added.map(([column]) => column)).toContain('news_consent_version')
    // Empty but for what one says of every row before it: an outbox entry went by mail, on the mail's retries (the
    // one queue's transport and schedule, issue 48).
    const saidOfEveryRow: Record<string, unknown> = { transport: 'mail', retry: 'mail' }
    expect(added.filter(([column, value]) => value !== null && saidOfEveryRow[column] !== value)).toEqual([])
    expect(talliedStatuses(tallies)).toEqual(statusesOf(rows.signups))
    expect(await schemaOf(engine, url)).toEqual(await schemaOf(engine, fresh))
    expect((await recorded(url)).map((row) => row.name)).toEqual((await recorded(fresh)).map((row) => row.name))

    const firstStart = await recorded(url)
    await openAndClose(url)
    expect(await recorded(url)).toEqual(firstStart)
    expect(await rowsOf(engine, url)).toEqual({ ...after, signup_tallies: tallies, ...(sequence && { sqlite_sequence: sequence }) })
    // A release from before now refuses the database, as it refused a newer release's: its record is past its end.
    expect(await legacyVersion(url)).toBeGreaterThan(dumped[engine.engine].last)
  })

  it('upgrades through the migrate command, after which a start that does not migrate opens it, and before which it refuses', async () => {
    const url = await engine.newDatabase()
    await restoreDump(url, engine.engine, dumped[engine.engine].last)
    for (const statement of rowsBefore(engine)) await engine.query(url, statement)
    const signups = (await rowsOf(engine, url)).signups
    await expect(openDatabase(url, { migrations: featureMigrations, apply: false })).rejects.toThrow(/lacks \d+ migrations of this release .* MIGRATE_AT_START is false/)

    const { stdout, stderr } = await migrateCommand(url)
    expect(stderr).toBe('')
    expect(stdout).toMatch(/^Migrated: .* has every migration of this release \([\d.]+ s\)\.\n$/)
    expect(await schemaOf(engine, url)).toEqual(await schemaOf(engine, fresh))
    expect((await rowsOf(engine, url)).signups?.map((row) => (row as { email: string }).email)).toEqual(signups?.map((row) => (row as { email: string }).email))
    const opened = await openDatabase(url, { migrations: featureMigrations, apply: false })
    await opened.close()
    // Run again, it finds nothing to do.
    const recordedOnce = await recorded(url)
    expect((await migrateCommand(url)).stdout).toMatch(/^Migrated: /)
    expect(await recorded(url)).toEqual(recordedOnce)
  }, 90_000)

  it('runs what the runner before had not: a database from before the line gets its line', async () => {
    const url = await engine.newDatabase()
    await restoreDump(url, engine.engine, dumped[engine.engine].beforeTheLine)
    for (const [email, confirmedAt] of [
      ['late@example.com', '2026-11-20T10:00:00.000Z'],
      ['pending@example.com', null],
      ['early@example.com', '2026-11-19T10:00:00.000Z'],
    ] as const)
      await engine.query(
        url,
        `INSERT INTO signups (email_normalized, email, source, created_at, status, confirmed_at)
          VALUES ('${email}', '${email}', 'site', '2026-11-18T10:00:00.000Z', '${confirmedAt ? 'confirmed' : 'pending'}', ${confirmedAt ? `'${confirmedAt}'` : 'NULL'})`,
      )

    await openAndClose(url)
    const line = await engine.query(url, 'SELECT email, confirm_seq FROM signups WHERE referral_code IS NOT NULL ORDER BY confirm_seq')
    expect(line.map((row) => [row.email, Number(row.confirm_seq)])).toEqual([
      ['early@example.com', 1],
      ['late@example.com', 2],
    ])
    expect(await schemaOf(engine, url)).toEqual(await schemaOf(engine, fresh))
  })
})
