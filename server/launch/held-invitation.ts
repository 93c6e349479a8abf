// The invitation a person holds, read from their latest invitation rather than from their status: someone who
// unsubscribes keeps it (their status says only `unsubscribed` then), and their private page still says where it
// stands (referral/line.ts yourPlace).
import type { HeldInvitation } from '../../machines/signup-consent-machine'
import type { Db } from '../store/database'

export type Held = { id: number; stands: HeldInvitation }

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
