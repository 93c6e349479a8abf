// @vitest-environment node
// Nothing tells who is listed, including the time (docs/one-address-one-mailbox.md). A timing benchmark cannot be
// a test on a shared machine (`npm run bench:timing` is one), but what makes a listed address answer faster or
// slower can be: the database doing other work for it. Here every statement the stores send is recorded, with
// its values left out, and a listed address must make exactly the statements an unlisted one does: a repeat
// signup those of a new signup, before its reply and after, and a second erasure request for a listed address
// those of one for an address never listed. On each engine.
import type { KyselyPlugin, OperationNode } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consentStore } from '../../../../server/features/consent/consent-store'
import { heldInvitation } from '../../../../server/features/launch/held-invitation'
import { transactionEvents } from '../../../../server/platform/events/transaction-events'
import type { Database } from '../../../../server/platform/database/database'
import { openDatabase } from '../../../../server/platform/database/open'
import { featureMigrations } from '../../../../server/feature-migrations'
import { signupStore } from '../../../../server/features/signup/signup-store'
import { noConsentRecord } from '../../../../server/features/signup/validate'
import { postgresEngine, sqliteEngine, type EngineUnderTest } from '../../../utils/engines'
import { systemClock } from '../../../../server/platform/clock/system-clock'

/** A statement as the engine receives it, its values replaced by `?`: what work it asks for, not for whom. */
function shape(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shape)
  if (node === null || typeof node !== 'object') return node
  const { kind } = node as OperationNode
  if (kind === 'ValueNode') return '?'
  if (kind === 'PrimitiveValueListNode' || kind === 'ValueListNode') return `?×${(node as { values: unknown[] }).values.length}`
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, shape(value)]))
}

/** The database, with every statement sent through it written down. */
function recorded(database: Database): { database: Database; take: () => unknown[] } {
  let statements: unknown[] = []
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }) => (statements.push(shape(node)), node),
    transformResult: async ({ result }) => result,
  }
  const watched = Object.assign(Object.create(database) as Database, { db: database.db.withPlugin(recorder) })
  return {
    database: watched,
    take: () => {
      const taken = statements
      statements = []
      return taken
    },
  }
}

const signup = (email: string) => ({ email, emailNormalized: email, firstName: 'Ann', source: 'stride-marketing-site', submissionId: null, consent: noConsentRecord })

describe.each([sqliteEngine(), postgresEngine()])('the database work for a listed and an unlisted address, on $engine', (engine: EngineUnderTest) => {
  let database: Database
  beforeAll(async () => {
    await engine.setup()
    database = await openDatabase(await engine.newDatabase(), { migrations: featureMigrations })
  }, 60_000)
  afterAll(async () => {
    await database?.close()
    await engine.teardown()
  })

  it('is the same for a repeat signup as for a new one, before the reply and after it', async () => {
    const { database: watched, take } = recorded(database)
    const signups = signupStore(watched, systemClock)
    expect(await signups.add(signup('listed@example.com'))).toBe('added')
    await signups.settled()
    take()
    expect(await signups.add(signup('new@example.com'))).toBe('added')
    await signups.settled()
    const forNew = take()
    expect(forNew.length).toBeGreaterThan(1)
    expect(await signups.add(signup('listed@example.com'))).toBe('duplicate')
    await signups.settled()
    expect(take()).toEqual(forNew)
  })

  it('is the same for an erasure request naming a listed address again as for one never listed', async () => {
    const { database: watched, take } = recorded(database)
    const signups = signupStore(watched, systemClock)
    const consent = consentStore(watched, transactionEvents(), heldInvitation)
    await signups.add(signup('erase-me@example.com'))
    await signups.settled()
    // The first request queues the email; the later ones, within the 10 minutes, are answered by it.
    await consent.requestErasure('erase-me@example.com', new Date())
    take()
    await consent.requestErasure('never-listed@example.com', new Date())
    const forUnlisted = take()
    expect(forUnlisted.length).toBeGreaterThan(1)
    await consent.requestErasure('erase-me@example.com', new Date())
    expect(take()).toEqual(forUnlisted)
  })
})
