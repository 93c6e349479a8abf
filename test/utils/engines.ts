// The storage engines the store suites run against: a fresh SQLite file, or a fresh database on the run's
// throwaway PostgreSQL cluster. `setup()` once per file; `newDatabase()` per test; `teardown()` after all.
import { createClient } from '@libsql/client'
import pg from 'pg'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { Engine } from '../../server/platform/database/contract'
import type { Database } from '../../server/platform/database/database'
import { openDatabase } from '../../server/platform/database/open'
import { featureMigrations } from '../../server/feature-migrations'
import { freshPostgresDatabase } from './shared-postgres'
import { runsOnEachEngineItself } from './store-suite'

export type EngineUnderTest = {
  engine: Engine
  setup: () => Promise<void>
  newDatabase: () => Promise<string>
  /** One SQL query on a connection of its own (for checks the contract does not expose). */
  query: (databaseUrl: string, sql: string) => Promise<Record<string, unknown>[]>
  teardown: () => Promise<void>
}

export function sqliteEngine(): EngineUnderTest {
  let dir = ''
  let count = 0
  return {
    engine: 'sqlite',
    setup: async () => void (dir = await mkdtemp(join(tmpdir(), 'store-contract-'))),
    newDatabase: async () => `file:${join(dir, `db-${++count}.db`)}`,
    async query(databaseUrl, sql) {
      const client = createClient({ url: databaseUrl })
      try {
        return (await client.execute(sql)).rows.map((row) => ({ ...row }))
      } finally {
        client.close()
      }
    },
    teardown: () => rm(dir, { recursive: true, force: true }),
  }
}

/** Databases on the run's one cluster (postgres-for-run.ts): nothing to start or stop per file. */
export function postgresEngine(): EngineUnderTest {
  return {
    engine: 'postgres',
    setup: async () => {},
    newDatabase: freshPostgresDatabase,
    async query(databaseUrl, sql) {
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      try {
        return (await client.query(sql)).rows
      } finally {
        await client.end()
      }
    },
    teardown: async () => {},
  }
}

/** For `describe.each(eachEngine())`: the file's blocks run on SQLite and on PostgreSQL, as it says
 * (store-suite.ts). */
export function eachEngine(): EngineUnderTest[] {
  runsOnEachEngineItself()
  return [sqliteEngine(), postgresEngine()]
}

/** For a describe block: the engine set up and one database with every feature's migrations run, opened before the
 * block's tests and closed, with the engine, after them. Read it inside a test, once the hook has run. */
export function migratedDatabaseOn(engine: EngineUnderTest): () => Database {
  let database: Database | undefined
  beforeAll(async () => {
    await engine.setup()
    database = await openDatabase(await engine.newDatabase(), { migrations: featureMigrations })
  }, 60_000)
  afterAll(async () => {
    await database?.close()
    await engine.teardown()
  })
  return () => database!
}
