// Checks on a SQLite database file before the store opens it, each ending in one line an operator can act on
// (no stack, no retry loop that never ends): its folder can be created; it is not held locked by another
// process (waited on for a bounded time, announced first); and its header and schema read back, so a file that
// is not a database, or whose schema is damaged, stops the start instead of answering every signup with a 500.
//
// The check of every page comes after, once the server serves (issue 35: the start must not grow with the
// database): `PRAGMA quick_check` through the read connection, off the event loop (quickCheck, which main.ts
// starts); damage it finds fails /healthz (health.ts) and is logged in the same one line. SQLite's page on it
// (https://www.sqlite.org/pragma.html#pragma_quick_check): integrity_check less two checks, of UNIQUE
// constraints and of each index's entries against its table's rows, and so O(N) rather than O(N log N). It
// still reads every page of every table and index once and finds what a garbled or lost page leaves: entries
// out of order, malformed records, missing pages, pages used twice or never (the freelist), NOT NULL and CHECK
// constraints broken, an index with the wrong number of entries. What it skips, the full check finds by hand
// with the server stopped: `sqlite3 <file> 'PRAGMA integrity_check'`.
//
// At 1,000,000 signups (a 1.2 GB file: 2.7 million link tokens, 1.8 million sent emails), measured 2026-11-27 on
// the shared 2-core machine: with the file in the page cache, integrity_check 10.3–10.7 s and quick_check 1.0 s;
// with the cache dropped, integrity_check 22–43 s and quick_check 14–17 s, as both read page by page (`cat`
// reads the file in 0.8–2.2 s). Before the server served, quick_check was most of the start at that size;
// now the start reads the schema only. docs/performance.md#start-up-checks.
import { sql, type Kysely } from 'kysely'
import Database from 'libsql'
import { statSync } from 'node:fs'
import { dirname } from 'node:path'
import { createFolder } from '../folders'
import { StoreOpenError } from './contract'
import { sqliteFilePath } from './database-url'
import type { Tables } from './schema'

/** How long a start waits for another process to let go of the database's write lock. */
export const sqliteLockWaitMs = 10_000
const lockPollMs = 100

export type SqliteFileOptions = {
  lockWaitMs?: number
  /** Told once, when the file is found locked, before the wait (the server and the scripts print it on stderr). */
  onWait?: (line: string) => void
}

const fail = (why: string) => new StoreOpenError(`Cannot use DATABASE_URL: ${why}`)
const codeOf = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? '')
const isBusy = (error: unknown) => /^SQLITE_(BUSY|LOCKED)/.test(codeOf(error))

/** Creates the folder, waits out another process's lock (up to `lockWaitMs`) and reads the header and schema. */
export async function prepareSqliteFile(databaseUrl: string, options: SqliteFileOptions = {}): Promise<void> {
  const file = sqliteFilePath(databaseUrl)
  try {
    createFolder(dirname(file))
  } catch (error) {
    throw fail((error as Error).message)
  }
  if (isFolder(file)) throw fail(`${file} is a folder, not a database file`)
  let connection: Database.Database
  try {
    connection = new Database(file)
  } catch (error) {
    throw fail(explain(file, error))
  }
  try {
    await waitForWriteLock(connection, file, options)
    // Page 1 and the schema's pages: what every statement needs, read in milliseconds at any size.
    connection.prepare('SELECT type, name, sql FROM sqlite_schema').all()
  } catch (error) {
    throw error instanceof StoreOpenError ? error : fail(explain(file, error))
  } finally {
    connection.close()
  }
}

/** `PRAGMA quick_check` of the file through `reads` (the read connection, in a thread of its own): undefined when
 * it passes, or the one line saying what is damaged and what to do. */
export async function quickCheck(reads: Kysely<Tables>, file: string): Promise<string | undefined> {
  try {
    const { rows } = await sql<{ quick_check: string }>`PRAGMA quick_check`.execute(reads)
    const verdict = rows.map((row) => String(Object.values(row)[0])).join('\n') || 'no answer'
    return verdict === 'ok' ? undefined : `Cannot use DATABASE_URL: ${damaged(file, verdict, 'quick check')}`
  } catch (error) {
    return `Cannot use DATABASE_URL: ${explain(file, error)}`
  }
}

// BEGIN IMMEDIATE takes the write lock the store's migrations will need; this connection waits for no lock
// (busy timeout 0), so each attempt answers SQLITE_BUSY at once and the wait stays on the event loop.
async function waitForWriteLock(connection: Database.Database, file: string, options: SqliteFileOptions): Promise<void> {
  const waitMs = options.lockWaitMs ?? sqliteLockWaitMs
  // A wait measured on the monotonic clock: a duration, not a date, so no clock of the composition's.
  const deadline = performance.now() + waitMs
  const seconds = `${Math.round(waitMs / 100) / 10} s`
  for (let announced = false; ; ) {
    try {
      connection.exec('BEGIN IMMEDIATE; ROLLBACK')
      return
    } catch (error) {
      if (!isBusy(error)) throw error
    }
    if (!announced) {
      options.onWait?.(`Waiting up to ${seconds} for the SQLite database ${file} (DATABASE_URL): another process holds it locked.`)
      announced = true
    }
    if (performance.now() >= deadline)
      throw fail(`the SQLite database ${file} stayed locked by another process for ${seconds}; stop that process, or point DATABASE_URL at another file`)
    await new Promise((resolve) => setTimeout(resolve, lockPollMs))
  }
}

function explain(file: string, error: unknown): string {
  const code = codeOf(error)
  const message = error instanceof Error ? error.message.replace(/^SQLITE_\w+: /, '') : String(error)
  if (/^SQLITE_(CORRUPT|NOTADB)/.test(code)) return damaged(file, message, 'reading it')
  if (isBusy(error)) return `the SQLite database ${file} is locked by another process`
  if (/^SQLITE_READONLY/.test(code)) return `the SQLite database ${file} cannot be written to (${message})`
  return `cannot open the SQLite database ${file} (${code ? `${code}: ` : ''}${message})`
}

// SQLite heads its report with "*** in database main ***"; the line after it says what is wrong.
const damaged = (file: string, detail: string, found: 'quick check' | 'reading it') => {
  const first = detail.split('\n').find((line) => line.trim() !== '' && !line.startsWith('*** in database')) ?? detail
  return `the SQLite database ${file} is damaged (${found}: ${first.trim()}); restore it from a backup, or move it aside to start a new one`
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}
