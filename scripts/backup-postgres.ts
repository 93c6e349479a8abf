// The PostgreSQL half of `npm run waitlist:backup`: pg_dump, as plain SQL that psql restores into an empty
// database (docs/operations.md, "Backups and restore"). pg_dump reads one snapshot, so the copy is consistent
// while every instance keeps writing. The snapshot is this script's own, exported from a REPEATABLE READ
// transaction and handed to pg_dump, so the count of signups it prints is the count in the file.
import { spawn } from 'node:child_process'
import { appendFileSync } from 'node:fs'
import pg from 'pg'
import { redactUrl } from '../server/platform/secrets/redact-url'
import { holdStatement } from '../server/platform/database/held'
import { BackupError, tablesLeftEmpty } from './backup-common'
import { findPostgresTool } from '../tools/postgres-tools'

type About = { number: number; version: string; schema: string | null; outbox: boolean; snapshot: string }

/** Dumps the database into `into` (an empty file, made by the caller with its mode), held as of `takenAt`, and returns
 * its signups. */
export async function backupPostgres(databaseUrl: string, into: string, takenAt: Date, signal: AbortSignal): Promise<{ signups: number }> {
  const shown = redactUrl(databaseUrl)
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 })
  client.on('error', () => {}) // a connection lost mid-dump fails the query or pg_dump, which say so
  try {
    await client.connect()
  } catch (error) {
    await client.end().catch(() => {})
    throw new BackupError(`cannot reach the PostgreSQL database at ${shown} (DATABASE_URL): ${reasonOf(error)}`)
  }
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    const about = (
      await client.query<About>(`SELECT current_setting('server_version_num')::int AS number, split_part(current_setting('server_version'), ' ', 1) AS version,
        (SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = to_regclass('signups')) AS schema,
        to_regclass('outbox') IS NOT NULL AS outbox, pg_export_snapshot() AS snapshot`)
    ).rows[0]!
    if (!about.schema) throw new BackupError(`the PostgreSQL database at ${shown} (DATABASE_URL) has no signups table: it is not the waitlist's database`)
    const signups = (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM signups')).rows[0]!.n
    const pgDump = toolFor(Math.floor(about.number / 10_000), about.version)
    await dump(pgDump, databaseUrl, about, into, signal)
    if (about.outbox) appendFileSync(into, leaseRelease(identifier(about.schema)))
    // The copy is held once loaded: a server started on it sends nothing until npm run waitlist:go-live
    // (server/platform/database/held.ts).
    appendFileSync(into, `\n-- Added by npm run waitlist:backup: a restored database sends nothing until npm run waitlist:go-live.\n${holdStatement(identifier(about.schema), takenAt)}`)
    await client.query('COMMIT')
    return { signups }
  } finally {
    await client.end().catch(() => {})
  }
}

// pg_dump refuses a server of a newer major version than its own; the finder says so before it runs.
function toolFor(serverMajor: number, serverVersion: string): string {
  try {
    return findPostgresTool('pg_dump', serverMajor, serverVersion).path
  } catch (error) {
    throw new BackupError((error as Error).message)
  }
}

// The password goes to pg_dump through PGPASSWORD, never on its command line, which any user of the machine
// can read (ps). Console sessions and sign-in links and the analytics' salts are left out (backup-common.ts), and so are the rate
// limit's counters (an UNLOGGED table: hashed client addresses, worthless a minute later).
function dump(pgDump: string, databaseUrl: string, about: About, into: string, signal: AbortSignal): Promise<void> {
  const url = new URL(databaseUrl)
  const password = url.password ? decodeURIComponent(url.password) : (url.searchParams.get('password') ?? undefined)
  url.password = ''
  url.searchParams.delete('password')
  const schema = identifier(about.schema!)
  const args = [
    '--format=plain',
    '--no-owner',
    '--no-privileges',
    '--no-unlogged-table-data',
    ...tablesLeftEmpty.map((table) => `--exclude-table-data=${schema}.${table}`),
    `--snapshot=${about.snapshot}`,
    `--file=${into}`,
    `--dbname=${url.href}`,
  ]
  const env = { ...process.env, ...(password === undefined ? {} : { PGPASSWORD: password }) }
  return new Promise((resolve, reject) => {
    const child = spawn(pgDump, args, { stdio: ['ignore', 'ignore', 'pipe'], env, signal })
    let said = ''
    child.stderr.on('data', (chunk) => (said += chunk))
    child.once('error', (error) => reject(signal.aborted ? error : new BackupError(`cannot run ${pgDump}: ${error.message}`)))
    child.once('close', (code) => {
      const last = said.trim().split('\n').at(-1)?.replace(/^pg_dump: (error: )?/, '')
      if (code === 0) resolve()
      else reject(new BackupError(`pg_dump (${pgDump}) failed: ${last || `exit code ${code}`}`))
    })
  })
}

const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`

// In a database just restored no server holds a lease on an email: without this, the emails that were being
// sent as the backup was taken would wait out their lease (a minute from the backup) before going again.
const leaseRelease = (schema: string) => `
-- Added by npm run waitlist:backup (scripts/backup-postgres.ts): no server holds a lease on an email in a
-- database just restored, so the emails being sent as this backup was taken are due again at the first
-- start. They may have left already, and then arrive twice (docs/operations.md, "Backups and restore").
UPDATE ${schema}.outbox SET claimed_until = NULL WHERE finished_at IS NULL AND claimed_until IS NOT NULL;
`

const reasonOf = (error: unknown) => {
  // AggregateError (every address refused) has an empty message; its parts say what happened.
  if (error instanceof AggregateError && !error.message) return error.errors.map((part: Error) => part.message).join('; ')
  return error instanceof Error ? error.message || (error as NodeJS.ErrnoException).code || error.name : String(error)
}
