// The scale-out engine: any number of stateless endpoint instances on one PostgreSQL, through a `pg` pool.
// Signups that arrive together share one INSERT (group commit, as on SQLite): the answer waits for its
// commit. Uniqueness is the database's: instances can never double a signup.
import { createHash, randomBytes, randomInt } from 'node:crypto'
import pg from 'pg'
import { postgresAdminStore } from '../admin/admin-store-postgres'
import { signUpAgain as signUpAgainRule } from '../consent/consent-rules'
import { erasedHashesOf } from '../consent/consent-store'
import { postgresConsentStore, postgresErasureSalt } from '../consent/consent-store-postgres'
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import type { RateLimiter, RateLimitOptions } from '../rate-limit'
import { noConsentRecord, type Signup } from '../validate'
import { redactUrl } from '../redact-url'
import { batchedAdd, exportPageSize, postgresIsoText, storedSignupColumns, storedSignupOf, StoreOpenError, StoreUnavailableError, type SignupStore } from './contract'
import { postgresMigrations } from './migrations/postgres'

export const postgresSchemaVersion = postgresMigrations.length
const postgresConsentVersion = 4
/** pg_advisory_xact_lock key held while migrating, so instances starting together migrate one at a time. */
const migrationLock = 0x5752_4944 // "WRID"

export async function openPostgresStore(databaseUrl: string, options: { poolSize?: number; upToVersion?: number } = {}): Promise<SignupStore> {
  const shown = redactUrl(databaseUrl)
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
  // A store opened at an older version (only the migration tests do) has no consent tables yet.
  const salt = (options.upToVersion ?? postgresSchemaVersion) >= postgresConsentVersion ? await postgresErasureSalt(pool, randomBytes(32).toString('hex')) : ''
  return postgresStore(pool, salt)
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
      for (const step of postgresMigrations[version - 1] ?? []) await (typeof step === 'string' ? client.query(step) : step(client))
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
// A deadlock or serialization failure (40P01, 40001) stored nothing either, and the same request may succeed.
function classify(error: unknown): unknown {
  const code = (error as { code?: unknown }).code
  const transient =
    (typeof code === 'string' && (/^(08|53|57|58)/.test(code) || /^E[A-Z]+$/.test(code) || code === '40P01' || code === '40001')) ||
    (error instanceof Error && /timeout|terminated|Connection|ECONN/i.test(error.message) && typeof code !== 'string')
  return transient ? new StoreUnavailableError(error) : error
}

function postgresStore(pool: pg.Pool, salt: string): SignupStore {
  const commitShard = randomInt(1024)
  let closing: Promise<void> | undefined
  // The signup and its consent record, in columns; an address erased before is never stored again (the reply
  // is the same). confirmation_queued_at starts the 10 minutes before a repeat may re-send the email. A
  // submission id already taken is left out rather than let it stop the signup (the address alone decides who
  // is listed); the same id twice in one batch keeps it on the first only. Every batch also bumps one of 1,024
  // counters, so a batch of repeats commits like one of new signups (contract.ts batchedAdd): the one this
  // instance drew at start, so instances almost never wait for the same counter row.
  const insertRows = (signups: Signup[], submissionIds: (string | null)[]) => {
    const consent = signups.map((signup) => signup.consent ?? noConsentRecord)
    const erased = signups.map((signup) => erasedHashesOf(salt, signup))
    // The confirmation emails are queued in the same statement, one for each signup it stores.
    return pool.query<{ email_normalized: string }>(
      `WITH counted AS (INSERT INTO signup_commits (shard, commits) VALUES ($13::int, 1)
         ON CONFLICT (shard) DO UPDATE SET commits = signup_commits.commits + 1),
       stored AS (INSERT INTO signups (email_normalized, email, first_name, source, submission_id, consent_version, utm_source, utm_medium, utm_campaign,
         referrer_origin, confirmation_queued_at)
       SELECT u.e, u.m, u.f, u.s, CASE WHEN EXISTS (SELECT 1 FROM signups t WHERE t.submission_id = u.i) THEN NULL ELSE u.i END,
         u.v, u.us, u.um, u.uc, u.r, now()
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])
         AS u(e, m, f, s, i, v, us, um, uc, r, h, h2)
       WHERE NOT EXISTS (SELECT 1 FROM erased_emails x WHERE x.email_hash IN (u.h, u.h2))
       ON CONFLICT (email_normalized) DO NOTHING RETURNING id, email_normalized, created_at),
       queued AS (INSERT INTO outbox (kind, signup_id, created_at, next_attempt_at) SELECT 'confirm', id, created_at, created_at FROM stored)
       SELECT email_normalized FROM stored`,
      [
        signups.map((s) => s.emailNormalized),
        signups.map((s) => s.email),
        signups.map((s) => s.firstName),
        signups.map((s) => s.source),
        submissionIds,
        consent.map((c) => c.version),
        consent.map((c) => c.utmSource),
        consent.map((c) => c.utmMedium),
        consent.map((c) => c.utmCampaign),
        consent.map((c) => c.referrerOrigin),
        erased.map(([canonical]) => canonical),
        erased.map(([, former]) => former),
        commitShard,
      ],
    )
  }

  // A listed address signs up again as the consent machine says; the UPDATE's conditions (the status and
  // queue time it read, to the millisecond a JS Date holds) make repeats racing on several instances queue
  // one email.
  async function signUpAgain(lookUp: Signup[], signups: Signup[]): Promise<void> {
    const { rows } = await pool.query<{ id: string; email_normalized: string; status: string; confirmation_queued_at: Date | null }>(
      'SELECT id, email_normalized, status, confirmation_queued_at FROM signups WHERE email_normalized = ANY($1::text[])',
      [lookUp.map((signup) => signup.emailNormalized)],
    )
    const now = new Date()
    await Promise.all(
      rows.map(async (row) => {
        const signup = signups.find((candidate) => candidate.emailNormalized === row.email_normalized)
        if (!signup) return
        const again = signUpAgainRule(row.status, row.confirmation_queued_at, now)
        if (!again) return
        const consent = signup.consent ?? noConsentRecord
        const fresh = again.freshConsent
          ? `, source = $6, consent_version = $7, utm_source = $8, utm_medium = $9, utm_campaign = $10, referrer_origin = $11, confirmed_at = NULL, unsubscribed_at = NULL`
          : ''
        const freshArgs = again.freshConsent ? [signup.source, consent.version, consent.utmSource, consent.utmMedium, consent.utmCampaign, consent.referrerOrigin] : []
        // The re-sent confirmation is queued in the same statement as the move, only if the move happened.
        await pool.query(
          `WITH moved AS (UPDATE signups SET status = $1, confirmation_queued_at = $2${fresh}
             WHERE id = $3 AND status = $4 AND date_trunc('milliseconds', confirmation_queued_at) IS NOT DISTINCT FROM $5 RETURNING id)
           INSERT INTO outbox (kind, signup_id, created_at, next_attempt_at) SELECT 'confirm', id, $2, $2 FROM moved`,
          [again.status, now, row.id, row.status, row.confirmation_queued_at, ...freshArgs],
        )
      }),
    )
  }

  // Signups that arrive together go in one multi-row INSERT: one statement, one commit, one WAL flush for
  // the batch (measured: see README). The rows it returns say which callers were added; each caller is
  // answered after that commit.
  const { add, settled } = batchedAdd(
    async (signups) => {
      // Every instance inserts in the same order (by address), so two batches holding some of the same new
      // addresses wait for each other in one direction only: never a deadlock.
      const ordered = [...signups].sort((a, b) => (a.emailNormalized < b.emailNormalized ? -1 : a.emailNormalized > b.emailNormalized ? 1 : 0))
      const seen = new Set<string>()
      const ids = ordered.map((s) => (s.submissionId === null || seen.has(s.submissionId) ? null : (seen.add(s.submissionId), s.submissionId)))
      // Another instance stored the same new submission id a moment ago: the batch goes again without ids.
      const { rows } = await insertRows(ordered, ids).catch((error: unknown) => {
        if ((error as { code?: string; constraint?: string }).code === '23505') return insertRows(ordered, ids.map(() => null))
        throw error
      })
      const inserted = new Set(rows.map((row) => row.email_normalized))
      const claimed = new Set<string>()
      // The same email twice in one batch: only the first of them was added.
      return signups.map((signup) => inserted.has(signup.emailNormalized) && !claimed.has(signup.emailNormalized) && claimed.add(signup.emailNormalized) !== undefined)
    },
    signUpAgain,
    classify,
  )

  return {
    engine: 'postgres',
    add,
    async *all() {
      let after = '0'
      for (;;) {
        const page = await pool.query<{ id: string } & Record<string, unknown>>(
          `SELECT id, ${storedSignupColumns(postgresIsoText)} FROM signups WHERE id > $1 ORDER BY id LIMIT $2`,
          [after, exportPageSize],
        )
        for (const row of page.rows) {
          yield storedSignupOf(row)
          after = row.id
        }
        if (page.rows.length < exportPageSize) return
      }
    },
    rateLimiter: (options) => sharedRateLimiter(pool, options),
    admin: postgresAdminStore(pool),
    consent: postgresConsentStore(pool, salt),
    settled,
    close: () => (closing ??= settled().then(() => pool.end())),
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
    async refund(key) {
      await limiter.reward(createHash('sha256').update(key).digest('base64url'), 1)
    },
  }
}
