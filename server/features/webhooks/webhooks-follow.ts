// What the webhooks do on the other features' events (each publishes in its change's transaction:
// platform/events/transaction-events.ts): queue the deliveries of the matching webhook event in that same
// transaction (webhook-outbox.ts). The composition subscribes each of these; the webhooks import only the
// features' public shapes.
import type { ActivationSubscriber } from '../api/public'
import type { ConsentSubscriber } from '../consent/public'
import type { LaunchSubscriber } from '../launch/public'
import type { ReferralSubscriber } from '../referral/public'
import type { Db } from '../../platform/database/database'
import type { SuppressionSubscriber } from '../../platform/suppression/suppression-events'
import { forgetPerson, queueEvents } from './webhook-outbox'

const personOf = async (trx: Db, signupId: number) =>
  trx.selectFrom('signups').select(['id', 'email', 'first_name']).where('id', '=', signupId).executeTakeFirst()

export const webhooksFollowConsent: ConsentSubscriber = {
  confirmed: {
    handle: async (trx, { signupId, now }) => {
      const person = await personOf(trx, signupId)
      if (person) await queueEvents(trx, [{ type: 'signup.confirmed', data: { person: { id: person.id, email: person.email, firstName: person.first_name } }, signupId }], now)
    },
  },
  unsubscribed: { handle: (trx, { signupId, now }) => queueEvents(trx, [{ type: 'person.unsubscribed', data: { person: { id: signupId } }, signupId }], now).then(() => undefined) },
  // Published before the row is deleted: the address is read here, once, for the erasure's own delivery, whose
  // body and reply are cleared once it is delivered or given up (webhook-deliverer.ts). It goes to the endpoints
  // that want erasures and to every one that was sent the person, on or off: an endpoint that is off gets it
  // when it is turned on again.
  erased: {
    handle: async (trx, { signupId, now }) => {
      const person = await personOf(trx, signupId)
      const sentThem = await forgetPerson(trx, signupId, now)
      if (person) await queueEvents(trx, [{ type: 'person.erased', data: { person: { email: person.email } }, signupId: null }], now, { alsoTo: sentThem })
    },
  },
}

export const webhooksFollowLaunch: LaunchSubscriber = {
  sent: {
    handle: async (trx, { waveId, invitations, now }) => {
      const ids = invitations.map((invitation) => invitation.signupId)
      const people = new Map((await trx.selectFrom('signups').select(['id', 'email', 'first_name']).where('id', 'in', ids).execute()).map((person) => [person.id, person]))
      await queueEvents(
        trx,
        invitations.flatMap(({ invitationId, signupId, expiresAt }) => {
          const person = people.get(signupId)
          return person
            ? [
                {
                  type: 'invitation.sent' as const,
                  data: { invitation: { id: invitationId, waveId, expiresAt: expiresAt.toISOString() }, person: { id: person.id, email: person.email, firstName: person.first_name } },
                  signupId,
                },
              ]
            : []
        }),
        now,
      )
    },
  },
  claimed: {
    handle: (trx, { invitationId, signupId, now }) =>
      queueEvents(trx, [{ type: 'invitation.claimed', data: { invitation: { id: invitationId }, person: { id: signupId } }, signupId }], now).then(() => undefined),
  },
}

export const webhooksFollowReferrals: ReferralSubscriber = {
  credited: {
    handle: (trx, { referrerId, credits, now }) =>
      queueEvents(trx, [{ type: 'referral.credited', data: { referrer: { id: referrerId, credits } }, signupId: referrerId }], now).then(() => undefined),
  },
}

export const webhooksFollowActivations: ActivationSubscriber = {
  activated: {
    handle: (trx, { signupId, invitationId, now }) =>
      queueEvents(trx, [{ type: 'person.activated', data: { person: { id: signupId }, invitation: invitationId === null ? null : { id: invitationId } }, signupId }], now).then(
        () => undefined,
      ),
  },
}

// A suppressed address that is a person's: `person.suppressed`, with the reason and the source. An address that is
// no one's (erased, or never listed: a provider's report of an old address) names no person, and is not sent.
export const webhooksFollowSuppression: SuppressionSubscriber = {
  suppressed: {
    handle: async (trx, { address, reason, source, now }) => {
      const person = await trx.selectFrom('signups').select('id').where('email_normalized', '=', address).executeTakeFirst()
      if (person) await queueEvents(trx, [{ type: 'person.suppressed', data: { person: { id: person.id }, suppression: { reason, source } }, signupId: person.id }], now)
    },
  },
}
