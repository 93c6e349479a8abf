// What the launch tells other features (server/platform/events/transaction-events.ts), inside the change's own
// transaction: the composition subscribes whoever follows invitations (the webhooks), so the launch names none.
import type { Subscriber, TransactionEvents } from '../../platform/events/transaction-events'

export type LaunchEvents = {
  /** A wave invited these people (one publish per part of the wave, in the wave's transaction). */
  sent: { waveId: number; invitations: { invitationId: number; signupId: number; expiresAt: Date }[]; now: Date }
  /** A person claimed their invitation. */
  claimed: { invitationId: number; signupId: number; now: Date }
}

export type LaunchEventBus = TransactionEvents<LaunchEvents>
export type LaunchSubscriber = Subscriber<LaunchEvents>
