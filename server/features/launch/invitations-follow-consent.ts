// What the invitations do on the consent flows' events (features/consent/consent-events.ts), in their
// transactions: the composition subscribes this.
import type { ConsentSubscriber } from '../consent/public'
import { takeBackInvitation } from './held-invitation'

export const invitationsFollowConsent: ConsentSubscriber = {
  // Someone back after unsubscribing returns to the invitation a wave gave them before.
  confirmed: {
    handle: async (trx, { signupId, now, invitation }) => {
      if (invitation) await takeBackInvitation(trx, signupId, invitation, now)
    },
  },
  // An open invitation counts as unsubscribed from in its wave's funnel; its reminder will not go, and the
  // person may still claim it with the link they hold.
  unsubscribed: {
    handle: async (trx, { signupId, now }) => {
      await trx
        .updateTable('invitations')
        .set({ unsubscribed_at: now.toISOString() })
        .where('signup_id', '=', signupId)
        .where('claimed_at', 'is', null)
        .where('expired_at', 'is', null)
        .where('unsubscribed_at', 'is', null)
        .execute()
    },
  },
  // An invitation keeps its counts for the wave's funnel, and nothing of the person.
  erased: {
    handle: async (trx, { signupId, now }) => {
      await trx.updateTable('invitations').set({ erased_at: now.toISOString() }).where('signup_id', '=', signupId).where('claimed_at', 'is', null).where('expired_at', 'is', null).execute()
      await trx.updateTable('invitations').set({ signup_id: null }).where('signup_id', '=', signupId).execute()
    },
  },
}
