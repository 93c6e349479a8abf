// @vitest-environment node
// The referral credit rules (machines/referral-credit-machine.ts) from the machine's own graph (@xstate/graph):
// for a friend's facts on each side of every guard, every path the graph offers (the decision, then the team's
// APPROVE or REJECT where it waits for one, or the friend's erasure) ends where the rule says, and together
// they reach every state and take every transition. The same rules against the real store, on both engines: test/server/features/referral/line.test.ts.
import { getShortestPaths, getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { referralCreditMachine, type ReferralEvent, type ReferralFacts } from '../../machines/referral-credit-machine'
import type { ReferralOutcome } from '../../shared/stored-statuses'
import { decideReferral } from '../../server/features/referral/line'
import { referralRules } from '../../shared/rules'

const ordinary: ReferralFacts = { referrerInLine: true, sameInbox: false, friendIsRelay: false, creditedToday: 0, fromSameNetwork: 1, inBurst: 1 }
// Facts just inside and just past each rule, and the rule's answer for them.
const cases: [string, ReferralFacts, ReferralOutcome][] = [
  ['an ordinary friend', ordinary, 'credited'],
  ['a code naming nobody in line', { ...ordinary, referrerInLine: false }, 'noReferrer'],
  ['nobody in line, even if it looks like a farm', { ...ordinary, referrerInLine: false, inBurst: 99 }, 'noReferrer'],
  ['the referrer’s own inbox', { ...ordinary, sameInbox: true }, 'selfReferral'],
  ['their own inbox, past the cap too', { ...ordinary, sameInbox: true, creditedToday: 99 }, 'selfReferral'],
  ['a relay address', { ...ordinary, friendIsRelay: true }, 'relay'],
  ['a relay address, their own inbox too', { ...ordinary, friendIsRelay: true, sameInbox: true }, 'selfReferral'],
  ['a relay address, past the cap and in a burst', { ...ordinary, friendIsRelay: true, creditedToday: 99, inBurst: 99 }, 'relay'],
  ['one under the daily cap', { ...ordinary, creditedToday: referralRules.dailyCap - 1 }, 'credited'],
  ['at the daily cap', { ...ordinary, creditedToday: referralRules.dailyCap }, 'overDailyCap'],
  ['at the cap and in a burst', { ...ordinary, creditedToday: referralRules.dailyCap, inBurst: 99 }, 'overDailyCap'],
  ['one under the network limit', { ...ordinary, fromSameNetwork: referralRules.sameNetwork - 1 }, 'credited'],
  ['at the network limit', { ...ordinary, fromSameNetwork: referralRules.sameNetwork }, 'held'],
  ['one under the burst', { ...ordinary, inBurst: referralRules.burst - 1 }, 'credited'],
  ['at the burst', { ...ordinary, inBurst: referralRules.burst }, 'held'],
]
const events: ReferralEvent[] = [{ type: 'APPROVE' }, { type: 'REJECT' }, { type: 'FRIEND_ERASED' }]
const stateNames = Object.keys(referralCreditMachine.root.states)

describe('referral credit machine', () => {
  it.each(cases)('decides %s', (_name, facts, outcome) => {
    expect(decideReferral(facts)).toBe(outcome)
    // The graph from these facts: its first state settles at once where the rule says.
    const [start] = getShortestPaths(referralCreditMachine, { input: facts, events }).filter((path) => path.steps.length <= 1)
    expect(start!.state.value).toBe(outcome)
  })

  it('lets the team approve or reject a held referral once, or its friend’s erasure withdraw it, and nothing else', () => {
    const held = cases.find(([, , outcome]) => outcome === 'held')![1]
    const ends = getSimplePaths(referralCreditMachine, { input: held, events }).map((path) => [path.steps.slice(1).map((step) => step.event.type).join(' '), path.state.value])
    expect(Object.fromEntries(ends)).toEqual({ '': 'held', APPROVE: 'credited', REJECT: 'rejected', FRIEND_ERASED: 'withdrawn' })
    // Every other decision is final: no event moves it.
    for (const [, facts, outcome] of cases.filter(([, , outcome]) => outcome !== 'held'))
      expect(getSimplePaths(referralCreditMachine, { input: facts, events }).map((path) => path.state.value)).toEqual([outcome])
  })

  it('reaches every state of the machine from the cases above', () => {
    const reached = new Set(cases.flatMap(([, facts]) => getSimplePaths(referralCreditMachine, { input: facts, events }).map((path) => String(path.state.value))))
    expect([...reached].sort()).toEqual(stateNames.filter((name) => name !== 'deciding').sort())
  })
})
