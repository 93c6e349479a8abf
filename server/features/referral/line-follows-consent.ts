// What the line does on the consent flows' events (features/consent/consent-events.ts), in their transactions:
// the composition subscribes this. Both take the line's counter row first (line.ts), before the signup's row.
import type { ConsentSubscriber } from '../consent/public'
import type { Line } from './line'

export const lineFollowsConsent = (line: Line): ConsentSubscriber => ({
  // A first confirmation takes a place at the end of the line; someone returning to an invitation does not.
  confirmed: {
    lock: line.lock,
    handle: async (trx, { signupId, now, invitation }) => {
      if (!invitation) await line.join(trx, signupId, now)
    },
  },
  erased: { lock: line.lock, handle: (trx, { signupId }) => line.leave(trx, signupId) },
})
