// @vitest-environment node
// The stored statuses are the machines' states, in types (checked by tsc) and in values: a state added to a
// machine and not to shared/stored-statuses.ts, or the other way round, fails here.
import type { StateValueFrom } from 'xstate'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { referralCreditMachine } from '../../machines/referral-credit-machine'
import { signupConsentMachine } from '../../machines/signup-consent-machine'
import { updateSendMachine } from '../../machines/update-send-machine'
import { isStoredStatus, referralOutcomes, storedStatuses, updateSendStates, type ConsentStatus, type ReferralOutcome, type UpdateSendState } from '../../shared/stored-statuses'

describe('the stored statuses', () => {
  it('are the consent machine’s states, erased aside (it leaves no row)', () => {
    expectTypeOf<StateValueFrom<typeof signupConsentMachine>>().toEqualTypeOf<ConsentStatus>()
    expect([...storedStatuses, 'erased'].sort()).toEqual(Object.keys(signupConsentMachine.root.states).sort())
  })

  it('are told from anything else by their guard', () => {
    for (const status of storedStatuses) expect(isStoredStatus(status)).toBe(true)
    for (const other of ['erased', 'Pending', '', null, undefined, 1]) expect(isStoredStatus(other)).toBe(false)
  })

  it('and an update’s sending states are its machine’s', () => {
    expectTypeOf<StateValueFrom<typeof updateSendMachine>>().toEqualTypeOf<UpdateSendState>()
    expect([...updateSendStates].sort()).toEqual(Object.keys(updateSendMachine.root.states).sort())
  })

  it('and the referral outcomes are the states the credit machine rests in', () => {
    expectTypeOf<Exclude<StateValueFrom<typeof referralCreditMachine>, 'deciding'>>().toEqualTypeOf<ReferralOutcome>()
    expect([...referralOutcomes, 'deciding'].sort()).toEqual(Object.keys(referralCreditMachine.root.states).sort())
  })
})
