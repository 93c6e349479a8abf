// SQLite's schema, one entry per version; PRAGMA user_version records how far a database has come.
// Append, never edit: a database that has run version N will never run entry N again. Each entry runs in one
// write transaction with its version bump; a step is SQL, or TypeScript for a change SQL cannot express.
import { launchTables, returnStrandedInvitees } from '../../../features/launch/launch-schema'
import { decisionsOutliveFriends, lineTables, placeTheConfirmed } from '../../../features/referral/line-schema'
import { moveToCanonicalAddresses } from '../../../features/signup/canonical-addresses'
import type { MigrationStep } from '../schema'

export const sqliteMigrations: readonly (readonly MigrationStep[])[] = [
  // 1: the signups table (the first release).
  [
    `CREATE TABLE IF NOT EXISTS signups (
      id INTEGER PRIMARY KEY,
      email_normalized TEXT UNIQUE NOT NULL,
      email TEXT NOT NULL,
      first_name TEXT NOT NULL DEFAULT '',
      source TEXT NOT NULL,
      submission_id TEXT UNIQUE NULL,
      created_at TEXT NOT NULL
    )`,
  ],
  // 2: the team's console (server/admin): sign-in links and sessions, stored by their SHA-256 only, and the
  // audit log of sign-ins, exports and erasures.
  [
    `CREATE TABLE IF NOT EXISTS admin_sign_in_tokens (token_hash TEXT PRIMARY KEY, email TEXT NOT NULL, expires_at TEXT NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS admin_sessions (session_hash TEXT PRIMARY KEY, email TEXT NOT NULL, created_at TEXT NOT NULL, expires_at TEXT NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS admin_audit (id INTEGER PRIMARY KEY, at TEXT NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL, detail TEXT NOT NULL)`,
  ],
  // 3: consent (issue 12). Each signup's status and consent record; random single-use tokens for the links in
  // emails, kept as SHA-256 only; the outbox of emails to send; the salted hashes that erasure leaves behind.
  // The triggers queue a confirmation email in the very transaction that stores a signup (or re-queues one by
  // moving confirmation_queued_at forward): neither can ever exist without the other. Signups from before this
  // version stay pending with no email queued; signing up again queues one.
  [
    `ALTER TABLE signups ADD COLUMN status TEXT NOT NULL DEFAULT 'pending'`,
    `ALTER TABLE signups ADD COLUMN consent_version TEXT NULL`,
    `ALTER TABLE signups ADD COLUMN utm_source TEXT NULL`,
    `ALTER TABLE signups ADD COLUMN utm_medium TEXT NULL`,
    `ALTER TABLE signups ADD COLUMN utm_campaign TEXT NULL`,
    `ALTER TABLE signups ADD COLUMN referrer_origin TEXT NULL`,
    `ALTER TABLE signups ADD COLUMN confirmation_queued_at TEXT NULL`,
    `ALTER TABLE signups ADD COLUMN confirmed_at TEXT NULL`,
    `ALTER TABLE signups ADD COLUMN unsubscribed_at TEXT NULL`,
    `CREATE TABLE consent_tokens (token_hash TEXT PRIMARY KEY, purpose TEXT NOT NULL, signup_id INTEGER NOT NULL, expires_at TEXT NOT NULL)`,
    `CREATE INDEX consent_tokens_signup ON consent_tokens (signup_id)`,
    `CREATE TABLE outbox (
      id INTEGER PRIMARY KEY,
      kind TEXT NOT NULL,
      signup_id INTEGER NOT NULL,
      created_at TEXT NOT NULL,
      next_attempt_at TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      claimed_until TEXT NULL,
      finished_at TEXT NULL,
      outcome TEXT NULL,
      last_error TEXT NULL
    )`,
    `CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE finished_at IS NULL`,
    `CREATE INDEX outbox_signup ON outbox (signup_id)`,
    `CREATE TABLE erased_emails (email_hash TEXT PRIMARY KEY, erased_at TEXT NOT NULL)`,
    `CREATE TABLE consent_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
    `CREATE TRIGGER signups_queue_confirmation AFTER INSERT ON signups BEGIN
      INSERT INTO outbox (kind, signup_id, created_at, next_attempt_at) VALUES ('confirm', NEW.id, NEW.created_at, NEW.created_at);
    END`,
    `CREATE TRIGGER signups_requeue_confirmation AFTER UPDATE OF confirmation_queued_at ON signups
      WHEN NEW.confirmation_queued_at > coalesce(OLD.confirmation_queued_at, '') BEGIN
      INSERT INTO outbox (kind, signup_id, created_at, next_attempt_at) VALUES ('confirm', NEW.id, NEW.confirmation_queued_at, NEW.confirmation_queued_at);
    END`,
  ],
  // 4: one address, one row (issue 19). Signups move to the canonical address, and one person stored under
  // several spellings becomes one row (canonical-addresses.ts). Every signup batch bumps a counter, so a batch
  // of repeats writes and commits like one of new signups (platform/database/contract.ts batchedAdd).
  [moveToCanonicalAddresses, 'CREATE TABLE signup_commits (shard INTEGER PRIMARY KEY, commits INTEGER NOT NULL)'],
  // 5: the store queues each confirmation email itself, in the transaction that stores or re-queues its signup
  // (platform/database/sqlite.ts), where a reader of the code can see it; the triggers that did it go.
  ['DROP TRIGGER signups_queue_confirmation', 'DROP TRIGGER signups_requeue_confirmation'],
  // 6: the sender's look for due emails reads the unfinished ones only, oldest first. Without this index SQLite
  // chose to walk the whole outbox in id order (every email ever sent) to skip a sort: 0.8 ms a look at 18,000
  // emails sent, growing with the list; with it, 0.015 ms (2026-11-24, 2-core Xeon).
  ['CREATE INDEX outbox_unfinished ON outbox (id) WHERE finished_at IS NULL'],
  // 7: a place in line and referrals (issue 21; server/features/referral/). Who came through whose share link, the
  // place key of everyone confirmed, the line's counts per range of keys, and each referral's decision.
  [
    `ALTER TABLE signups ADD COLUMN referred_by TEXT NULL`,
    `ALTER TABLE signups ADD COLUMN referral_network TEXT NULL`,
    `ALTER TABLE signups ADD COLUMN referral_code TEXT NULL`,
    `ALTER TABLE signups ADD COLUMN confirm_seq INTEGER NULL`,
    `ALTER TABLE signups ADD COLUMN line_score INTEGER NULL`,
    `ALTER TABLE signups ADD COLUMN referral_credits INTEGER NOT NULL DEFAULT 0`,
    ...lineTables('INTEGER', 'TEXT'),
    placeTheConfirmed,
  ],
  // 8: invitations in waves (issue 22; server/features/launch/): waves, invitations, the daily pace, and which outbox
  // emails belong to an invitation.
  launchTables('INTEGER PRIMARY KEY', 'INTEGER', 'TEXT'),
  // 9: a referral's decision outlives its friend's erasure, with nothing left that names the friend, so the
  // referral limits count every decision (the erase-and-repeat attack; features/referral/line-schema.ts).
  decisionsOutliveFriends('INTEGER PRIMARY KEY', 'INTEGER', 'TEXT'),
  // 10: invited people who had unsubscribed and come back were left confirmed with no place and a dead link;
  // they return to their invitation, as a confirmation now returns them (features/launch/held-invitation.ts).
  [returnStrandedInvitees],
]
