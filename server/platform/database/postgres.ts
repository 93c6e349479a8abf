// The scale-out engine: any number of stateless endpoint instances on one PostgreSQL, through a `pg` pool under
// Kysely's PostgreSQL dialect. The pool reads timestamps back as ISO 8601 text and 64-bit integers as numbers,
// so the stores see the same rows as on SQLite. Uniqueness is the database's: instances can never double a signup.
// The console's long reads have a small pool of their own (`reads`), so they wait for each other, never for
// the connections signups use, and never take one.
import { createHash, randomBytes } from 'node:crypto'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import type { RateLimiter, RateLimitOptions } from '../http/rate-limit'
import { silentLogger, type Logger } from '../observability/logger'
import { redactUrl } from '../secrets/redact-url'
import { StoreOpenError, StoreUnavailableError } from './contract'
import { erasureSaltOf, type Database } from './database'
import { platformMigrations } from './migrations'
import { migrate, MigrationFailed, MigrationRefused, type Migrations } from './migrate'
import { readsOnly } from './reads-only'
import type { Tables } from './schema'

// int8 (ids, counts) as numbers, timestamptz as the ISO text SQLite stores; every other type as pg reads it.
const readAs: Record<number, (text: string) => unknown> = { 20: Number, 1184: (text) => new Date(text).toISOString() }
const types = { getTypeParser: (oid: number, format?: 'text' | 'binary') => readAs[oid] ?? pg.types.getTypeParser(oid, format) }

/** Connections of the console's read pool, beside DATABASE_POOL_SIZE's (README.md's configuration). */
const readPoolSize = 2

/** Opens a pool on the database at `databaseUrl` and runs the platform's migrations and the features'
 * (`migrations`), all of them or those before `stopBefore`. */
export async function openPostgresDatabase(
  databaseUrl: string,
  options: { migrations: readonly Migrations[]; stopBefore?: string; apply?: boolean; poolSize?: number; queryTimeoutMs?: number; log?: Logger },
): Promise<Database> {
  const shown = redactUrl(databaseUrl)
  const poolSize = options.poolSize ?? 10
  const log = options.log ?? silentLogger
  const queryTimeoutMs = options.queryTimeoutMs ?? 10_000
  const pool = openPool(databaseUrl, poolSize, queryTimeoutMs, log)
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) })
  try {
    await sql`SELECT 1`.execute(db)
  } catch (error) {
    await db.destroy().catch(() => {})
    throw new StoreOpenError(`Cannot reach the PostgreSQL database at ${shown}: ${reasonOf(error)}`)
  }
  const { stopBefore, apply } = options
  try {
    await migrate(db, 'postgres', [platformMigrations, ...options.migrations], { stopBefore, apply })
  } catch (error) {
    await db.destroy().catch(() => {})
    if (error instanceof MigrationRefused) throw new StoreOpenError(`The PostgreSQL database at ${shown} ${error.message}`)
    const at = error instanceof MigrationFailed ? ` at ${error.migration}` : ''
    throw new StoreOpenError(`Migrating the PostgreSQL database at ${shown} failed${at}: ${reasonOf(error instanceof MigrationFailed ? error.reason : error)}`)
  }
  // A database migrated only part way (the migration tests do that) may have no settings table yet.
  const erasureSalt = stopBefore === undefined ? await erasureSaltOf(db, randomBytes(32).toString('hex')) : ''
  // pg connects lazily: an instance whose console nobody opens never opens these.
  const reads = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: openPool(databaseUrl, readPoolSize, queryTimeoutMs, log) }), plugins: [readsOnly] })
  let closing: Promise<void> | undefined
  return {
    engine: 'postgres',
    db,
    reads,
    erasureSalt,
    writesInWith: true,
    instant: (iso) => sql<string>`${iso}::timestamptz`,
    // A date, which an index can hold (to_char cannot be indexed: its output depends on the session's settings).
    utcDay: (column) => {
      const day = sql<string>`(${sql.ref(column)} AT TIME ZONE 'UTC')::date`
      return { key: day, text: sql<string>`to_char(${day}, 'YYYY-MM-DD')` }
    },
    lockRows: (query, { skipLocked = false } = {}) => (skipLocked ? query.forUpdate().skipLocked() : query.forUpdate()) as typeof query,
    withBriefLockWait: (waitMs, work) =>
      db.transaction().execute(async (transaction) => {
        for (const setting of ['lock_timeout', 'statement_timeout']) await sql.raw(`SET LOCAL ${setting} = ${Math.round(waitMs)}`).execute(transaction)
        return work(transaction)
      }),
    classify,
    rateLimiter: (limits) => sharedRateLimiter(pool, limits),
    poolUse: () => ({ size: poolSize, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    checkStoredData: () => Promise.resolve({ checked: false }),
    damage: () => undefined,
    foldLog: async () => {},
    close: () => (closing ??= Promise.all([reads.destroy(), db.destroy()]).then(() => {})),
  }
}

/** A pool on the database, reading rows as SQLite's (`types`). */
function openPool(databaseUrl: string, max: number, queryTimeoutMs: number, log: Logger): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    connectionTimeoutMillis: 5000,
    // A request must get its answer before the visitor's 15 s timer runs out: give up on a stuck query first.
    query_timeout: queryTimeoutMs,
    types,
  })
  // An idle connection dropped by the server (a restart, a failover) must not take the process down; the pool
  // replaces it on the next query.
  pool.on('error', (error) => log.warn({ err: error }, 'database: idle connection lost; the pool opens another at the next query'))
  // A connection lost while lent out (inside a transaction, between two statements) fails that statement; its
  // client must not also throw the loss as an uncaught 'error'. The pool drops a broken client when it is given back.
  pool.on('connect', (client) => client.on('error', () => {}))
  return pool
}

const reasonOf = (error: unknown) => {
  // AggregateError (every address refused) has an empty message; its parts say what happened.
  if (error instanceof AggregateError && !error.message) return error.errors.map((part: Error) => part.message).join('; ')
  return error instanceof Error ? error.message || (error as NodeJS.ErrnoException).code || error.name : String(error)
}

// Connection exceptions (08), insufficient resources (53), operator intervention such as a shutdown (57),
// system errors (58), and the driver's own network and timeout failures: the database is away, not wrong.
// A deadlock or serialization failure (40P01, 40001) stored nothing either, and the same request may succeed.
function classify(error: unknown): unknown {
  const code = (error as { code?: unknown }).code
  const transient =
    (typeof code === 'string' && (/^(08|53|57|58)/.test(code) || /^E[A-Z]+$/.test(code) || code === '40P01' || code === '40001')) ||
    (error instanceof Error && /timeout|terminated|Connection|ECONN/i.test(error.message) && typeof code !== 'string')
  return transient ? new StoreUnavailableError(error) : error
}

/** One atomic upsert per hit in the shared rate_limits table; while the database is unreachable, each instance
 * falls back to counting in memory. Addresses are stored as SHA-256 digests, and expired rows are deleted hourly. */
function sharedRateLimiter(pool: pg.Pool, { max, windowMs }: RateLimitOptions): RateLimiter {
  const duration = Math.max(1, Math.ceil(windowMs / 1000)) // the library counts whole seconds
  const limiter = new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: 'signup',
    points: max,
    duration,
    insuranceLimiter: new RateLimiterMemory({ points: max, duration }),
  })
  const keyOf = (key: string) => createHash('sha256').update(key).digest('base64url')
  return {
    async hit(key) {
      try {
        await limiter.consume(keyOf(key))
        return { allowed: true }
      } catch (result) {
        if (result instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)) }
        throw new StoreUnavailableError(result)
      }
    },
    async refund(key) {
      await limiter.reward(keyOf(key), 1)
    },
  }
}
