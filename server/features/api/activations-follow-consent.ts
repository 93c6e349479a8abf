// An erasure reaches the activations in its own transaction (features/consent/consent-events.ts): the row stays, so
// that the funnel's count of activations does not shrink, and loses the person's id, which a later signup could
// otherwise be given again (SQLite reuses the highest id of a deleted row) and find itself already activated.
import type { ConsentSubscriber } from '../consent/public'

export const activationsFollowConsent: ConsentSubscriber = {
  erased: {
    handle: async (trx, { signupId }) => {
      await trx.updateTable('activations').set({ signup_id: null }).where('signup_id', '=', signupId).execute()
    },
  },
}
