// Consent on the suppression list's news (platform/suppression/suppression-events.ts): a person who marked our email
// as spam has said stop to all of it, so they are unsubscribed from every purpose they hold, in the suppression's own
// transaction (issue 49; Ghost does the same with Mailgun's complaints). A bounce changes no consent: the mailbox
// refused, its owner said nothing.
import type { SuppressionSubscriber } from '../../platform/suppression/suppression-events'
import type { ConsentEventBus } from './consent-events'
import type { ConsentStore } from './consent-store'

export function consentFollowsSuppression(store: Pick<ConsentStore, 'unsubscribeEverywhere'>, events: ConsentEventBus): SuppressionSubscriber {
  return {
    suppressed: {
      // The unsubscribe's own followers (the line, the invitations, the webhooks) take their locks first.
      lock: async (trx) => {
        await events.lock(trx, 'unsubscribed')
        await events.lock(trx, 'newsStopped')
      },
      handle: async (trx, { address, reason, now }) => {
        if (reason === 'complaint') await store.unsubscribeEverywhere(trx, address, now)
      },
    },
  }
}
