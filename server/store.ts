// Where signups live. The endpoint only needs `add`, which resolves after the row is committed (signups that
// arrive together share one transaction, see group-commit.ts), so an ok answer is never given for a signup
// that a crash could still lose. Uniqueness is the database's job (UNIQUE on the normalised email), so
// concurrent requests can never double a signup.
// No Node imports: on edge runtimes '@libsql/client' resolves to its web build and a libsql:// URL works as is.
import { createClient, type Client, type InStatement } from '@libsql/client'
import { groupCommit } from './group-commit'
import type { Signup } from './validate'

export type StoredSignup = { createdAt: string; email: string; firstName: string; source: string }

export interface SignupStore {
  /** Resolves once the signup is durably stored; 'duplicate' when that email was already on the list. */
  add(signup: Signup): Promise<'added' | 'duplicate'>
  /** Every signup in the order they arrived, read a page at a time. */
  all(): AsyncIterable<StoredSignup>
  close(): void
}

// Each entry moves the schema one version up; PRAGMA user_version records how far a database has come.
// Append, never edit: a database that has run version N will never run entry N again.
const migrations: readonly (readonly string[])[] = [
  [
    `CREATE TABLE IF NOT EXISTS signups (
      id INTEGER PRIMARY KEY,
      email_normalized TEXT UNIQUE NOT NULL,
      email TEXT NOT NULL,
      first_name TEXT NOT NULL DEFAULT '',
      source TEXT NOT NULL,
      submission_id TEXT UNIQUE NULL,
      created_at TEXT NOT NULL
    )`,
  ],
]

export const schemaVersion = migrations.length

/** Opens (creating the file if needed, not its folder) the database at `databaseUrl` and brings its schema up to date. */
export async function openStore(databaseUrl: string, authToken?: string): Promise<SignupStore> {
  const local = databaseUrl.startsWith('file:')
  // One connection for a local file, so the per-connection PRAGMAs below apply to every statement.
  const client = createClient({ url: databaseUrl, authToken, ...(local ? { concurrency: 1, timeout: 5000 } : {}) })
  try {
    if (local) {
      await client.execute('PRAGMA journal_mode = WAL')
      await client.execute('PRAGMA synchronous = FULL')
      await client.execute('PRAGMA busy_timeout = 5000')
    }
    await migrate(client)
  } catch (error) {
    client.close()
    throw error
  }
  return libsqlStore(client)
}

/** The path of a `file:` URL as SQLite reads it (relative paths stay relative to the working directory). */
export function filePathOf(databaseUrl: string): string {
  const path = databaseUrl.slice('file:'.length).split('?')[0] ?? ''
  return path.startsWith('//') ? path.slice(path.indexOf('/', 2)) : path
}

async function migrate(client: Client): Promise<void> {
  const current = Number((await client.execute('PRAGMA user_version')).rows[0]?.[0] ?? 0)
  for (let version = current + 1; version <= migrations.length; version++) {
    const statements = migrations[version - 1] ?? []
    // One write transaction per version: the schema change and the version bump commit together.
    await client.batch([...statements, `PRAGMA user_version = ${version}`], 'write')
  }
}

function libsqlStore(client: Client): SignupStore {
  const insert = (signup: Signup, submissionId: string | null): InStatement => ({
    sql: `INSERT INTO signups (email_normalized, email, first_name, source, submission_id, created_at)
          VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    args: [signup.emailNormalized, signup.email, signup.firstName, signup.source, submissionId, new Date().toISOString()],
  })

  // An insert that changed nothing hit a UNIQUE constraint: either the email is listed already, or the
  // submission id is taken by a different email (a buggy or hostile client reused one). The id only exists
  // to make retries harmless, so in that case keep the signup without it rather than lose a person.
  async function settleConflict(signup: Signup): Promise<'added' | 'duplicate'> {
    const existing = await client.execute({ sql: 'SELECT 1 FROM signups WHERE email_normalized = ?', args: [signup.emailNormalized] })
    if (existing.rows.length > 0) return 'duplicate'
    return (await client.execute(insert(signup, null))).rowsAffected === 1 ? 'added' : 'duplicate'
  }

  const add = groupCommit<Signup, 'added' | 'duplicate'>(async (signups) => {
    const results = await client.batch(signups.map((signup) => insert(signup, signup.submissionId)), 'write')
    return signups.map((signup, index) => (results[index]?.rowsAffected === 1 ? 'added' : settleConflict(signup)))
  })

  return {
    add,
    async *all() {
      let after = 0
      for (;;) {
        const page = await client.execute({
          sql: 'SELECT id, created_at, email, first_name, source FROM signups WHERE id > ? ORDER BY id LIMIT 500',
          args: [after],
        })
        for (const row of page.rows) {
          yield { createdAt: String(row.created_at), email: String(row.email), firstName: String(row.first_name), source: String(row.source) }
          after = Number(row.id)
        }
        if (page.rows.length < 500) return
      }
    },
    close: () => client.close(),
  }
}
