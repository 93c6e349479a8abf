// The scale-out engine: any number of stateless endpoint instances on one PostgreSQL, through a `pg` pool.
// Signups that arrive together share one INSERT (group commit, as on SQLite): the answer waits for its
// commit. Uniqueness is the database's: instances can never double a signup.
import { createHash } from 'node:crypto'
import pg from 'pg'
import { postgresAdminStore } from '../admin/admin-store-postgres'
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import type { RateLimiter, RateLimitOptions } from '../rate-limit'
import type { Signup } from '../validate'
import { redactDatabaseUrl } from './database-url'
import { batchedAdd, exportPageSize, StoreOpenError, StoreUnavailableError, type SignupStore } from './contract'
import { postgresMigrations } from './migrations/postgres'

export const postgresSchemaVersion = postgresMigrations.length
/** pg_advisory_xact_lock key held while migrating, so instances starting together migrate one at a time. */
const migrationLock = 0x5752_4944 // "WRID"

export async function openPostgresStore(databaseUrl: string, options: { poolSize?: number; upToVersion?: number } = {}): Promise<SignupStore> {
  const shown = redactDatabaseUrl(databaseUrl)
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
    // A request must get its answer before the visitor's 15 s timer runs out: give up on a stuck query first.
    query_timeout: 10_000,
  })
  // An idle connection dropped by the server (a restart, a failover) must not take the process down;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.error(`database: idle connection lost (${error.message})`))
  let version = 0
  try {
    await pool.query('SELECT 1')
  } catch (error) {
    await pool.end().catch(() => {})
    throw new StoreOpenError(`Cannot reach the PostgreSQL database at ${shown}: ${reasonOf(error)}`)
  }
  try {
    await migrate(pool, options.upToVersion ?? postgresSchemaVersion, (reached) => (version = reached))
  } catch (error) {
    await pool.end().catch(() => {})
    throw new StoreOpenError(`Migrating the PostgreSQL database at ${shown} to version ${version + 1} failed: ${reasonOf(error)}`)
  }
  return postgresStore(pool)
}

const reasonOf = (error: unknown) => {
  const message = error instanceof Error ? error.message || (error as NodeJS.ErrnoException).code || error.name : String(error)
  // AggregateError (every address refused) has an empty message; its parts say what happened.
  if (error instanceof AggregateError && !error.message) return error.errors.map((part: Error) => part.message).join('; ')
  return message
}

async function migrate(pool: pg.Pool, upToVersion: number, reached: (version: number) => void): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    await client.query('SELECT pg_advisory_xact_lock($1)', [migrationLock])
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )`)
    const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations')
    const current = rows[0]?.version ?? 0
    reached(current)
    if (current > postgresSchemaVersion) throw new Error(`it is at schema version ${current}, newer than this release (${postgresSchemaVersion})`)
    for (let version = current + 1; version <= upToVersion; version++) {
      for (const statement of postgresMigrations[version - 1] ?? []) await client.query(statement)
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version])
      reached(version)
    }
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    client.release()
  }
}

// Connection exceptions (08), insufficient resources (53), operator intervention such as a shutdown (57),
// system errors (58), and the driver's own network and timeout failures: the database is away, not wrong.
function classify(error: unknown): unknown {
  const code = (error as { code?: unknown }).code
  const transient =
    (typeof code === 'string' && (/^(08|53|57|58)/.test(code) || /^E[A-Z]+$/.test(code))) ||
    (error instanceof Error && /timeout|terminated|Connection|ECONN/i.test(error.message) && typeof code !== 'string')
  return transient ? new StoreUnavailableError(error) : error
}

function postgresStore(pool: pg.Pool): SignupStore {
  let closing: Promise<void> | undefined
  const insertOne = (signup: Signup, submissionId: string | null) =>
    pool.query(
      `INSERT INTO signups (email_normalized, email, first_name, source, submission_id)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
      [signup.emailNormalized, signup.email, signup.firstName, signup.source, submissionId],
    )

  // As on SQLite: a conflict is either a listed email, or a submission id reused for another email, in which
  // case the person is kept without the id. One query tells which of a batch's conflicts are listed.
  async function settleConflicts(signups: Signup[]): Promise<('added' | 'duplicate')[]> {
    const { rows } = await pool.query<{ email_normalized: string }>('SELECT email_normalized FROM signups WHERE email_normalized = ANY($1::text[])', [
      signups.map((signup) => signup.emailNormalized),
    ])
    const listed = new Set(rows.map((row) => row.email_normalized))
    return Promise.all(
      signups.map(async (signup) => (listed.has(signup.emailNormalized) ? 'duplicate' : (await insertOne(signup, null)).rowCount === 1 ? 'added' : 'duplicate')),
    )
  }

  // Signups that arrive together go in one multi-row INSERT: one statement, one commit, one WAL flush for
  // the batch (measured: see README). The rows it returns say which callers were added; each caller is
  // answered after that commit.
  const add = batchedAdd(
    async (signups) => {
      const column = (pick: (signup: Signup) => string | null) => signups.map(pick)
      const { rows } = await pool.query<{ email_normalized: string; submission_id: string | null }>(
        `INSERT INTO signups (email_normalized, email, first_name, source, submission_id)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
         ON CONFLICT DO NOTHING RETURNING email_normalized, submission_id`,
        [column((s) => s.emailNormalized), column((s) => s.email), column((s) => s.firstName), column((s) => s.source), column((s) => s.submissionId)],
      )
      const inserted = rows.map((row) => `${row.email_normalized}\n${row.submission_id ?? ''}`)
      return signups.map((signup) => {
        const at = inserted.indexOf(`${signup.emailNormalized}\n${signup.submissionId ?? ''}`)
        if (at >= 0) inserted.splice(at, 1) // the same email twice in one batch: only one of them was added
        return at >= 0
      })
    },
    settleConflicts,
    classify,
  )

  return {
    engine: 'postgres',
    add,
    async *all() {
      let after = '0'
      for (;;) {
        const page = await pool.query<{ id: string; created_at: Date; email: string; first_name: string; source: string }>(
          'SELECT id, created_at, email, first_name, source FROM signups WHERE id > $1 ORDER BY id LIMIT $2',
          [after, exportPageSize],
        )
        for (const row of page.rows) {
          yield { createdAt: row.created_at.toISOString(), email: row.email, firstName: row.first_name, source: row.source }
          after = row.id
        }
        if (page.rows.length < exportPageSize) return
      }
    },
    rateLimiter: (options) => sharedRateLimiter(pool, options),
    admin: postgresAdminStore(pool),
    close: () => (closing ??= pool.end()),
  }
}

/** One atomic upsert per hit in the shared rate_limits table; while the database is unreachable, each
 * instance falls back to counting in memory. Addresses are stored as SHA-256 digests, and expired rows are
 * deleted hourly. */
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
  return {
    async hit(key) {
      try {
        await limiter.consume(createHash('sha256').update(key).digest('base64url'))
        return { allowed: true }
      } catch (result) {
        if (result instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)) }
        throw new StoreUnavailableError(result)
      }
    },
  }
}
