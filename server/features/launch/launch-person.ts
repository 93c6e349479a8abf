// The launch's part of a person's record (shared/person-record.ts): every invitation of theirs, oldest first, and
// what became of it.
import type { PersonRecordReader } from '../../platform/wing/wing'

export const launchPerson: PersonRecordReader = async (db, personId) => {
  const rows = await db
    .selectFrom('invitations')
    .select(['wave_id', 'invited_at', 'expires_at', 'delivered_at', 'reminded_at', 'claimed_at', 'expired_at'])
    .where('signup_id', '=', personId)
    .orderBy('id')
    .execute()
  return {
    invitations: rows.map((row) => ({
      waveId: Number(row.wave_id),
      invitedAt: row.invited_at,
      expiresAt: row.expires_at,
      deliveredAt: row.delivered_at,
      remindedAt: row.reminded_at,
      claimedAt: row.claimed_at,
      expiredAt: row.expired_at,
    })),
  }
}
