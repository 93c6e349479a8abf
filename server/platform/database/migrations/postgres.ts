// PostgreSQL's schema, one entry per version; the table schema_migrations records which have run.
// Append, never edit. Every pending entry runs in one transaction under an advisory lock (postgres.ts), so
// instances starting together apply each version exactly once, and a failed entry leaves nothing half-done.
import { launchTables, returnStrandedInvitees } from '../../../features/launch/launch-schema'
import { decisionsOutliveFriends, lineTables, placeTheConfirmed } from '../../../features/referral/line-schema'
import { moveToCanonicalAddresses } from '../../../features/signup/canonical-addresses'
import type { MigrationStep } from '../schema'

export const postgresMigrations: readonly (readonly MigrationStep[])[] = [
  // 1: the signups table, as on SQLite.
  [
    `CREATE TABLE signups (
      id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      email_normalized TEXT UNIQUE NOT NULL,
      email TEXT NOT NULL,
      first_name TEXT NOT NULL DEFAULT '',
      source TEXT NOT NULL,
      submission_id TEXT UNIQUE NULL,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )`,
  ],
  // 2: rate-limit counters shared by every instance (rate-limiter-flexible's layout). UNLOGGED: no WAL,
  // so counting costs no flush; the table is emptied after a crash, which only forgets open windows.
  [
    `CREATE UNLOGGED TABLE rate_limits (
      key VARCHAR(255) PRIMARY KEY,
      points INTEGER NOT NULL DEFAULT 0,
      expire BIGINT
    )`,
  ],
  // 3: the team's console (server/admin): sign-in links and sessions, stored by their SHA-256 only, and the
  // audit log of sign-ins, exports and erasures.
  [
    `CREATE TABLE admin_sign_in_tokens (token_hash TEXT PRIMARY KEY, email TEXT NOT NULL, expires_at TIMESTAMPTZ NOT NULL)`,
    `CREATE TABLE admin_sessions (session_hash TEXT PRIMARY KEY, email TEXT NOT NULL, created_at TIMESTAMPTZ NOT NULL DEFAULT now(), expires_at TIMESTAMPTZ NOT NULL)`,
    `CREATE TABLE admin_audit (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, at TIMESTAMPTZ NOT NULL DEFAULT now(), actor TEXT NOT NULL, action TEXT NOT NULL, detail TEXT NOT NULL)`,
  ],
  // 4: consent (issue 12), as SQLite's version 3: status and consent record per signup, hashed single-use
  // tokens, the outbox, erasure's salted hashes, and the triggers that queue a confirmation email in the
  // transaction that stores (or re-queues) a signup. confirmation_queued_at gets its default only after the
  // column exists, so signups from before stay without one (no email was queued for them).
  [
    `ALTER TABLE signups
      ADD COLUMN status TEXT NOT NULL DEFAULT 'pending',
      ADD COLUMN consent_version TEXT NULL,
      ADD COLUMN utm_source TEXT NULL,
      ADD COLUMN utm_medium TEXT NULL,
      ADD COLUMN utm_campaign TEXT NULL,
      ADD COLUMN referrer_origin TEXT NULL,
      ADD COLUMN confirmation_queued_at TIMESTAMPTZ NULL,
      ADD COLUMN confirmed_at TIMESTAMPTZ NULL,
      ADD COLUMN unsubscribed_at TIMESTAMPTZ NULL`,
    `CREATE TABLE consent_tokens (token_hash TEXT PRIMARY KEY, purpose TEXT NOT NULL, signup_id BIGINT NOT NULL, expires_at TIMESTAMPTZ NOT NULL)`,
    `CREATE INDEX consent_tokens_signup ON consent_tokens (signup_id)`,
    `CREATE TABLE outbox (
      id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind TEXT NOT NULL,
      signup_id BIGINT NOT NULL,
      created_at TIMESTAMPTZ NOT NULL,
      next_attempt_at TIMESTAMPTZ NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      claimed_until TIMESTAMPTZ NULL,
      finished_at TIMESTAMPTZ NULL,
      outcome TEXT NULL,
      last_error TEXT NULL
    )`,
    `CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE finished_at IS NULL`,
    `CREATE INDEX outbox_signup ON outbox (signup_id)`,
    `CREATE TABLE erased_emails (email_hash TEXT PRIMARY KEY, erased_at TIMESTAMPTZ NOT NULL)`,
    `CREATE TABLE consent_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
    `CREATE FUNCTION queue_confirmation() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO outbox (kind, signup_id, created_at, next_attempt_at)
      VALUES ('confirm', NEW.id, COALESCE(NEW.confirmation_queued_at, NEW.created_at), COALESCE(NEW.confirmation_queued_at, NEW.created_at));
      RETURN NULL;
    END $$`,
    `CREATE TRIGGER signups_queue_confirmation AFTER INSERT ON signups FOR EACH ROW EXECUTE FUNCTION queue_confirmation()`,
    `CREATE TRIGGER signups_requeue_confirmation AFTER UPDATE OF confirmation_queued_at ON signups FOR EACH ROW
      WHEN (NEW.confirmation_queued_at > coalesce(OLD.confirmation_queued_at, '-infinity')) EXECUTE FUNCTION queue_confirmation()`,
  ],
  // 5: one address, one row (issue 19), and the signup batches' commit counters, as SQLite's version 4 (a row
  // per instance, so instances committing together do not queue on one row).
  [moveToCanonicalAddresses, 'CREATE TABLE signup_commits (shard INTEGER PRIMARY KEY, commits BIGINT NOT NULL)'],
  // 6: the store queues each confirmation email itself, in the statement that stores or re-queues its signup
  // (platform/database/postgres.ts), where a reader of the code can see it; the triggers and their function go.
  ['DROP TRIGGER signups_queue_confirmation ON signups', 'DROP TRIGGER signups_requeue_confirmation ON signups', 'DROP FUNCTION queue_confirmation()'],
  // 7: the unfinished emails in id order, as SQLite's version 6.
  ['CREATE INDEX outbox_unfinished ON outbox (id) WHERE finished_at IS NULL'],
  // 8: a place in line and referrals, as SQLite's version 7.
  [
    `ALTER TABLE signups ADD COLUMN referred_by TEXT NULL, ADD COLUMN referral_network TEXT NULL, ADD COLUMN referral_code TEXT NULL,
      ADD COLUMN confirm_seq BIGINT NULL, ADD COLUMN line_score BIGINT NULL, ADD COLUMN referral_credits INTEGER NOT NULL DEFAULT 0`,
    ...lineTables('BIGINT', 'TIMESTAMPTZ'),
    placeTheConfirmed,
  ],
  // 9: invitations in waves, as SQLite's version 8.
  launchTables('BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY', 'BIGINT', 'TIMESTAMPTZ'),
  // 10: a referral's decision outlives its friend's erasure, as SQLite's version 9.
  decisionsOutliveFriends('BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY', 'BIGINT', 'TIMESTAMPTZ'),
  // 11: stranded invitees return to their invitation, as SQLite's version 10.
  [returnStrandedInvitees],
]
