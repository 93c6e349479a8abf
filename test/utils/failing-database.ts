// A database whose every query fails with `error`: what the endpoint meets when its database is away (a
// StoreUnavailableError) or broken (any other error). The stores are the real ones, composed over it as over
// any database (open-store.ts); its errors are read as given (a StoreUnavailableError already says the database
// is away), and its rate limiter counts in memory, so requests reach the operation that fails.
import { Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type Driver } from 'kysely'
import type { Database } from '../../server/platform/database/database'
import { sqliteSql } from '../../server/platform/database/sqlite'
import type { Tables } from '../../server/platform/database/schema'
import { createRateLimiter } from '../../server/platform/http/rate-limit'

export function failingDatabase(error: Error): Database {
  const driver: Driver = {
    init: async () => {},
    acquireConnection: () => Promise.reject(error),
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  }
  const db = new Kysely<Tables>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  })
  return {
    engine: 'sqlite',
    db,
    reads: db,
    erasureSalt: 'not-used',
    ...sqliteSql,
    withBriefLockWait: (_waitMs, work) => work(db),
    classify: (given) => given,
    rateLimiter: createRateLimiter,
    poolUse: () => ({ size: 1, open: 0 }),
    checkStoredData: () => Promise.resolve({ checked: false }),
    damage: () => undefined,
    foldLog: async () => {},
    close: () => db.destroy(),
  }
}
