// The run's PostgreSQL cluster (postgres-for-run.ts), as a test file sees it: a fresh database of its own on it.
import { randomBytes } from 'node:crypto'
import { inject } from 'vitest'
import { createDatabaseOn } from '../../tools/postgres'
import { noteDatabaseUse } from './store-suite'

/** A fresh, empty database on the run's cluster; its URL. Names are random: every worker makes them at once. */
export function freshPostgresDatabase(): Promise<string> {
  const url = inject('postgresUrl')
  if (!url) throw new Error("No PostgreSQL cluster for this run: vitest.config.ts's globalSetup (test/utils/postgres-for-run.ts) starts it.")
  noteDatabaseUse('postgres')
  return createDatabaseOn(url, `test_${randomBytes(6).toString('hex')}`)
}
