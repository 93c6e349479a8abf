// The referral's part of a person's record (shared/person-record.ts): their place in line, their own code, whose
// link brought them (by that code) and the friends who came through theirs, with what each confirmation earned.
// Every read goes through an index: the unique one on the codes, the one on `referred_by`, the referrals' friend.
import type { Line } from './line'
import type { PersonRecordReader } from '../../platform/wing/wing'

export const referralPerson =
  (line: Pick<Line, 'placeOf'>): PersonRecordReader =>
  async (db, personId) => {
    const me = await db.selectFrom('signups').select(['referral_code', 'referred_by', 'referral_credits']).where('id', '=', personId).executeTakeFirst()
    if (!me) return {}
    const [place, referrer, friends] = await Promise.all([
      line.placeOf(personId),
      me.referred_by === null ? undefined : db.selectFrom('signups').select(['id', 'email']).where('referral_code', '=', me.referred_by).executeTakeFirst(),
      me.referral_code === null
        ? []
        : db
            .selectFrom('signups')
            .leftJoin('referrals', 'referrals.friend_id', 'signups.id')
            .select(['signups.id', 'signups.email', 'referrals.outcome', 'referrals.decided_at'])
            .where('signups.referred_by', '=', me.referral_code)
            .orderBy('signups.id')
            .execute(),
    ])
    return {
      line: {
        place: place?.place ?? null,
        code: me.referral_code,
        credits: Number(me.referral_credits),
        referredByCode: me.referred_by,
        referredBy: referrer ? { id: Number(referrer.id), email: referrer.email } : null,
        referred: friends.map((friend) => ({ id: Number(friend.id), email: friend.email, outcome: friend.outcome, decidedAt: friend.decided_at })),
      },
    }
  }
