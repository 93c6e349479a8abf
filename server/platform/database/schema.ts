// The tables every store reads and writes, as Kysely sees them: one description for both engines. Timestamps
// are ISO 8601 text (…T…Z, milliseconds) on both sides of the driver: SQLite stores that text, and the
// PostgreSQL pool reads its TIMESTAMPTZ columns back as the same text (postgres.ts). Ids are numbers on both.
import type { Generated } from 'kysely'
import type { AuditAction } from '../../../shared/console-api'
import type { PaceEndReason, WaveKind } from '../../../shared/launch-rows'
import type { OutboxOutcome, ReferralOutcome, StoredStatus } from '../../../shared/stored-statuses'

export interface Tables {
  signups: {
    id: Generated<number>
    email_normalized: string
    email: string
    first_name: string
    source: string
    submission_id: string | null
    created_at: string
    status: Generated<StoredStatus>
    consent_version: string | null
    utm_source: string | null
    utm_medium: string | null
    utm_campaign: string | null
    referrer_origin: string | null
    confirmation_queued_at: string | null
    confirmed_at: string | null
    unsubscribed_at: string | null
    /** The referral code of the share link this person came through, kept only from their first signup. */
    referred_by: Generated<string | null>
    /** A keyed hash of the network they signed up from, only while their referral waits to be decided. */
    referral_network: Generated<string | null>
    /** Their own code, from their first confirmation (server/features/referral/line.ts). */
    referral_code: Generated<string | null>
    confirm_seq: Generated<number | null>
    /** Their place key: confirm_seq less PLACE_BOOST for each credited referral. */
    line_score: Generated<number | null>
    referral_credits: Generated<number>
  }
  signup_commits: { shard: number; commits: number }
  consent_tokens: { token_hash: string; purpose: string; signup_id: number; expires_at: string }
  outbox: {
    id: Generated<number>
    kind: string
    signup_id: number
    created_at: string
    next_attempt_at: string
    attempts: Generated<number>
    claimed_until: string | null
    finished_at: string | null
    outcome: OutboxOutcome | null
    last_error: string | null
    /** The invitation an invitation or reminder email is about (server/features/launch/). */
    invitation_id: Generated<number | null>
  }
  erased_emails: { email_hash: string; erased_at: string }
  consent_settings: { key: string; value: string }
  admin_sign_in_tokens: { token_hash: string; email: string; expires_at: string }
  admin_sessions: { session_hash: string; email: string; created_at: string; expires_at: string }
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
  admin_audit: { id: Generated<number>; at: string; actor: string; action: AuditAction; detail: string }
  waves: { id: Generated<number>; kind: WaveKind; started_by: string; started_at: string; size: number }
  invitations: {
    id: Generated<number>
    wave_id: number
    /** NULL once the person is erased: the invitation's counts stay, nothing of them does. */
    signup_id: number | null
    invited_at: string
    expires_at: string
    delivered_at: Generated<string | null>
    reminded_at: Generated<string | null>
    claimed_at: Generated<string | null>
    expired_at: Generated<string | null>
    unsubscribed_at: Generated<string | null>
    erased_at: Generated<string | null>
  }
  launch_pace: {
    id: number
    per_day: number
    at_utc: string
    started_by: string
    started_at: string
    last_run_day: string | null
    ended_reason: PaceEndReason | null
    ended_at: string | null
  }
}

