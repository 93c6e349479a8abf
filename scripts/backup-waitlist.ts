// `npm run waitlist:backup [-- <file or folder>]`: a consistent copy of the waitlist's database while the
// server keeps taking signups: SQLite through VACUUM INTO (backup-sqlite.ts), PostgreSQL through pg_dump
// (backup-postgres.ts). Reads DATABASE_URL as the server does. Writes a new file, by default a timestamped one
// in ./data/backups/, readable by its owner only (it holds addresses, names and token hashes), and never
// replaces one. Prints one line saying what it wrote; anything wrong stops it with one line naming the
// problem (no password, no stack) and leaves no file behind. The copy is held (server/platform/database/held.ts): a
// server started on it sends nothing until `npm run waitlist:go-live`; and it holds no analytics salt
// (backup-common.ts). The restore: docs/operations.md.
import { chmodSync, closeSync, existsSync, openSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { databaseUrlProblem, defaultDatabaseUrl } from '../server/config'
import { createFolder } from '../server/platform/folders'
import { oneScrubbedLine, scrubSecrets } from '../server/platform/secrets/redact-url'
import { describeDatabase, isSqliteUrl } from '../server/platform/database/database-url'
import { BackupError } from './backup-common'
import { backupPostgres } from './backup-postgres'
import { recordBackup } from './backup-record'
import { backupSqlite, checkSqliteSource } from './backup-sqlite'

const defaultFolder = 'data/backups'
const databaseUrl = process.env.DATABASE_URL?.trim() || defaultDatabaseUrl

function refuse(reason: string): never {
  process.stderr.write(`No backup made: ${oneScrubbedLine(reason, [process.env.DATABASE_URL])}\n`)
  process.exit(1)
}

/** The argument, or a timestamped name inside the folder it names (./data/backups/ when there is none). */
function targetPath(argument: string | undefined, extension: string, now: Date): string {
  const name = `waitlist-${now.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-')}${extension}`
  if (!argument) return resolve(defaultFolder, name)
  const path = resolve(argument)
  return argument.endsWith('/') || isFolder(path) ? join(path, name) : path
}

const reasons: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  ENOENT: 'this file system does not allow new files there',
}

// The copy is written beside its final name and renamed when complete, so a backup stopped half way never
// looks like one; it is made here, empty, with mode 0600 before a byte of it is written.
function partialFileFor(target: string): string {
  if (existsSync(target)) throw new BackupError(`${target} already exists, and a backup never replaces a file: name another, or a folder`)
  createFolder(dirname(target))
  const partial = `${target}.partial`
  try {
    closeSync(openSync(partial, 'wx', 0o600))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? ''
    if (code === 'EEXIST') throw new BackupError(`${partial} is there, left by a backup that was stopped: remove it`)
    throw new BackupError(`cannot write ${partial}: ${reasons[code] ?? (code || (error as Error).message)}`)
  }
  chmodSync(partial, 0o600) // whatever the umask said
  return partial
}

const sizeOf = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} kB`)

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

const problem = databaseUrlProblem(databaseUrl)
if (problem) refuse(problem)
const sqlite = isSqliteUrl(databaseUrl)
const stopped = new AbortController()
let partial: string | undefined
const giveUp = (exitCode: number) => {
  stopped.abort()
  if (partial) rmSync(partial, { force: true })
  process.exit(exitCode)
}
process.once('SIGINT', () => giveUp(130))
process.once('SIGTERM', () => giveUp(143))
try {
  if (sqlite) checkSqliteSource(databaseUrl)
  const takenAt = new Date()
  const target = targetPath(process.argv[2], sqlite ? '.db' : '.sql', takenAt)
  partial = partialFileFor(target)
  const started = performance.now()
  const { signups } = sqlite ? backupSqlite(databaseUrl, partial, takenAt) : await backupPostgres(databaseUrl, partial, takenAt, stopped.signal)
  renameSync(partial, target)
  partial = undefined
  const seconds = ((performance.now() - started) / 1000).toFixed(2)
  process.stdout.write(`Wrote ${target}: ${signups} signups from ${describeDatabase(databaseUrl)}, ${sizeOf(statSync(target).size)} in ${seconds} s.\n`)
  // The console's setup checklist reads when the last backup began (backup-record.ts); the copy stands either way.
  await recordBackup(databaseUrl, takenAt).catch((error: unknown) =>
    process.stderr.write(`The backup is complete, but its time could not be recorded for the console: ${scrubSecrets(error instanceof Error ? error.message : String(error), [process.env.DATABASE_URL])}\n`),
  )
} catch (error) {
  if (partial) rmSync(partial, { force: true })
  refuse(error instanceof Error ? error.message : String(error))
}
