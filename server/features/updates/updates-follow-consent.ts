// What the updates do on the consent flows' events (features/consent/consent-events.ts), in their transactions: the
// composition subscribes this. Someone who takes back news and updates, or is erased, before their turn in a
// sending update is skipped (and their email, queued and not yet taken by a sender, taken out of the outbox);
// one who takes news back after an update reached them counts as unsubscribed from it (from the last one sent).
// An erased person's rows keep their counts and nothing of them.
import type { ConsentSubscriber } from '../consent/public'
import type { Db } from '../../platform/database/database'
import { withdrawQueued } from '../../platform/outbox/outbox-queue'
import type { SkipReason } from '../../../shared/update-rows'
import { updateKind } from './update-sends'

async function skipWaiting(trx: Db, signupId: number, reason: SkipReason, now: Date) {
  await trx
    .updateTable('update_recipients')
    .set({ state: 'skipped', reason, at: now.toISOString() })
    .where('signup_id', '=', signupId)
    .where('state', 'in', ['waiting', 'queued'])
    .execute()
  // A sender that holds one (leased) finds it skipped when it begins (update-emails.ts begin).
  await withdrawQueued(trx, { kind: updateKind, personId: signupId }, now)
}

export const updatesFollowConsent: ConsentSubscriber = {
  newsStopped: {
    handle: async (trx, { signupId, now }) => {
      await skipWaiting(trx, signupId, 'unsubscribed', now)
      const last = await trx
        .selectFrom('update_recipients')
        .select('id')
        .where('signup_id', '=', signupId)
        .where('state', '=', 'sent')
        .orderBy('id', 'desc')
        .executeTakeFirst()
      if (last) await trx.updateTable('update_recipients').set({ unsubscribed_at: now.toISOString() }).where('id', '=', last.id).where('unsubscribed_at', 'is', null).execute()
    },
  },
  erased: {
    handle: async (trx, { signupId, now }) => {
      await skipWaiting(trx, signupId, 'erased', now)
      await trx.updateTable('update_recipients').set({ signup_id: null }).where('signup_id', '=', signupId).execute()
    },
  },
}
