// The referrals the team reviews in the console (issue 21), written once for both engines: the ones held for
// the team (who the friend and the referrer are is shown to them, and only them), the top referrers with their
// places, and the team's verdict, which credits through the line (line.ts review).
import type { HeldReferral, TopReferrer } from '../../../shared/console-rows'
import type { Database } from '../../platform/database/database'
import type { Line } from './line'

export type ReferralReviews = {
  /** The referrals waiting for the team, oldest first, at most `limit`. */
  held(limit?: number): Promise<HeldReferral[]>
  /** The people with the most credited referrals, most first. */
  topReferrers(limit: number): Promise<TopReferrer[]>
  /** The team approves or rejects a held referral; false when it is not held (any more). */
  review: Line['review']
}

export function referralReviews(database: Database, line: Pick<Line, 'placesOf' | 'review'>): ReferralReviews {
  const { db } = database
  return {
    async held(limit = 100) {
      const rows = await db
        .selectFrom('referrals')
        .innerJoin('signups as friend', 'friend.id', 'referrals.friend_id')
        .leftJoin('signups as referrer', 'referrer.id', 'referrals.referrer_id')
        .select([
          'friend.id as friend_id',
          'friend.first_name as friend_first_name',
          'friend.email as friend_email',
          'referrer.id as referrer_id',
          'referrer.first_name as referrer_first_name',
          'referrer.email as referrer_email',
          'referrals.decided_at',
        ])
        .where('referrals.outcome', '=', 'held')
        .orderBy('referrals.decided_at')
        .orderBy('referrals.friend_id')
        .limit(limit)
        .execute()
      return rows.map((row) => ({
        friendId: row.friend_id,
        friendFirstName: row.friend_first_name,
        friendEmail: row.friend_email,
        referrerId: row.referrer_id,
        referrerFirstName: row.referrer_first_name,
        referrerEmail: row.referrer_email,
        decidedAt: row.decided_at,
      }))
    },
    async topReferrers(limit) {
      // Ties go to whoever is further ahead in line.
      const rows = await db
        .selectFrom('signups')
        .select(['id', 'first_name', 'email', 'referral_credits', 'confirm_seq'])
        .where('referral_credits', '>', 0)
        .orderBy('referral_credits', 'desc')
        .orderBy('line_score')
        .orderBy('confirm_seq')
        .limit(limit)
        .execute()
      const places = await line.placesOf(rows)
      return rows.map((row) => ({ id: row.id, firstName: row.first_name, email: row.email, credits: Number(row.referral_credits), place: places.get(row.id) ?? null }))
    },
    review: (friendId, verdict, by) => line.review(friendId, verdict, by),
  }
}
