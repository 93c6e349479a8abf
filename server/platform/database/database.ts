// One open database, whichever engine holds it: a Kysely instance over the tables (schema.ts) and the few
// things the engines truly do differently (sqlite.ts, postgres.ts). The stores (signups, consent, the outbox,
// the console) are written once over this, and server/compose.ts composes them.
import type { Kysely, RawBuilder, SelectQueryBuilder, Transaction } from 'kysely'
import type { RateLimiter, RateLimitOptions } from '../http/rate-limit'
import type { Engine } from './contract'
import type { Tables } from './schema'

export type Db = Kysely<Tables> | Transaction<Tables>

/** The connections, for the metrics: how many the pool may open, how many are open, and (where the engine's
 * pool says) how many are idle and how many queries wait for one. */
export type PoolUse = { size: number; open: number; idle?: number; waiting?: number }

export interface Database {
  readonly engine: Engine
  readonly db: Kysely<Tables>
  /** For long reads (the console's pages, searches and exports), which must never hold up a signup or
   * /healthz: on SQLite two read connections of its own off the event loop, on PostgreSQL a pool of its own
   * beside the one signups use. Reads only: it never writes, and sees what `db` has committed. */
  readonly reads: Kysely<Tables>
  /** The database's own random salt for the hashes a feature keeps of what it erased, made at first open. */
  readonly erasureSalt: string
  /** The engine runs INSERTs inside WITH, so statements that write together can be one statement, one round
   * trip (PostgreSQL). SQLite cannot, and needs none: it runs them one after another in-process, in a transaction. */
  readonly writesInWith: boolean
  /** A bound ISO 8601 instant, as a value the engine compares and stores as a timestamp. */
  instant(iso: string): RawBuilder<string>
  /** The UTC calendar day of a timestamp column: `key`, as an index holds it (features/console/migrations.ts
   * spells the same expression), compared with and grouped by; and `text`, the key as YYYY-MM-DD. */
  utcDay(column: 'created_at'): { key: RawBuilder<string>; text: RawBuilder<string> }
  /** Locks the selected rows until the transaction ends, where the engine has row locks (PostgreSQL); on SQLite
   * the write transaction already holds the whole file. `skipLocked` passes over rows another instance holds. */
  lockRows<Q extends SelectQueryBuilder<Tables, keyof Tables, object>>(query: Q, options?: { skipLocked?: boolean }): Q
  /** Runs `work` waiting at most `waitMs` for another connection's lock, where a caller must not wait out the
   * usual bound (the health check): a busy timeout on SQLite, a lock and statement timeout on PostgreSQL. */
  withBriefLockWait<T>(waitMs: number, work: (db: Db) => Promise<T>): Promise<T>
  /** The engine's error as the store's: StoreUnavailableError when the database is away for now, else as is. */
  classify(error: unknown): unknown
  /** A per-client limiter: in memory for one process on SQLite, shared by every instance on PostgreSQL. */
  rateLimiter(options: RateLimitOptions): RateLimiter
  /** PostgreSQL's pool as pg counts it; SQLite's one connection, open for the process's life, whose queue of
   * queries (Kysely's, in this process) is not visible. */
  poolUse(): PoolUse
  /** The full check of the stored data, which a server starts once it serves (main.ts), so that the start does not
   * grow with the database: on SQLite `PRAGMA quick_check` through the read connection, off the event loop
   * (sqlite-file.ts says what it finds); PostgreSQL checks its own pages as it reads them, and has nothing to
   * run (`checked` false). Started once, however often asked; `damage` is one line saying what is damaged. */
  checkStoredData(): Promise<{ checked: boolean; damage?: string }>
  /** What the check found damaged, once it has: the health check then fails (health.ts). */
  damage(): string | undefined
  /** For a bulk writer to wait on between its batches (in-turns.ts, the retention sweep): on SQLite, folds the
   * write-ahead log into the file now, off the event loop (a checkpoint on the read thread). Batches written back
   * to back grow the log faster than the read thread's checkpoint each second folds it, until a commit crosses the
   * main connection's backstop (sqlite-checkpoints.ts) and checkpoints in itself, on the event loop: at a million
   * signups the retention sweep's every 32nd batch held the loop 150–210 ms so, against 7–9 ms for the others.
   * PostgreSQL's own checkpointer does this: resolves at once. */
  foldLog(): Promise<void>
  close(): Promise<void>
}

/** The database's own random salt for erased addresses, created once by whichever process gets there first. */
export async function erasureSaltOf(db: Kysely<Tables>, fresh: string): Promise<string> {
  await db.insertInto('consent_settings').values({ key: 'erasure_salt', value: fresh }).onConflict((conflict) => conflict.doNothing()).execute()
  const row = await db.selectFrom('consent_settings').select('value').where('key', '=', 'erasure_salt').executeTakeFirstOrThrow()
  return row.value
}
