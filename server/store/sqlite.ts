// The embedded engine: one SQLite file through @libsql/client, WAL with synchronous=FULL, one connection so the
// per-connection PRAGMAs apply to every statement. Signups that arrive together share one write transaction
// (group commit, see ../group-commit.ts): one fsync per batch, and each caller is answered after its commit.
import { createClient, LibsqlError, type Client, type InStatement } from '@libsql/client'
import { sqliteAdminStore } from '../admin/admin-store-sqlite'
import { createRateLimiter } from '../rate-limit'
import type { Signup } from '../validate'
import { batchedAdd, exportPageSize, StoreOpenError, StoreUnavailableError, type SignupStore } from './contract'
import { sqliteMigrations } from './migrations/sqlite'

export const sqliteSchemaVersion = sqliteMigrations.length

/** The path of a `file:` URL as SQLite reads it (relative paths stay relative to the working directory). */
export function filePathOf(databaseUrl: string): string {
  const path = databaseUrl.slice('file:'.length).split('?')[0] ?? ''
  return path.startsWith('//') ? path.slice(path.indexOf('/', 2)) : path
}

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
  return sqliteStore(client)
}

// One write transaction (BEGIN IMMEDIATE) reads the version and applies what is missing, so two processes
// opening the same file at once (the server and an export) migrate one after the other.
async function migrate(client: Client, upToVersion: number): Promise<void> {
  const transaction = await client.transaction('write')
  try {
    const current = Number((await transaction.execute('PRAGMA user_version')).rows[0]?.[0] ?? 0)
    if (current > sqliteSchemaVersion) throw new Error(`it is at schema version ${current}, newer than this release (${sqliteSchemaVersion})`)
    for (let version = current + 1; version <= upToVersion; version++) {
      for (const statement of sqliteMigrations[version - 1] ?? []) await transaction.execute(statement)
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

function sqliteStore(client: Client): SignupStore {
  const insert = (signup: Signup, submissionId: string | null): InStatement => ({
    sql: `INSERT INTO signups (email_normalized, email, first_name, source, submission_id, created_at)
          VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    args: [signup.emailNormalized, signup.email, signup.firstName, signup.source, submissionId, new Date().toISOString()],
  })

  // An insert that changed nothing hit a UNIQUE constraint: either the email is listed already, or the
  // submission id is taken by a different email (a buggy or hostile client reused one). The id only exists
  // to make retries harmless, so in that case keep the signup without it rather than lose a person. One
  // query tells which of a batch's conflicts are listed.
  async function settleConflicts(signups: Signup[]): Promise<('added' | 'duplicate')[]> {
    const emails = signups.map((signup) => signup.emailNormalized)
    const existing = await client.execute({
      sql: `SELECT email_normalized FROM signups WHERE email_normalized IN (${emails.map(() => '?').join(', ')})`,
      args: emails,
    })
    const listed = new Set(existing.rows.map((row) => String(row.email_normalized)))
    const settled: ('added' | 'duplicate')[] = []
    for (const signup of signups)
      settled.push(listed.has(signup.emailNormalized) ? 'duplicate' : (await client.execute(insert(signup, null))).rowsAffected === 1 ? 'added' : 'duplicate')
    return settled
  }

  const add = batchedAdd(
    async (signups) => {
      const results = await client.batch(signups.map((signup) => insert(signup, signup.submissionId)), 'write')
      return signups.map((_, index) => results[index]?.rowsAffected === 1)
    },
    settleConflicts,
    classify,
  )

  return {
    engine: 'sqlite',
    add,
    async *all() {
      let after = 0
      for (;;) {
        const page = await client.execute({
          sql: 'SELECT id, created_at, email, first_name, source FROM signups WHERE id > ? ORDER BY id LIMIT ?',
          args: [after, exportPageSize],
        })
        for (const row of page.rows) {
          yield { createdAt: String(row.created_at), email: String(row.email), firstName: String(row.first_name), source: String(row.source) }
          after = Number(row.id)
        }
        if (page.rows.length < exportPageSize) return
      }
    },
    // One process, one file: the in-memory limiter is the whole truth.
    rateLimiter: (options) => createRateLimiter(options),
    admin: sqliteAdminStore(client),
    close: async () => client.close(),
  }
}
