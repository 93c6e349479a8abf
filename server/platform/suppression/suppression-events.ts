// What the suppression list tells the wings (platform/events/transaction-events.ts), inside the transaction that
// suppressed the address: consent unsubscribes a person who complained from every purpose, the webhooks carry
// `person.suppressed`. The list is the platform's, and names none of them: each follows `suppression` from its wing.
import type { Subscriber, TransactionEvents } from '../events/transaction-events'
import type { SuppressionReason, SuppressionSource } from '../../../shared/suppression'

export type SuppressionEvents = {
  /** An address went on the list, or a suppressed one complained (a complaint is told even so: its owner said stop).
   * `address` is canonical (shared/mailbox.ts); the followers find its person, if any, by it. */
  suppressed: { address: string; reason: SuppressionReason; source: SuppressionSource; now: Date }
}

export type SuppressionEventBus = TransactionEvents<SuppressionEvents>
export type SuppressionSubscriber = Subscriber<SuppressionEvents>

declare module '../wing/wing' {
  interface WingEvents {
    suppression: SuppressionEvents
  }
}
