// What an activation tells the other features (server/platform/events/transaction-events.ts), inside the
// activation's own transaction: the composition subscribes whoever keeps facts about it (the webhooks' outbox,
// `person.activated`), so this wing names none of them, and a rolled-back activation tells nobody anything.
import type { Subscriber, TransactionEvents } from '../../platform/events/transaction-events'

export type ActivationEvents = {
  /** A person installed the app and started it, reported for the first time (a repeat publishes nothing).
   * `invitationId` is the invitation they hold, if any. */
  activated: { signupId: number; invitationId: number | null; now: Date }
}

export type ActivationEventBus = TransactionEvents<ActivationEvents>
export type ActivationSubscriber = Subscriber<ActivationEvents>
