// The embedded engine: one SQLite file through libsql (better-sqlite3's API) under Kysely's SQLite dialect. One
// connection, so the per-connection PRAGMAs (WAL, synchronous=FULL, checkpoints only as a backstop: they run in
// the read thread, sqlite-checkpoints.ts) apply to every statement; Kysely lends it to one query or transaction at a
// time, and every transaction is BEGIN IMMEDIATE (it takes the write lock at once, so a transaction that reads
// then writes never fails to upgrade its lock). The console's long reads go to a second connection, read-only
// and in a thread of its own (sqlite-reads.ts), off the event loop.
import Database from 'libsql'
import { Kysely, SqliteAdapter, SqliteDialect, sql, type DialectAdapter, type Driver } from 'kysely'
import { randomBytes } from 'node:crypto'
import { createRateLimiter } from '../http/rate-limit'
import { noteHeld } from '../observability/event-loop'
import { StoreOpenError, StoreUnavailableError } from './contract'
import { erasureSaltOf, type Database as OpenDatabase } from './database'
import { sqliteFilePath } from './database-url'
import { platformMigrations } from './migrations'
import { migrate, MigrationFailed, MigrationRefused, type Migrations } from './migrate'
import type { Tables } from './schema'
import { quickCheck } from './sqlite-file'
import { checkpointRules, checkpointsOffTheLoop } from './sqlite-checkpoints'
import { openSqliteReads } from './sqlite-reads'

const busyTimeoutMs = 5000

/** The statement, its runs timed for the event loop's guard (platform/observability/event-loop.ts noteHeld). */
function timed(statement: Database.Statement): Database.Statement {
  for (const method of ['all', 'run', 'get'] as const) {
    const call = statement[method].bind(statement) as (...parameters: unknown[]) => unknown
    Object.defineProperty(statement, method, {
      value: (...parameters: unknown[]) => {
        const started = performance.now()
        try {
          return call(...parameters)
        } finally {
          noteHeld(performance.now() - started)
        }
      },
    })
  }
  return statement
}

/** How SQLite's SQL differs where the stores ask (database.ts): timestamps are ISO text, so an instant is the text
 * itself and a day its first ten characters; no INSERT inside WITH; no row locks, the write transaction holds the
 * whole file. */
export const sqliteSql: Pick<OpenDatabase, 'writesInWith' | 'instant' | 'utcDay' | 'lockRows'> = {
  writesInWith: false,
  instant: (iso) => sql<string>`${iso}`,
  utcDay: (column) => {
    const day = sql<string>`substr(${sql.ref(column)}, 1, 10)`
    return { key: day, text: day }
  },
  lockRows: (query) => query,
}

/** Opens (creating the file if needed, not its folder) the database at `databaseUrl` and runs the platform's
 * migrations and the features' (`migrations`), all of them or those before `stopBefore`. */
export async function openSqliteDatabase(databaseUrl: string, options: { migrations: readonly Migrations[]; stopBefore?: string; apply?: boolean }): Promise<OpenDatabase> {
  let file: Database.Database
  try {
    file = new Database(sqliteFilePath(databaseUrl), { timeout: busyTimeoutMs })
    // Checkpoints run in the read thread; this connection's only as a backstop (sqlite-checkpoints.ts).
    await withBusyRetries(() =>
      file.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA wal_autocheckpoint = ${checkpointRules.mainConnectionPages}`),
    )
  } catch (error) {
    throw new StoreOpenError(`Cannot open the SQLite database ${databaseUrl}: ${(error as Error).message}`)
  }
  // Kysely's driver opens every transaction with a plain (deferred) BEGIN; this one connection makes it IMMEDIATE.
  // Each statement is timed: it holds the event loop while it runs, and the loop's guard says whose it was.
  const connection = Object.create(file, { prepare: { value: (text: string) => timed(file.prepare(text === 'begin' ? 'begin immediate' : text)) } }) as Database.Database
  const db = new Kysely<Tables>({ dialect: new OneFileDialect(file, connection) })
  const { stopBefore, apply } = options
  try {
    await withBusyRetries(() => migrate(db, 'sqlite', [platformMigrations, ...options.migrations], { stopBefore, apply }))
  } catch (error) {
    await db.destroy()
    if (error instanceof MigrationRefused) throw new StoreOpenError(`The SQLite database ${databaseUrl} ${error.message}`)
    const at = error instanceof MigrationFailed ? ` at ${error.migration}` : ''
    throw new StoreOpenError(`Migrating the SQLite database ${databaseUrl} failed${at}: ${((error instanceof MigrationFailed ? error.reason : error) as Error).message}`)
  }
  // A database migrated only part way (the migration tests do that) may have no settings table yet.
  const erasureSalt = stopBefore === undefined ? await erasureSaltOf(db, randomBytes(32).toString('hex')) : ''
  const { reads, close: closeReads } = openSqliteReads(sqliteFilePath(databaseUrl), busyTimeoutMs)
  const checkpoints = checkpointsOffTheLoop(sqliteFilePath(databaseUrl), reads)
  let closing: Promise<void> | undefined
  let checking: Promise<{ checked: boolean; damage?: string }> | undefined
  let damage: string | undefined
  return {
    engine: 'sqlite',
    db,
    reads,
    erasureSalt,
    ...sqliteSql,
    // The one connection, held for the work; while it is held no other statement runs, so the shorter wait
    // applies to this work only.
    withBriefLockWait: (waitMs, work) =>
      db.connection().execute(async (connection) => {
        await sql.raw(`PRAGMA busy_timeout = ${Math.round(waitMs)}`).execute(connection)
        try {
          return await work(connection)
        } finally {
          await sql.raw(`PRAGMA busy_timeout = ${busyTimeoutMs}`).execute(connection)
        }
      }),
    classify,
    // One process, one file: the in-memory limiter is the whole truth.
    rateLimiter: (options) => createRateLimiter(options),
    poolUse: () => ({ size: 1, open: 1 }),
    // A stop during the check waits for it, as for any read in hand (at a million signups: 1 s with the file in
    // the page cache, 14–17 s from a cold one).
    checkStoredData: () =>
      (checking ??= quickCheck(reads, sqliteFilePath(databaseUrl)).then((found) => {
        damage = found
        return { checked: true, damage: found }
      })),
    damage: () => damage,
    foldLog: () => checkpoints.foldNow(),
    // The reader first: the main connection, closing last, folds the WAL back into the file.
    close: () => (closing ??= checkpoints.stop().then(closeReads).finally(() => db.destroy())),
  }
}

/**
 * Kysely's SQLite dialect over the one connection, with migrations in one transaction, rolling back only a
 * transaction that is still open.
 *
 * Kysely's SQLite adapter says SQLite has no transactional DDL, so its Migrator would run each statement on
 * its own: a crash part way would leave a migration half done, and two processes starting together would
 * both find it pending. SQLite's DDL is transactional and this dialect's every transaction is BEGIN IMMEDIATE,
 * so with the adapter saying so the Migrator's one transaction holds the write lock from its first read:
 * processes starting together migrate one after the other (migrate.ts).
 *
 * On a full disk or an I/O error SQLite may end the transaction itself (https://www.sqlite.org/lang_transaction.html,
 * "Response To Errors Within A Transaction"); Kysely's ROLLBACK after that fails with "cannot rollback - no
 * transaction is active", and that error, thrown from its catch, would replace the real one: a full disk then
 * answered 500 instead of the 503 that `classify` gives it.
 */
class OneFileDialect extends SqliteDialect {
  readonly #file: Database.Database
  constructor(file: Database.Database, connection: Database.Database) {
    super({ database: connection })
    this.#file = file
  }
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlAdapter()
  }
  override createDriver(): Driver {
    const driver = super.createDriver()
    const rollback = driver.rollbackTransaction.bind(driver)
    driver.rollbackTransaction = async (connection) => {
      if (this.#file.inTransaction) await rollback(connection)
    }
    return driver
  }
}

class TransactionalDdlAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl() {
    return true
  }
}

// While another process switches a new file to WAL, SQLite answers SQLITE_BUSY at once, without waiting out
// the busy timeout; try again for a few seconds.
async function withBusyRetries<T>(work: () => T | Promise<T>, attempts = 50): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      if (attempt >= attempts || !/^SQLITE_BUSY/.test(codeOf(error))) throw error
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80))
    }
  }
}

const codeOf = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? '')
// Busy, locked, I/O and disk-full errors pass; anything else is a bug and stays a 500.
const classify = (error: unknown) => (/^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY)/.test(codeOf(error)) ? new StoreUnavailableError(error) : error)
