// The line's and the referrals' tables, and their columns of the signups table, merged into the platform's
// `Tables` (platform/database/schema.ts says how).
import type { Generated } from 'kysely'
import type { ReferralOutcome } from '../../../shared/stored-statuses'

declare module '../signup/tables' {
  interface SignupsTable {
    /** The referral code of the share link this person came through, kept only from their first signup. */
    referred_by: Generated<string | null>
    /** A keyed hash of the network they signed up from, only while their referral waits to be decided. */
    referral_network: Generated<string | null>
    /** Their own code, from their first confirmation (line.ts). */
    referral_code: Generated<string | null>
    confirm_seq: Generated<number | null>
    /** Their place key: confirm_seq less PLACE_BOOST for each credited referral. */
    line_score: Generated<number | null>
    referral_credits: Generated<number>
  }
}

declare module '../../platform/database/schema' {
  interface Tables {
    line_buckets: { bucket: number; people: number }
    line_counter: { id: number; last_seq: number }
    referrals: {
      id: Generated<number>
      /** NULL once the friend is erased: the decision stays for the limits, nothing of the friend does. */
      friend_id: number | null
      /** NULL once the referrer is erased. */
      referrer_id: number | null
      outcome: ReferralOutcome
      network: string | null
      decided_at: string
      reviewed_by: Generated<string | null>
    }
  }
}
