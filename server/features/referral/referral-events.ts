// What the referral tells other features (server/platform/events/transaction-events.ts), inside the change's own
// transaction: the composition subscribes whoever follows credits (the webhooks), so the referral names none.
import type { Subscriber, TransactionEvents } from '../../platform/events/transaction-events'

export type ReferralEvents = {
  /** A friend's confirmation (or the team's approval of a held one) credited the person who shared: `credits`
   * is how many they hold now. */
  credited: { referrerId: number; friendId: number | null; credits: number; now: Date }
}

export type ReferralEventBus = TransactionEvents<ReferralEvents>
export type ReferralSubscriber = Subscriber<ReferralEvents>
