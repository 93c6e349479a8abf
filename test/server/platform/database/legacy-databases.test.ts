// @vitest-environment node
// The versioned runner (PRAGMA user_version on SQLite, schema_migrations on PostgreSQL), frozen in fixtures/
// to build the databases it leaves behind: its copy builds exactly the schema today's start does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresEngine, sqliteEngine, type EngineUnderTest } from '../../../utils/engines'
import { openStore } from '../../../utils/open-store'
import { schemaOf } from '../../../utils/schema-of'
import { migrateAsBefore } from './fixtures/legacy-runner'

describe.each([sqliteEngine(), postgresEngine()])('the versioned runner, frozen, on $engine', (engine: EngineUnderTest) => {
  beforeAll(() => engine.setup(), 60_000)
  afterAll(() => engine.teardown(), 60_000)

  it('builds exactly the schema today’s start builds', async () => {
    const today = await engine.newDatabase()
    await (await openStore(today)).close()
    const frozen = await engine.newDatabase()
    await migrateAsBefore(frozen, engine.engine)
    expect(await schemaOf(engine, frozen)).toEqual(await schemaOf(engine, today))
  })
})
