// Reading DATABASE_URL: which engine it names, which file a SQLite URL opens, and how to show it without its
// password.
import { resolve } from 'node:path'
import { redactUrl } from '../secrets/redact-url'

export const isPostgresUrl = (databaseUrl: string) => /^postgres(ql)?:\/\//i.test(databaseUrl)
export const isSqliteUrl = (databaseUrl: string) => databaseUrl.startsWith('file:')

// The parts of a file: URL as @libsql/client reads them (its parseUri, RFC 3986 with relative paths allowed).
const fileUrlPattern = /^file:(?:\/\/(?<authority>[^/?#]*))?(?<path>[^?#]*)(?:\?(?<query>[^#]*))?(?:#(?<fragment>.*))?$/su
const sqliteExample = 'file:./data/waitlist.db'

/** Why a file: URL does not name one database file on disk, or undefined when it does. An empty path and
 * :memory: open a database that vanishes with the process: every signup would be lost at a restart. */
export function sqliteUrlProblem(databaseUrl: string): string | undefined {
  const parts = fileUrlPattern.exec(databaseUrl)?.groups
  if (!parts) return `is not a file: URL such as ${sqliteExample}`
  const path = decoded(parts.path ?? '')
  if (path === undefined) return `has a broken %-escape in its path`
  const inMemory = path.startsWith(':memory:') || /(^|&)mode=memory(&|$)/.test(parts.query ?? '')
  if (inMemory) return `opens an in-memory database, which loses every signup when the process stops; give a file such as ${sqliteExample}`
  if (parts.authority !== undefined && !['', 'localhost'].includes(parts.authority.toLowerCase()))
    return `names a host; a file: URL is a path on this machine, such as file:/var/lib/waitlist/waitlist.db or ${sqliteExample}`
  if (parts.query) return `has ?parameters, which a SQLite file: URL does not take here; give only the path, such as ${sqliteExample}`
  if (parts.fragment !== undefined) return `has a #fragment; give only the path, such as ${sqliteExample}`
  if (path === '') return `names no file (SQLite would keep a temporary database that is gone at restart); give a file such as ${sqliteExample}`
  if (path.endsWith('/')) return `names a folder, not a file; add the file name, such as ${sqliteExample}`
  return undefined
}

/** The file a (valid) file: URL opens, as an absolute path: relative paths are relative to the working directory. */
export function sqliteFilePath(databaseUrl: string): string {
  const path = fileUrlPattern.exec(databaseUrl)?.groups?.path ?? ''
  return resolve(decoded(path) ?? path)
}

/** Where the signups are, for the start-up line: the SQLite file's absolute path, or the redacted URL. */
export const describeDatabase = (databaseUrl: string) =>
  isSqliteUrl(databaseUrl) ? `the SQLite file ${sqliteFilePath(databaseUrl)}` : redactUrl(databaseUrl)

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}
