// @vitest-environment node
// A key that may report activations but not look people up must not learn who is listed (issue 45, case 9): an
// activation by the address of someone listed but never invited, and by an address nobody holds, make exactly the
// same statements (their values left out, as test/utils/recorded-statements.ts records them), so neither
// the answer nor the database's work tells them apart. The answer itself, the same status and body for both, is
// checked over HTTP in api-v1.test.ts. On each engine.
import { describe, expect, it } from 'vitest'
import { activations } from '../../../../server/features/api/activations'
import type { ActivationEvents } from '../../../../server/features/api/activation-events'
import { signupStore } from '../../../../server/features/signup/signup-store'
import { noConsentRecord } from '../../../../server/features/signup/validate'
import { systemClock } from '../../../../server/platform/clock/system-clock'
import { transactionEvents } from '../../../../server/platform/events/transaction-events'
import { eachEngine, migratedDatabaseOn, type EngineUnderTest } from '../../../utils/engines'
import { recorded } from '../../../utils/recorded-statements'

describe.each(eachEngine())('an activation by address, listed or not, on $engine', (engine: EngineUnderTest) => {
  const migrated = migratedDatabaseOn(engine)

  it('makes the same statements for someone listed but never invited as for an address nobody holds', async () => {
    const signups = signupStore(migrated(), systemClock)
    await signups.add({ email: 'listed@example.com', emailNormalized: 'listed@example.com', firstName: 'Ann', source: 'stride-marketing-site', submissionId: null, consent: noConsentRecord })
    await signups.settled()
    const { database: watched, take } = recorded(migrated())
    const activated = activations(watched, transactionEvents<ActivationEvents>())

    expect(await activated.record({ email: 'listed@example.com' }, 1, new Date())).toEqual({ outcome: 'not-invited' })
    const forListed = take()
    expect(await activated.record({ email: 'nobody@example.com' }, 1, new Date())).toEqual({ outcome: 'person-not-found' })
    const forUnlisted = take()
    expect(forListed.length).toBeGreaterThan(1)
    console.log(`activation by address on ${engine.engine}: ${forListed.length} statements for someone listed, ${forUnlisted.length} for nobody`)
    expect(forUnlisted).toEqual(forListed)
  })
})
