// The referrals the team reviews in the console (issue 21), written once for both engines: the ones held for
// the team (who the friend and the referrer are is shown to them, and only them), the top referrers with their
// places, and the team's verdict, which credits through the line (line.ts review).
import type { HeldReferral, TopReferrer } from '../../../shared/console-rows'
import type { Database } from '../../platform/database/database'
import type { Line } from './line'

/** Where a page of held referrals starts: after the one held at `decidedAt` whose friend is `friendId` (the
 * list's order, which the referrals_outcome index (outcome, decided_at) serves). */
export type HeldCursor = { decidedAt: string; friendId: number }

/** A held referral's cursor as the console's API sends it (console-api.ts's ReferralsReply.heldAfter). */
export const heldCursor = ({ decidedAt, friendId }: HeldCursor) => `${decidedAt}_${friendId}`
/** The cursor a request sent back, or undefined when it is not one this API wrote. */
export function readHeldCursor(text: string): HeldCursor | undefined {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z)_([1-9]\d{0,15})$/.exec(text)
  if (!match || Number.isNaN(Date.parse(match[1]!))) return undefined
  const friendId = Number(match[2])
  return Number.isSafeInteger(friendId) ? { decidedAt: match[1]!, friendId } : undefined
}

export type ReferralReviews = {
  /** The referrals waiting for the team, oldest first, at most `limit`, after `after` when given. */
  held(limit: number, after?: HeldCursor): Promise<HeldReferral[]>
  /** How many referrals wait for the team, all pages together. */
  heldCount(): Promise<number>
  /** The people with the most credited referrals, most first. */
  topReferrers(limit: number): Promise<TopReferrer[]>
  /** The team approves or rejects a held referral; false when it is not held (any more). */
  review: Line['review']
}

export function referralReviews(database: Database, line: Pick<Line, 'placesOf' | 'review'>): ReferralReviews {
  const { db } = database
  return {
    async held(limit, after) {
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
        // The keyset: strictly after the cursor in (decided_at, friend_id) order, however deep the page.
        .where((eb) =>
          after
            ? eb.or([
                eb('referrals.decided_at', '>', after.decidedAt),
                eb.and([eb('referrals.decided_at', '=', after.decidedAt), eb('referrals.friend_id', '>', after.friendId)]),
              ])
            : eb.lit(true),
        )
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
    async heldCount() {
      // The same rows as the list: an erased friend's held decision stays for the limits but is no one's to review.
      const row = await db
        .selectFrom('referrals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('outcome', '=', 'held')
        .where('friend_id', 'is not', null)
        .executeTakeFirstOrThrow()
      return Number(row.n)
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
    review: (friendId, verdict, by, now) => line.review(friendId, verdict, by, now),
  }
}
