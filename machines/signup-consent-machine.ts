// The life of one signup's consent, as the endpoint keeps it in the database (server/features/consent/). A signup is
// stored at once as `pending` and a confirmation email is queued with it. The link in that email confirms;
// every email's one-click link unsubscribes; an erasure, confirmed by its own emailed link or done by the
// team, ends the signup for good. Signing up again re-sends the confirmation to a pending address at most
// once per 10 minutes, turns an unsubscribed address back into a pending one, and does nothing for a
// confirmed one. The store never changes a status by itself: it asks this machine which moves are allowed
// (server/features/consent/consent-rules.ts), so the chart below is the rule.
//
// At launch (issue 22, server/features/launch/) the team invites confirmed people in waves, by place in line: an
// invitation is claimed through its emailed link, or expires (14 days by default); the team may send an expired
// one again. Unsubscribing or erasure ends it as they end everything else; a person who unsubscribed after being
// invited may still claim the invitation they hold (only they hold its link), so stopping the reminder never
// costs them their place. Someone who comes back (signs up again, then confirms anew) returns to where they
// stood: in line at their old place, or to their invitation, still open, claimed or ended meanwhile; until they
// confirm, the invitation they hold can still be claimed.
import { setup } from 'xstate'
import { resendAfterMs } from '../shared/rules'

/** shared/rules.ts's resend window, under the name the machine's tests and chart use. */
export const RESEND_AFTER_MS = resendAfterMs

/** Where the invitation a person holds stands: still open, claimed, or ended unclaimed. */
export type HeldInvitation = 'open' | 'claimed' | 'ended'

export type ConsentEvent =
  /** `invitation` when the person was invited before they unsubscribed and came back (server/features/launch/). */
  | { type: 'CONFIRM'; invitation?: HeldInvitation }
  | { type: 'UNSUBSCRIBE' }
  | { type: 'SIGN_UP_AGAIN'; msSinceLastQueued: number }
  | { type: 'ERASE' }
  | { type: 'INVITE' }
  /** The invitation's button: `invitationOpen` when the person holds an invitation not claimed, expired or past its end. */
  | { type: 'CLAIM'; invitationOpen: boolean }
  | { type: 'EXPIRE' }

export const signupConsentMachine = setup({
  types: {
    events: {} as ConsentEvent,
  },
  actions: {
    // Named so the store can see which moves queue an email; the store performs the queueing itself.
    queueConfirmation: () => {},
  },
  guards: {
    isResendDue: ({ event }) => event.type === 'SIGN_UP_AGAIN' && event.msSinceLastQueued >= RESEND_AFTER_MS,
    holdsOpenInvitation: ({ event }) => event.type === 'CLAIM' && event.invitationOpen,
    returnsToOpenInvitation: ({ event }) => event.type === 'CONFIRM' && event.invitation === 'open',
    returnsToClaimedInvitation: ({ event }) => event.type === 'CONFIRM' && event.invitation === 'claimed',
    returnsToEndedInvitation: ({ event }) => event.type === 'CONFIRM' && event.invitation === 'ended',
  },
}).createMachine({
  id: 'signupConsent',
  initial: 'pending',
  entry: 'queueConfirmation',
  states: {
    pending: {
      description:
        'Stored, with a confirmation email queued. Nothing but the confirmation is ever mailed to this address. Someone back after unsubscribing confirms into where they stood, and may claim the invitation they hold meanwhile.',
      on: {
        // A wave took them before they unsubscribed: they return to that invitation, not to a place they left.
        CONFIRM: [
          { guard: 'returnsToOpenInvitation', target: 'invited' },
          { guard: 'returnsToClaimedInvitation', target: 'claimed' },
          { guard: 'returnsToEndedInvitation', target: 'expired' },
          { target: 'confirmed' },
        ],
        CLAIM: { guard: 'holdsOpenInvitation', target: 'claimed' },
        UNSUBSCRIBE: 'unsubscribed',
        SIGN_UP_AGAIN: { guard: 'isResendDue', target: 'pending', reenter: true, actions: 'queueConfirmation' },
        ERASE: 'erased',
      },
    },
    confirmed: {
      description: 'The owner clicked the emailed link and pressed Confirm: we may write to them about early access. They hold a place in line.',
      on: {
        INVITE: 'invited',
        UNSUBSCRIBE: 'unsubscribed',
        ERASE: 'erased',
      },
    },
    invited: {
      description: 'A wave took them from the line: an invitation email, and one reminder before it ends, are queued. Its link claims it.',
      on: {
        CLAIM: { guard: 'holdsOpenInvitation', target: 'claimed' },
        EXPIRE: 'expired',
        UNSUBSCRIBE: 'unsubscribed',
        ERASE: 'erased',
      },
    },
    claimed: {
      description: 'They pressed the invitation’s button and went on to early access. Nothing more is mailed about it.',
      on: {
        UNSUBSCRIBE: 'unsubscribed',
        ERASE: 'erased',
      },
    },
    expired: {
      description: 'The invitation ended unclaimed. The team may send it again.',
      on: {
        INVITE: 'invited',
        UNSUBSCRIBE: 'unsubscribed',
        ERASE: 'erased',
      },
    },
    unsubscribed: {
      description: 'Consent withdrawn (the one-click link or the page): never mailed again unless they sign up anew. An invitation they already hold can still be claimed.',
      on: {
        SIGN_UP_AGAIN: { target: 'pending', actions: 'queueConfirmation' },
        CLAIM: { guard: 'holdsOpenInvitation', target: 'claimed' },
        ERASE: 'erased',
      },
    },
    erased: {
      description: 'The signup, its tokens and queued emails are deleted; only a salted hash of the address remains, so it is never stored or mailed again.',
      type: 'final',
    },
  },
})
