// The SQLite half of `npm run waitlist:backup`. libsql has no online-backup API (its Database.backup() throws
// "not implemented"), but its SQLite (3.45) has VACUUM INTO: one read transaction that writes a compact copy
// of the database as it stood when the transaction began. In WAL mode a reader blocks no writer, so the server
// keeps taking signups while it runs, and every signup it acknowledged before is in the copy.
import Database from 'libsql'
import { existsSync, statSync } from 'node:fs'
import { sqliteFilePath } from '../server/platform/database/database-url'
import { heldKey } from '../server/platform/database/held'
import { BackupError, tablesLeftEmpty } from './backup-common'

/** How long the copy waits for a lock (another process recovering the WAL), as the server does. */
const busyTimeoutMs = 5000

const codeOf = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? '')
const reasonOf = (error: unknown) => (error instanceof Error ? error.message.replace(/^SQLITE_\w+: /, '') : String(error))

/** Refuses, before anything is written, a file: URL that names no database file. */
export function checkSqliteSource(databaseUrl: string): void {
  const file = sqliteFilePath(databaseUrl)
  if (!existsSync(file)) throw new BackupError(`there is no waitlist database at ${file} (DATABASE_URL); set DATABASE_URL to the server's database`)
  if (statSync(file).isDirectory()) throw new BackupError(`${file} (DATABASE_URL) is a folder, not a database file`)
}

/** Copies the database into `into` (an empty file, made by the caller with its mode), held as of `takenAt`, and
 * returns its signups. */
export function backupSqlite(databaseUrl: string, into: string, takenAt: Date): { signups: number } {
  const file = sqliteFilePath(databaseUrl)
  let source: Database.Database | undefined
  try {
    source = new Database(file, { timeout: busyTimeoutMs })
    if (!tableNames(source).includes('signups')) throw new BackupError(`${file} (DATABASE_URL) has no signups table: it is not the waitlist's database`)
    source.prepare('VACUUM INTO ?').run(into)
  } catch (error) {
    if (error instanceof BackupError) throw error
    if (/^SQLITE_(NOTADB|CORRUPT)/.test(codeOf(error))) throw new BackupError(`${file} (DATABASE_URL) is not a SQLite database, or is damaged (${reasonOf(error)})`)
    throw new BackupError(`cannot copy the SQLite database ${file}: ${reasonOf(error)}`)
  } finally {
    source?.close()
  }
  const copy = new Database(into)
  try {
    // The copy is this script's own file: the console's sessions and sign-in links leave it, their bytes
    // zeroed (secure_delete), so that a restore signs the team out rather than reviving a signed-out session.
    const tables = tableNames(copy)
    copy.exec('PRAGMA secure_delete = ON')
    // So do the analytics' salts (backup-common.ts). And the copy is held: a server started on it sends nothing
    // until an owner runs npm run waitlist:go-live (server/platform/database/held.ts).
    for (const table of tablesLeftEmpty.filter((name) => tables.includes(name))) copy.exec(`DELETE FROM ${table}`)
    copy.prepare('INSERT INTO consent_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(heldKey, takenAt.toISOString())
    const verdict = copy.prepare('PRAGMA integrity_check').all().map((row) => String((row as { integrity_check: unknown }).integrity_check))
    if (verdict.join() !== 'ok') throw new BackupError(`the copy failed SQLite's integrity check (${verdict[0]})`)
    const counted = copy.prepare('SELECT count(*) AS n FROM signups').get() as { n: number }
    return { signups: Number(counted.n) }
  } finally {
    copy.close()
  }
}

function tableNames(database: Database.Database): string[] {
  return database
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
    .all()
    .map((row) => String((row as { name: unknown }).name))
}
