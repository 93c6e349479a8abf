// An erasure reaches the copy's table in its own transaction (features/consent/consent-events.ts): an address that
// asked for a copy while unlisted, then joined and is erased, leaves no request behind.
import type { ConsentSubscriber } from '../consent/public'

export const copyFollowsConsent: ConsentSubscriber = {
  erased: {
    handle: async (trx, { signupId }) => {
      const signup = await trx.selectFrom('signups').select('email_normalized').where('id', '=', signupId).executeTakeFirst()
      if (signup) await trx.deleteFrom('copy_requests').where('email_normalized', '=', signup.email_normalized).execute()
    },
  },
}
