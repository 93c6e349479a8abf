// The embedded engine: one SQLite file through @libsql/client, WAL with synchronous=FULL, one connection so the
// per-connection PRAGMAs apply to every statement. Signups that arrive together share one write transaction
// (group commit, see ../group-commit.ts): one fsync per batch, and each caller is answered after its commit.
import { createClient, LibsqlError, type Client, type InStatement } from '@libsql/client'
import { randomBytes } from 'node:crypto'
import { sqliteAdminStore } from '../admin/admin-store-sqlite'
import { signUpAgain as signUpAgainRule } from '../consent/consent-rules'
import { erasedHashesOf } from '../consent/consent-store'
import { sqliteConsentStore, sqliteErasureSalt } from '../consent/consent-store-sqlite'
import { createRateLimiter } from '../rate-limit'
import { noConsentRecord, type Signup } from '../validate'
import { batchedAdd, exportPageSize, storedSignupColumns, storedSignupOf, StoreOpenError, StoreUnavailableError, type SignupStore } from './contract'
import { sqliteMigrations } from './migrations/sqlite'

export const sqliteSchemaVersion = sqliteMigrations.length
const sqliteConsentVersion = 3


/** Opens (creating the file if needed, not its folder) the database at `databaseUrl` and migrates it. */
export async function openSqliteStore(databaseUrl: string, upToVersion = sqliteSchemaVersion): Promise<SignupStore> {
  const client = createClient({ url: databaseUrl, concurrency: 1, timeout: 5000 })
  try {
    await client.execute('PRAGMA journal_mode = WAL')
    await client.execute('PRAGMA synchronous = FULL')
    await client.execute('PRAGMA busy_timeout = 5000')
  } catch (error) {
    client.close()
    throw new StoreOpenError(`Cannot open the SQLite database ${databaseUrl}: ${(error as Error).message}`)
  }
  try {
    await withBusyRetries(() => migrate(client, upToVersion))
  } catch (error) {
    client.close()
    throw new StoreOpenError(`Migrating the SQLite database ${databaseUrl} failed: ${(error as Error).message}`)
  }
  // A store opened at an older version (only the migration tests do) has no consent tables yet.
  const salt = upToVersion >= sqliteConsentVersion ? await sqliteErasureSalt(client, randomBytes(32).toString('hex')) : ''
  return sqliteStore(client, salt)
}

// One write transaction (BEGIN IMMEDIATE) reads the version and applies what is missing, so two processes
// opening the same file at once (the server and an export) migrate one after the other.
async function migrate(client: Client, upToVersion: number): Promise<void> {
  const transaction = await client.transaction('write')
  try {
    const current = Number((await transaction.execute('PRAGMA user_version')).rows[0]?.[0] ?? 0)
    if (current > sqliteSchemaVersion) throw new Error(`it is at schema version ${current}, newer than this release (${sqliteSchemaVersion})`)
    for (let version = current + 1; version <= upToVersion; version++) {
      for (const step of sqliteMigrations[version - 1] ?? []) await (typeof step === 'string' ? transaction.execute(step) : step(transaction))
      await transaction.execute(`PRAGMA user_version = ${version}`)
    }
    await transaction.commit()
  } finally {
    transaction.close()
  }
}

// While another process switches a new file to WAL, SQLite answers SQLITE_BUSY at once, without waiting
// out busy_timeout; try again for a few seconds.
async function withBusyRetries<T>(work: () => Promise<T>, attempts = 50): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      if (attempt >= attempts || !(error instanceof LibsqlError && error.code.startsWith('SQLITE_BUSY'))) throw error
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80))
    }
  }
}

// Busy, locked, I/O and disk-full errors pass; anything else is a bug and stays a 500.
const transient = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY)/
function classify(error: unknown): unknown {
  return error instanceof LibsqlError && transient.test(error.code) ? new StoreUnavailableError(error) : error
}

function sqliteStore(client: Client, salt: string): SignupStore {
  // The signup and its consent record; an address erased before is never stored again (the reply is the same).
  // A submission id already taken (by this email's earlier try, or by a client that reused one for another
  // person) is left out rather than let it stop the signup: the address alone decides who is listed.
  const insert = (signup: Signup, now: string): InStatement => {
    const consent = signup.consent ?? noConsentRecord
    return {
      sql: `INSERT INTO signups (email_normalized, email, first_name, source, submission_id, created_at, confirmation_queued_at,
              consent_version, utm_source, utm_medium, utm_campaign, referrer_origin)
            SELECT ?, ?, ?, ?, CASE WHEN EXISTS (SELECT 1 FROM signups WHERE submission_id = ?) THEN NULL ELSE ? END, ?, ?, ?, ?, ?, ?, ?
            WHERE NOT EXISTS (SELECT 1 FROM erased_emails WHERE email_hash IN (?, ?))
            ON CONFLICT (email_normalized) DO NOTHING`,
      args: [
        signup.emailNormalized,
        signup.email,
        signup.firstName,
        signup.source,
        signup.submissionId,
        signup.submissionId,
        now,
        now,
        consent.version,
        consent.utmSource,
        consent.utmMedium,
        consent.utmCampaign,
        consent.referrerOrigin,
        ...erasedHashesOf(salt, signup),
      ],
    }
  }
  // The confirmation email, queued in the transaction that stores (or signs up again) its signup, only when the
  // statement just before it changed a row: a signup never exists without its email, nor an email without it.
  const queueConfirmation = (signupId: number | 'last_insert_rowid()', now: string): InStatement => ({
    sql: `INSERT INTO outbox (kind, signup_id, created_at, next_attempt_at) SELECT 'confirm', ${signupId === 'last_insert_rowid()' ? signupId : '?'}, ?, ? WHERE changes() = 1`,
    args: signupId === 'last_insert_rowid()' ? [now, now] : [signupId, now, now],
  })
  // Every batch writes this counter, so a batch of repeats commits (and waits for its fsync) like new signups.
  const countCommit: InStatement = 'INSERT INTO signup_commits (shard, commits) VALUES (0, 1) ON CONFLICT (shard) DO UPDATE SET commits = commits + 1'

  // A listed address signs up again as the consent machine says (re-sending a pending address's confirmation
  // at most every 10 minutes); the UPDATE's conditions make racing repeats queue once.
  async function signUpAgain(lookUp: Signup[], signups: Signup[]): Promise<void> {
    const emails = [...new Set(lookUp.map((signup) => signup.emailNormalized))]
    const existing = await client.execute({
      sql: `SELECT id, email_normalized, status, confirmation_queued_at FROM signups WHERE email_normalized IN (${emails.map(() => '?').join(', ')})`,
      args: emails,
    })
    const now = new Date()
    for (const row of existing.rows) {
      const signup = signups.find((candidate) => candidate.emailNormalized === String(row.email_normalized))
      if (!signup) continue
      const queuedAt = row.confirmation_queued_at === null ? null : String(row.confirmation_queued_at)
      const again = signUpAgainRule(String(row.status), queuedAt === null ? null : new Date(queuedAt), now)
      if (!again) continue
      const consent = signup.consent ?? noConsentRecord
      const fresh = again.freshConsent
        ? { sql: ', source = ?, consent_version = ?, utm_source = ?, utm_medium = ?, utm_campaign = ?, referrer_origin = ?, confirmed_at = NULL, unsubscribed_at = NULL', args: [signup.source, consent.version, consent.utmSource, consent.utmMedium, consent.utmCampaign, consent.referrerOrigin] }
        : { sql: '', args: [] }
      await client.batch(
        [
          {
            sql: `UPDATE signups SET status = ?, confirmation_queued_at = ?${fresh.sql} WHERE id = ? AND status = ? AND confirmation_queued_at IS ?`,
            args: [again.status, now.toISOString(), ...fresh.args, Number(row.id), String(row.status), queuedAt],
          },
          queueConfirmation(Number(row.id), now.toISOString()),
        ],
        'write',
      )
    }
  }

  const { add, settled } = batchedAdd(
    async (signups) => {
      const now = new Date().toISOString()
      const results = await client.batch([...signups.flatMap((signup) => [insert(signup, now), queueConfirmation('last_insert_rowid()', now)]), countCommit], 'write')
      return signups.map((_, index) => results[2 * index]?.rowsAffected === 1)
    },
    signUpAgain,
    classify,
  )

  return {
    engine: 'sqlite',
    add,
    async *all() {
      let after = 0
      for (;;) {
        const page = await client.execute({
          sql: `SELECT id, ${storedSignupColumns()} FROM signups WHERE id > ? ORDER BY id LIMIT ?`,
          args: [after, exportPageSize],
        })
        for (const row of page.rows) {
          yield storedSignupOf(row)
          after = Number(row.id)
        }
        if (page.rows.length < exportPageSize) return
      }
    },
    // One process, one file: the in-memory limiter is the whole truth.
    rateLimiter: (options) => createRateLimiter(options),
    admin: sqliteAdminStore(client),
    consent: sqliteConsentStore(client, salt),
    settled,
    close: async () => {
      await settled()
      client.close()
    },
  }
}
