// @vitest-environment node
// A key that may report activations but not look people up must not learn who is listed (issue 45, case 9): an
// activation by the address of someone listed but never invited, and by an address nobody holds, make exactly the
// same statements (their values left out, as test/server/features/signup/same-work.test.ts records them), so neither
// the answer nor the database's work tells them apart. The answer itself, the same status and body for both, is
// checked over HTTP in api-v1.test.ts. On each engine.
import type { KyselyPlugin, OperationNode } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activations } from '../../../../server/features/api/activations'
import type { ActivationEvents } from '../../../../server/features/api/activation-events'
import { signupStore } from '../../../../server/features/signup/signup-store'
import { noConsentRecord } from '../../../../server/features/signup/validate'
import { featureMigrations } from '../../../../server/feature-migrations'
import { systemClock } from '../../../../server/platform/clock/system-clock'
import type { Database } from '../../../../server/platform/database/database'
import { openDatabase } from '../../../../server/platform/database/open'
import { transactionEvents } from '../../../../server/platform/events/transaction-events'
import { postgresEngine, sqliteEngine, type EngineUnderTest } from '../../../utils/engines'

function shape(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shape)
  if (node === null || typeof node !== 'object') return node
  const { kind } = node as OperationNode
  if (kind === 'ValueNode') return '?'
  if (kind === 'PrimitiveValueListNode' || kind === 'ValueListNode') return `?×${(node as { values: unknown[] }).values.length}`
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, shape(value)]))
}

describe.each([sqliteEngine(), postgresEngine()])('an activation by address, listed or not, on $engine', (engine: EngineUnderTest) => {
  let database: Database
  beforeAll(async () => {
    await engine.setup()
    database = await openDatabase(await engine.newDatabase(), { migrations: featureMigrations })
  }, 60_000)
  afterAll(async () => {
    await database?.close()
    await engine.teardown()
  })

  it('makes the same statements for someone listed but never invited as for an address nobody holds', async () => {
    const signups = signupStore(database, systemClock)
    await signups.add({ email: 'listed@example.com', emailNormalized: 'listed@example.com', firstName: 'Ann', source: 'stride-marketing-site', submissionId: null, consent: noConsentRecord })
    await signups.settled()
    let statements: unknown[] = []
    const recorder: KyselyPlugin = { transformQuery: ({ node }) => (statements.push(shape(node)), node), transformResult: async ({ result }) => result }
    const watched = Object.assign(Object.create(database) as Database, { db: database.db.withPlugin(recorder) })
    const activated = activations(watched, transactionEvents<ActivationEvents>())
    const take = () => {
      const taken = statements
      statements = []
      return taken
    }

    expect(await activated.record({ email: 'listed@example.com' }, 1, new Date())).toEqual({ outcome: 'not-invited' })
    const forListed = take()
    expect(await activated.record({ email: 'nobody@example.com' }, 1, new Date())).toEqual({ outcome: 'person-not-found' })
    const forUnlisted = take()
    expect(forListed.length).toBeGreaterThan(1)
    console.log(`activation by address on ${engine.engine}: ${forListed.length} statements for someone listed, ${forUnlisted.length} for nobody`)
    expect(forUnlisted).toEqual(forListed)
  })
})
