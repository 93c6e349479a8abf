// The console's referrals (issue 21): the ones held for the team and the top referrers, fetched together
// (`loading`, then `ready` or `failed` with a retry). In `ready` the team approves or rejects one held referral
// at a time: `reviewing` sends one request, then the list is fetched again (a colleague may have decided others
// meanwhile), and the table and figures are told to reload, as the referrer's place has moved. A review that
// fails (already decided, or the network) says so and reloads too. The list stays on screen throughout.
// The held referrals come a page at a time, oldest first, by keyset (issue 35): NEXT_HELD follows the cursor the
// page ended with, PREVIOUS_HELD steps back along the cursors followed, and every fetch asks for the page on screen
// again. A page that reviews have emptied steps back by itself, so the team is never left on a blank page.
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate'
import { serverWords } from './server-words'
import type { ReferralsReply, ReferralVerdict } from '../shared/console-api'
import { currentCursor, followed, steppedBack, type CursorTrail } from './cursor-trail'

export type ReferralReview = { friendId: number; firstName: string; verdict: ReferralVerdict }
export type AdminReferralsEvent = { type: 'RELOAD' } | ({ type: 'REVIEW' } & ReferralReview) | { type: 'NEXT_HELD' } | { type: 'PREVIOUS_HELD' }

export const adminReferralsMessages = {
  reviewed: ({ firstName, verdict }: ReferralReview) => `${firstName}’s referral was ${verdict === 'APPROVE' ? 'approved' : 'rejected'}.`,
  reviewFailed: ({ firstName }: ReferralReview) => `${firstName}’s referral could not be reviewed (it may have been decided already). The list has been reloaded.`,
} as const

const noReferrals: ReferralsReply = { held: [], heldTotal: 0, heldAfter: null, topReferrers: [] }

export const adminReferralsMachine = setup({
  types: {} as {
    context: { referrals: ReferralsReply | null; heldTrail: CursorTrail; review: ReferralReview | null; message: string }
    events: AdminReferralsEvent | DoneActorEvent<ReferralsReply, 'fetchReferrals'>
    tags: 'busy'
  },
  actors: {
    fetchReferrals: fromPromise<ReferralsReply, { after: string | null }>(async () => noReferrals),
    reviewReferral: fromPromise<void, ReferralReview>(async () => undefined),
  },
  actions: {
    showReferrals: assign(({ event }) => (event.type === 'xstate.done.actor.fetchReferrals' ? { referrals: event.output } : {})),
    setReview: assign(({ event }) => {
      assertEvent(event, 'REVIEW')
      return { review: { friendId: event.friendId, firstName: event.firstName, verdict: event.verdict }, message: '' }
    }),
    showReviewed: assign(({ context }) => ({ message: context.review ? adminReferralsMessages.reviewed(context.review) : '', review: null })),
    showReviewFailed: assign(({ context, event }) => ({ message: context.review ? serverWords(event, adminReferralsMessages.reviewFailed(context.review)) : '', review: null })),
    followHeld: assign(({ context }) => ({ heldTrail: followed(context.heldTrail, context.referrals?.heldAfter ?? null), message: '' })),
    stepBackHeld: assign(({ context }) => ({ heldTrail: steppedBack(context.heldTrail) })),
    /** Tells the table and the figures to reload (the view provides it). */
    announceReviewed: () => {},
  },
  guards: {
    hasMoreHeld: ({ context }) => (context.referrals?.heldAfter ?? null) !== null,
    hasHeldBefore: ({ context }) => context.heldTrail.length > 0,
    isPageEmptied: ({ context, event }) => event.type === 'xstate.done.actor.fetchReferrals' && event.output.held.length === 0 && context.heldTrail.length > 0,
  },
}).createMachine({
  id: 'adminReferrals',
  context: { referrals: null, heldTrail: [], review: null, message: '' },
  initial: 'loading',
  on: { RELOAD: { target: '.loading', reenter: true } },
  states: {
    loading: {
      description: 'Fetching the page of held referrals on screen and the top referrers.',
      tags: 'busy',
      invoke: {
        id: 'fetchReferrals',
        src: 'fetchReferrals',
        input: ({ context }) => ({ after: currentCursor(context.heldTrail) }),
        onDone: [
          { guard: 'isPageEmptied', target: 'loading', reenter: true, actions: 'stepBackHeld' },
          { target: 'ready', actions: 'showReferrals' },
        ],
        onError: 'failed',
      },
    },
    ready: {
      description: 'A page of held referrals, each with Approve and Reject, how many are held in all, and the top referrers.',
      on: {
        REVIEW: { target: 'reviewing', actions: 'setReview' },
        NEXT_HELD: { guard: 'hasMoreHeld', target: 'loading', actions: 'followHeld' },
        PREVIOUS_HELD: { guard: 'hasHeldBefore', target: 'loading', actions: 'stepBackHeld' },
      },
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
