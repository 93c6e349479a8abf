// What a friend's confirmation earns the person whose share link they came through. Decided once per friend,
// when the friend first confirms their address (server/features/referral/), from facts the store reads in the same
// transaction; the guards below are the rules, in the order they apply. A referral that looks like a farm is
// neither credited nor refused: it is held for the team, who approve or reject it in the console, unless the
// friend is erased first. Every decision is kept, whatever becomes of the friend, since the limits count them
// all. Nothing here names anyone: the facts are counts and yes-or-no.
import { setup } from 'xstate'
import { referralRules } from '../shared/rules'

export type ReferralFacts = {
  /** The code names someone in line (confirmed, not erased). */
  referrerInLine: boolean
  /** The friend's inbox is the referrer's own (shared/mail-providers.ts inboxKey, by each
   * provider's rules). */
  sameInbox: boolean
  /** The friend's address is at a relay service (shared/mail-providers.ts isRelayAddress), which forwards to an
   * inbox nobody can see: one person may hold any number of them. */
  friendIsRelay: boolean
  /** The referrer's referrals credited in the last day. */
  creditedToday: number
  /** The referrer's referrals from the friend's network (/24 or /48) in the last day, this one included. */
  fromSameNetwork: number
  /** The referrer's referrals in the last burst window, this one included. */
  inBurst: number
}

export type ReferralEvent = { type: 'APPROVE' } | { type: 'REJECT' } | { type: 'FRIEND_ERASED' }

export const referralCreditMachine = setup({
  types: {
    context: {} as ReferralFacts,
    input: {} as ReferralFacts,
    events: {} as ReferralEvent,
  },
  guards: {
    referrerGone: ({ context }) => !context.referrerInLine,
    sameInbox: ({ context }) => context.sameInbox,
    friendIsRelay: ({ context }) => context.friendIsRelay,
    overDailyCap: ({ context }) => context.creditedToday >= referralRules.dailyCap,
    looksLikeAFarm: ({ context }) => context.fromSameNetwork >= referralRules.sameNetwork || context.inBurst >= referralRules.burst,
  },
}).createMachine({
  id: 'referralCredit',
  context: ({ input }) => input,
  initial: 'deciding',
  states: {
    deciding: {
      description: 'The friend has just confirmed their address for the first time.',
      always: [
        { guard: 'referrerGone', target: 'noReferrer' },
        { guard: 'sameInbox', target: 'selfReferral' },
        { guard: 'friendIsRelay', target: 'relay' },
        { guard: 'overDailyCap', target: 'overDailyCap' },
        { guard: 'looksLikeAFarm', target: 'held' },
        { target: 'credited' },
      ],
    },
    credited: {
      type: 'final',
      description: 'The referrer moves up (PLACE_BOOST places) at once.',
    },
    held: {
      description: 'Many from one network or in a burst: the team decides in the console. Nobody moves until then.',
      on: { APPROVE: 'credited', REJECT: 'rejected', FRIEND_ERASED: 'withdrawn' },
    },
    rejected: {
      type: 'final',
      description: 'The team judged it a farm: no credit.',
    },
    withdrawn: {
      type: 'final',
      // A credited friend's erasure changes nothing (the referrer keeps the credit); a held one's leaves the team
      // nobody to judge, and the decision still counts toward the limits.
      description: 'The friend was erased before the team decided: no credit.',
    },
    selfReferral: {
      type: 'final',
      description: 'The friend is the referrer, in another spelling of one inbox: no credit.',
    },
    relay: {
      type: 'final',
      description: 'The friend’s address is a relay (Hide My Email and the like), which anyone may hold by the dozen: no credit.',
    },
    overDailyCap: {
      type: 'final',
      description: 'The referrer has had the day’s credits: no credit for this one.',
    },
    noReferrer: {
      type: 'final',
      description: 'The code names nobody in line (unknown, or erased): nothing to credit.',
    },
  },
})
