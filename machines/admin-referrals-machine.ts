// The console's referrals (issue 21): the ones held for the team and the top referrers, fetched together
// (`loading`, then `ready` or `failed` with a retry). In `ready` the team approves or rejects one held referral
// at a time: `reviewing` sends one request, then the list is fetched again (a colleague may have decided others
// meanwhile), and the table and figures are told to reload, as the referrer's place has moved. A review that
// fails (already decided, or the network) says so and reloads too. The list stays on screen throughout.
import { assign, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate'
import type { ReferralsReply, ReferralVerdict } from '../shared/console-api'

export type ReferralReview = { friendId: number; firstName: string; verdict: ReferralVerdict }
export type AdminReferralsEvent = { type: 'RELOAD' } | ({ type: 'REVIEW' } & ReferralReview)

export const adminReferralsMessages = {
  reviewed: ({ firstName, verdict }: ReferralReview) => `${firstName}’s referral was ${verdict === 'APPROVE' ? 'approved' : 'rejected'}.`,
  reviewFailed: ({ firstName }: ReferralReview) => `${firstName}’s referral could not be reviewed (it may have been decided already). The list has been reloaded.`,
} as const

const noReferrals: ReferralsReply = { held: [], topReferrers: [] }

export const adminReferralsMachine = setup({
  types: {} as {
    context: { referrals: ReferralsReply | null; review: ReferralReview | null; message: string }
    events: AdminReferralsEvent | DoneActorEvent<ReferralsReply, 'fetchReferrals'>
    tags: 'busy'
  },
  actors: {
    fetchReferrals: fromPromise<ReferralsReply>(async () => noReferrals),
    reviewReferral: fromPromise<void, ReferralReview>(async () => undefined),
  },
  actions: {
    showReferrals: assign(({ event }) => (event.type === 'xstate.done.actor.fetchReferrals' ? { referrals: event.output } : {})),
    setReview: assign(({ event }) => (event.type === 'REVIEW' ? { review: { friendId: event.friendId, firstName: event.firstName, verdict: event.verdict }, message: '' } : {})),
    showReviewed: assign(({ context }) => ({ message: context.review ? adminReferralsMessages.reviewed(context.review) : '', review: null })),
    showReviewFailed: assign(({ context }) => ({ message: context.review ? adminReferralsMessages.reviewFailed(context.review) : '', review: null })),
    /** Tells the table and the figures to reload (the view provides it). */
    announceReviewed: () => {},
  },
}).createMachine({
  id: 'adminReferrals',
  context: { referrals: null, review: null, message: '' },
  initial: 'loading',
  on: { RELOAD: { target: '.loading', reenter: true } },
  states: {
    loading: {
      description: 'Fetching the held referrals and the top referrers.',
      tags: 'busy',
      invoke: { id: 'fetchReferrals', src: 'fetchReferrals', onDone: { target: 'ready', actions: 'showReferrals' }, onError: 'failed' },
    },
    ready: {
      description: 'The held referrals, each with Approve and Reject, and the top referrers.',
      on: { REVIEW: { target: 'reviewing', actions: 'setReview' } },
    },
    reviewing: {
      description: 'One approve or reject request; the buttons wait.',
      tags: 'busy',
      // The list is fetched again after the review anyway; a reload now would drop the review's answer.
      on: { RELOAD: {} },
      invoke: {
        id: 'reviewReferral',
        src: 'reviewReferral',
        input: ({ context }) => context.review!,
        onDone: { target: 'loading', actions: ['showReviewed', 'announceReviewed'] },
        onError: { target: 'loading', actions: 'showReviewFailed' },
      },
    },
    failed: { description: 'The referrals could not be loaded; RELOAD tries again.' },
  },
})

export type AdminReferralsSnapshot = SnapshotFrom<typeof adminReferralsMachine>
export type AdminReferralsStateName = keyof typeof adminReferralsMachine.root.states
