// What the consent flows tell the other features (server/platform/events/transaction-events.ts), inside the
// change's own transaction: the composition subscribes each feature that keeps facts about a signup (the line,
// the invitations), so consent names none of them.
import type { HeldInvitation } from '../../../machines/signup-consent-machine'
import type { Db } from '../../platform/database/database'
import type { Subscriber, TransactionEvents } from '../../platform/events/transaction-events'

/** An invitation a wave gave a person, and where it stands. */
export type Held = { id: number; stands: HeldInvitation }

/** What consent asks before a confirmation: the invitation this person holds, if a wave took them. The
 * composition hands in the launch's answer (features/launch/held-invitation.ts), so consent imports no feature
 * that follows it. */
export type HeldInvitationOf = (trx: Db, signupId: number, now: Date) => Promise<Held | undefined>

export type ConsentEvents = {
  /** A signup confirmed its address (for the first time, or again after unsubscribing and signing up anew).
   * `invitation` is the one a wave gave them before, which they return to (features/launch/held-invitation.ts);
   * without one, they take a place in line. */
  confirmed: { signupId: number; now: Date; invitation: Held | undefined }
  /** A signup unsubscribed: nothing is mailed to it again unless it signs up anew. */
  unsubscribed: { signupId: number; now: Date }
  /** A signup took back news and updates (by its choice, or an unsubscribe link): no update goes to it again
   * unless it asks anew. Published with `unsubscribed` too when one link stops both. */
  newsStopped: { signupId: number; now: Date }
  /** A signup is being erased: published before its row is deleted, so a subscriber can still read it, and
   * must keep nothing that names the person. */
  erased: { signupId: number; now: Date }
}

export type ConsentEventBus = TransactionEvents<ConsentEvents>
export type ConsentSubscriber = Subscriber<ConsentEvents>
