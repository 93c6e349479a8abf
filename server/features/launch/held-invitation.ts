// The invitation a person holds, read from their latest invitation rather than from their status: someone who
// unsubscribes keeps it (their status says only `unsubscribed` then), their private page still says where it
// stands (features/referral/line.ts yourPlace), and if they join again and confirm they return to it
// (machines/signup-consent-machine.ts, CONFIRM from pending; features/consent/consent-store.ts useToken).
import type { Db } from '../../platform/database/database'
import { enqueue, isQueued } from '../../platform/outbox/outbox-queue'
import type { Held } from '../consent/public'

/** The person's latest invitation and where it stands now, or undefined when a wave never took them. */
export async function heldInvitation(db: Db, signupId: number, now: Date): Promise<Held | undefined> {
  const row = await db
    .selectFrom('invitations')
    .select(['id', 'expires_at', 'claimed_at', 'expired_at'])
    .where('signup_id', '=', signupId)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  if (!row) return undefined
  // Past its end it has ended, even before the expiry sweep (every 30 s) has marked it.
  const stands = row.claimed_at !== null ? 'claimed' : row.expired_at !== null || row.expires_at <= now.toISOString() ? 'ended' : 'open'
  return { id: row.id, stands }
}

/** Someone back after unsubscribing, confirmed anew, takes their invitation back (in the confirmation's
 * transaction). Still open, it is theirs as if they had never left: no longer counted as unsubscribed from, so
 * its reminder goes on its day and it expires at its end; its email goes now if it never reached them (they
 * left before its turn), and never twice. Ended while they were away, it is marked expired, as the sweep skipped
 * it, so the team can send it again. A claimed one needs nothing. */
export async function takeBackInvitation(trx: Db, signupId: number, held: Held, now: Date, invites: InviteQueue = outboxInvites): Promise<void> {
  const at = now.toISOString()
  if (held.stands === 'ended') {
    await trx.updateTable('invitations').set({ expired_at: at }).where('id', '=', held.id).where('claimed_at', 'is', null).where('expired_at', 'is', null).execute()
    return
  }
  if (held.stands !== 'open') return
  const invitation = await trx.updateTable('invitations').set({ unsubscribed_at: null }).where('id', '=', held.id).returning('delivered_at').executeTakeFirstOrThrow()
  if (invitation.delivered_at !== null) return
  if (!(await invites.isQueued(trx, held.id))) await invites.enqueue(trx, signupId, held.id, now)
}

/** How an invitation's email is queued: through the outbox, or as a migration wrote it in the outbox of its day
 * (migrations.ts), so that a migration does what it did when it was written. */
export type InviteQueue = {
  isQueued(trx: Db, invitationId: number): Promise<boolean>
  enqueue(trx: Db, signupId: number, invitationId: number, at: Date): Promise<void>
}

const outboxInvites: InviteQueue = {
  isQueued: (trx, invitationId) => isQueued(trx, { kind: 'invite', subjectId: invitationId }),
  enqueue: (trx, signupId, invitationId, at) => enqueue(trx, { kind: 'invite', personId: signupId, subjectId: invitationId, at }),
}

/** People who came back before the rule above existed were left `confirmed` with no place and a dead link (not
 * next to invite, never expired): each returns to their invitation as a confirmation would return them now. */
export async function returnTheStranded(trx: Db, now: Date, invites: InviteQueue = outboxInvites): Promise<void> {
  const stranded = await trx
    .selectFrom('signups')
    .select('id')
    .where('status', '=', 'confirmed')
    .where('line_score', 'is', null)
    .where('confirm_seq', 'is not', null)
    .where((eb) => eb.exists(eb.selectFrom('invitations').select('invitations.id').whereRef('invitations.signup_id', '=', 'signups.id')))
    .execute()
  for (const { id } of stranded) {
    const held = await heldInvitation(trx, id, now)
    if (!held) continue
    await takeBackInvitation(trx, id, held, now, invites)
    await trx
      .updateTable('signups')
      .set({ status: held.stands === 'open' ? 'invited' : held.stands === 'claimed' ? 'claimed' : 'expired' })
      .where('id', '=', id)
      .execute()
  }
}
