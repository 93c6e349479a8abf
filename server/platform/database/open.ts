// DATABASE_URL names the engine: `file:` opens SQLite (the embedded default), `postgres://` or
// `postgresql://` opens PostgreSQL. Everything else is refused by config.ts before we get here.
import type { Logger } from '../observability/logger'
import type { Database } from './database'
import type { Migrations } from './migrate'
import { isPostgresUrl, isSqliteUrl } from './database-url'
import { openPostgresDatabase } from './postgres'
import { openSqliteDatabase } from './sqlite'
import { prepareSqliteFile } from './sqlite-file'

export type OpenOptions = {
  /** The features' migrations; the platform adds its own, and all run in one order by name (migrate.ts). */
  migrations: readonly Migrations[]
  /** Run only the migrations before the one of this name (tests that build an older database). */
  stopBefore?: string
  /** false: run no migration, and refuse a database that lacks any (a start whose migrations are a release step of
   * their own, MIGRATE_AT_START=false). A database newer than this release is refused either way. */
  apply?: boolean
  /** Connections each instance keeps (PostgreSQL only). */
  poolSize?: number
  /** PostgreSQL: how long the client waits for a statement before it gives up (10 s, so that a request answers
   * before a visitor's 15 s timer; bulk work of an operator's or a benchmark's own may wait longer). */
  queryTimeoutMs?: number
  /** SQLite: told once when another process holds the file locked, before the bounded wait (sqlite-file.ts). */
  onLockWait?: (line: string) => void
  /** Where the database's own troubles go once it is open (PostgreSQL: a connection lost while idle). */
  log?: Logger
}

export async function openDatabase(databaseUrl: string, options: OpenOptions): Promise<Database> {
  if (isPostgresUrl(databaseUrl)) return openPostgresDatabase(databaseUrl, options)
  if (isSqliteUrl(databaseUrl)) {
    await prepareSqliteFile(databaseUrl, { onWait: options.onLockWait })
    return openSqliteDatabase(databaseUrl, options)
  }
  throw new Error(`unsupported DATABASE_URL scheme: ${databaseUrl.split(':')[0]}`)
}
