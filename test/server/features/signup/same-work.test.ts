// @vitest-environment node
// Nothing tells who is listed, including the time (docs/one-address-one-mailbox.md). A timing benchmark cannot be
// a test on a shared machine (`npm run bench:timing` is one), but what makes a listed address answer faster or
// slower can be: the database doing other work for it. Here every statement the stores send is recorded, with
// its values left out, and a listed address must make exactly the statements an unlisted one does: a repeat
// signup those of a new signup, before its reply and after, and a second erasure request for a listed address
// those of one for an address never listed. On each engine.
import { describe, expect, it } from 'vitest'
import { consentStore } from '../../../../server/features/consent/consent-store'
import { heldInvitation } from '../../../../server/features/launch/held-invitation'
import { transactionEvents } from '../../../../server/platform/events/transaction-events'
import { signupStore } from '../../../../server/features/signup/signup-store'
import { noConsentRecord } from '../../../../server/features/signup/validate'
import { eachEngine, migratedDatabaseOn, type EngineUnderTest } from '../../../utils/engines'
import { recorded } from '../../../utils/recorded-statements'
import { systemClock } from '../../../../server/platform/clock/system-clock'

const signup = (email: string) => ({ email, emailNormalized: email, firstName: 'Ann', source: 'stride-marketing-site', submissionId: null, consent: noConsentRecord })

describe.each(eachEngine())('the database work for a listed and an unlisted address, on $engine', (engine: EngineUnderTest) => {
  const migrated = migratedDatabaseOn(engine)

  it('is the same for a repeat signup as for a new one, before the reply and after it', async () => {
    const { database: watched, take } = recorded(migrated())
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
    const { database: watched, take } = recorded(migrated())
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
