// The migrations runner: Kysely's own Migrator over the platform's list (migrations.ts) and one list per
// feature, which the composition hands in, so each feature owns its migrations and the platform names none.
// Kysely records each migration by name in kysely_migration, runs the pending ones in name order in one
// transaction, and holds its lock while it does (an advisory lock on PostgreSQL; on SQLite the dialect's
// BEGIN IMMEDIATE, sqlite.ts), so instances starting together migrate once.
import { DEFAULT_MIGRATION_TABLE, Migrator, sql, type Kysely, type MigrationProvider } from 'kysely'
import type { Engine } from './contract'
import type { Tables } from './schema'

export type Migration = {
  /** Runs inside the one transaction of this start's migrations. The engines differ in a few types and
   * statements: `engine` says which one this is; write the rest once, with Kysely's schema builder. */
  up(db: Kysely<Tables>, engine: Engine): Promise<void>
  /** The version that applied this migration under the runner before Kysely's (one list per engine, numbered
   * apart, recorded in PRAGMA user_version on SQLite and schema_migrations on PostgreSQL; dumps of what it built
   * are in test/server/platform/database/fixtures/). A database that runner took that far already has it: the
   * migration is recorded as run, and its `up` is not called. */
  legacyVersion?: Partial<Record<Engine, number>>
}

/** A feature's migrations by name. Names start with the date and time they were written (YYYY-MM-DD-HHMM-),
 * so every list sorts into one order; a new migration sorts after every released one, or the start refuses. */
export type Migrations = Readonly<Record<string, Migration>>

/** One step of a migration from before Kysely's runner: SQL as it ran, or TypeScript for a change SQL cannot express. */
export type MigrationStep = string | ((db: Kysely<Tables>) => Promise<void>)

/** A migration written apart for each engine, step by step. */
export const stepsPerEngine =
  (steps: Record<Engine, readonly MigrationStep[]>): Migration['up'] =>
  async (db, engine) => {
    for (const step of steps[engine]) await (typeof step === 'string' ? sql.raw(step).execute(db) : step(db))
  }

/** The column types the engines write differently (ids, references to them, times), as every migration wrote them. */
export const columnTypes = {
  sqlite: { id: 'INTEGER PRIMARY KEY', ref: 'INTEGER', time: 'TEXT' },
  postgres: { id: 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY', ref: 'BIGINT', time: 'TIMESTAMPTZ' },
} as const
export type ColumnTypes = (typeof columnTypes)[Engine]

/** A migration's steps written once, with each engine's column types. */
export const stepsWithColumnTypes = (steps: (types: ColumnTypes) => readonly MigrationStep[]): Migration['up'] =>
  stepsPerEngine({ sqlite: steps(columnTypes.sqlite), postgres: steps(columnTypes.postgres) })

/** A migration that failed, by name. */
export class MigrationFailed extends Error {
  constructor(
    readonly migration: string,
    readonly reason: unknown,
  ) {
    super(`${migration}: ${reason instanceof Error ? reason.message : String(reason)}`)
  }
}

/** A database this release will not open as it is: a newer release's, or (the start told not to migrate) one that
 * lacks this release's migrations. The message completes "The database at <where> …". */
export class MigrationRefused extends Error {}

/**
 * Runs every pending migration of `lists` (all of them, or those before `stopBefore`: tests that build an
 * older database). Refuses a database that has run a migration this release does not know (a newer release's).
 * With `apply: false` it runs none: a database that lacks any is refused, so a start that leaves the migrations
 * to a release step never serves an older schema.
 */
export async function migrate(
  db: Kysely<Tables>,
  engine: Engine,
  lists: readonly Migrations[],
  options: { stopBefore?: string; apply?: boolean } = {},
): Promise<void> {
  const migrations = combined(lists)
  const names = Object.keys(migrations).sort(byCodeUnit)
  const executed = await executedNames(db, engine)
  const unknown = executed.find((name) => !(name in migrations))
  if (unknown !== undefined)
    throw new MigrationRefused(
      `is newer than this release: it has run the migration ${unknown}, which this release does not know. Start the release that migrated it, or restore the backup taken before that migration (docs/operations.md, "Upgrading and rolling back").`,
    )
  let wanted = names
  if (options.stopBefore !== undefined) {
    const index = names.indexOf(options.stopBefore)
    if (index < 0) throw new Error(`no migration is named ${options.stopBefore}`)
    wanted = names.slice(0, index)
  }
  // Nothing to run (every start but the first of a release): no lock, no transaction.
  const target = wanted.at(-1)
  if (target === undefined || wanted.every((name) => executed.includes(name))) return
  if (options.apply === false) {
    const pending = wanted.filter((name) => !executed.includes(name))
    throw new MigrationRefused(
      `lacks ${pending.length} migration${pending.length === 1 ? '' : 's'} of this release (from ${pending[0]}), and MIGRATE_AT_START is false: run node dist-api/migrate.js (npm run migrate) first.`,
    )
  }
  const migrator = new Migrator({ db, provider: providerOf(migrations, engine), nameComparator: byCodeUnit })
  const { error, results } = await migrator.migrateTo(target)
  if (error === undefined) return
  const failed = results?.find((result) => result.status === 'Error')
  throw failed ? new MigrationFailed(failed.migrationName, error) : error
}

/** Every name once: two lists naming the same migration are a mistake in the composition. */
function combined(lists: readonly Migrations[]): Migrations {
  const all: Record<string, Migration> = {}
  for (const list of lists)
    for (const [name, migration] of Object.entries(list)) {
      if (name in all) throw new Error(`two lists hold a migration named ${name}`)
      all[name] = migration
    }
  return all
}

// Kysely sorts the provided names with Array.sort (code units) and breaks ties among the recorded ones with
// the comparator (localeCompare by default); one order for both.
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

function providerOf(migrations: Migrations, engine: Engine): MigrationProvider {
  // Read once per run, inside the migrator's transaction and lock, at the first migration that asks.
  let legacy: Promise<number> | undefined
  return {
    getMigrations: async () =>
      Object.fromEntries(
        Object.entries(migrations).map(([name, { up, legacyVersion }]) => [
          name,
          {
            up: async (db) => {
              const appliedAt = legacyVersion?.[engine]
              if (appliedAt !== undefined && (await (legacy ??= legacyVersionOf(db, engine))) >= appliedAt) return
              await up(db, engine)
            },
          },
        ]),
      ),
  }
}

async function executedNames(db: Kysely<Tables>, engine: Engine): Promise<string[]> {
  if (!(await tableExists(db, engine, DEFAULT_MIGRATION_TABLE))) return []
  const { rows } = await sql<{ name: string }>`SELECT name FROM ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db)
  return rows.map((row) => row.name)
}

// One catalog lookup (Kysely's introspection reads every table's columns).
async function tableExists(db: Kysely<Tables>, engine: Engine, name: string): Promise<boolean> {
  const { rows } =
    engine === 'sqlite'
      ? await sql`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ${name}`.execute(db)
      : await sql`SELECT 1 WHERE to_regclass(${name}) IS NOT NULL`.execute(db)
  return rows.length > 0
}

/** How far the runner before Kysely's took this database: 0 for a database it never saw. */
async function legacyVersionOf(db: Kysely<Tables>, engine: Engine): Promise<number> {
  if (engine === 'sqlite') {
    const { rows } = await sql<{ user_version: number }>`PRAGMA user_version`.execute(db)
    return Number(rows[0]?.user_version ?? 0)
  }
  if (!(await tableExists(db, engine, 'schema_migrations'))) return 0
  const recorded = await sql<{ version: number | null }>`SELECT max(version) AS version FROM schema_migrations`.execute(db)
  return Number(recorded.rows[0]?.version ?? 0)
}
