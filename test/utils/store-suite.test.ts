// @vitest-environment node
// The check that every file reaching a database says on which engines it runs (store-suite.ts, setup.ts): the
// drivers themselves tell it, and the config's reading of `runsOnBothEngines()` finds the files that say so.
import Sqlite from 'libsql'
import pg from 'pg'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { freePort } from '../../tools/ports'
import { noteDatabaseUse, onlyOn, resetStoreSuiteState, storeSuiteDeclaration, suitesOnBothEngines, undeclaredStoreSuite } from './store-suite'

const root = fileURLToPath(new URL('../..', import.meta.url))

it('names a file that opened a SQLite database and said nothing, and is content once it says why', () => {
  resetStoreSuiteState()
  expect(undeclaredStoreSuite()).toBeUndefined()
  const database = new Sqlite(':memory:')
  try {
    database.prepare('SELECT 1').get()
  } finally {
    database.close()
  }
  expect(undeclaredStoreSuite()).toMatch(/^This file reached a SQLite database and does not say on which engines it runs\. Call runsOnBothEngines\(\)/)
  onlyOn('sqlite', 'it checks the check, with a database in memory')
  expect(undeclaredStoreSuite()).toBeUndefined()
})

it('names a file that connected to PostgreSQL and said nothing, even when the connection failed', async () => {
  resetStoreSuiteState()
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/nowhere` })
  await expect(client.connect()).rejects.toThrow()
  expect(undeclaredStoreSuite()).toMatch(/^This file reached a PostgreSQL database/)
  resetStoreSuiteState()
  noteDatabaseUse('sqlite')
  onlyOn('sqlite', 'it checks the check, with a database in memory')
})

it('refuses a reason that is no reason, and a second, different answer', () => {
  resetStoreSuiteState()
  expect(() => onlyOn('postgres', '')).toThrow(/say why the file runs on postgres only/)
  onlyOn('sqlite', 'it checks the check, with a database in memory')
  expect(storeSuiteDeclaration()).toEqual({ kind: 'only', engine: 'sqlite', why: 'it checks the check, with a database in memory' })
})

it('finds the files that run on both engines by their own call, and no file that picks its engines otherwise', () => {
  const both = suitesOnBothEngines(root)
  expect(both).toContain('test/server/features/signup/signup.test.ts')
  expect(both).toContain('test/server/features/console/team.test.ts')
  expect(both).not.toContain('test/server/platform/database/store-contract.test.ts') // describe.each(eachEngine())
  expect(both).not.toContain('test/server/crash.test.ts') // onlyOn('sqlite', …)
  expect(both).not.toContain('test/utils/store-suite.test.ts') // the call in a comment or a string does not count
})
