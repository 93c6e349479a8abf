// DATABASE_URL names the engine: `file:` opens SQLite (the embedded default), `postgres://` or
// `postgresql://` opens PostgreSQL. Everything else is refused by config.ts before we get here.
import type { SignupStore } from './contract'
import { isPostgresUrl, isSqliteUrl } from './database-url'
import { openHealthCheck } from './health'
import type { HealthCheckedStore } from './health-check'
import { openPostgresStore } from './postgres'
import { openSqliteStore } from './sqlite'
import { prepareSqliteFile } from './sqlite-file'

export type OpenOptions = {
  /** Connections each instance keeps (PostgreSQL only). */
  poolSize?: number
  /** Migrate no further than this version (tests that build an older database). */
  upToVersion?: number
  /** SQLite: told once when another process holds the file locked, before the bounded wait (sqlite-file.ts). */
  onLockWait?: (line: string) => void
}

export async function openStore(databaseUrl: string, options: OpenOptions = {}): Promise<HealthCheckedStore> {
  if (isPostgresUrl(databaseUrl)) return withHealthCheck(databaseUrl, await openPostgresStore(databaseUrl, options))
  if (isSqliteUrl(databaseUrl)) {
    await prepareSqliteFile(databaseUrl, { onWait: options.onLockWait })
    return withHealthCheck(databaseUrl, await openSqliteStore(databaseUrl, options.upToVersion))
  }
  throw new Error(`unsupported DATABASE_URL scheme: ${databaseUrl.split(':')[0]}`)
}

// The engines keep their connections private, so the health check brings its own, closed with the store.
function withHealthCheck(databaseUrl: string, store: SignupStore): HealthCheckedStore {
  const health = openHealthCheck(databaseUrl, store)
  return {
    ...store,
    healthCheck: health.check,
    close: async () => {
      await health.close()
      await store.close()
    },
  }
}
