// The platform's own tables: the rate-limit counters, the outbox, the link tokens and the settings. Append,
// never edit: a database that has run a migration never runs it again. Those from before Kysely's runner keep
// their SQL as it ran on each engine (SQLite keeps the text of its schema), so a new database ends exactly as
// older ones did.
import { sql } from 'kysely'
import { stepsPerEngine, stepsWithColumnTypes, type ColumnTypes, type Migrations } from './migrate'

// The SQL of 2026-11-22-2318 as it ran on each engine, to the character: the engines differ only in the
// column types (migrate.ts columnTypes).
const tokensOutboxSettings = ({ id, ref, time }: ColumnTypes) => [
  `CREATE TABLE consent_tokens (token_hash TEXT PRIMARY KEY, purpose TEXT NOT NULL, signup_id ${ref} NOT NULL, expires_at ${time} NOT NULL)`,
  `CREATE INDEX consent_tokens_signup ON consent_tokens (signup_id)`,
  `CREATE TABLE outbox (
      id ${id},
      kind TEXT NOT NULL,
      signup_id ${ref} NOT NULL,
      created_at ${time} NOT NULL,
      next_attempt_at ${time} NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      claimed_until ${time} NULL,
      finished_at ${time} NULL,
      outcome TEXT NULL,
      last_error TEXT NULL
    )`,
  `CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE finished_at IS NULL`,
  `CREATE INDEX outbox_signup ON outbox (signup_id)`,
  `CREATE TABLE consent_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
]

// The same on both engines: the tokens by their end, the finished emails by when they finished.
const retentionIndexes = [
  `CREATE INDEX consent_tokens_expiry ON consent_tokens (expires_at)`,
  `CREATE INDEX outbox_finished ON outbox (finished_at) WHERE finished_at IS NOT NULL`,
]

// The outbox's entries name what they are about as a subject (`subject_id`, the row its kind reads: an invitation,
// an update's recipient, a test), no longer as `invitation_id`, a name from when only invitations had one; and an
// entry names a person only when it is for someone on the list (a test of an update goes to a team member, and
// named signup 0 before). SQLite cannot drop a NOT NULL, so there the table is built anew, every row copied with
// its id (the lease, the attempts, the outcome as they were) and its indexes made again; PostgreSQL changes it in
// place. `invitation_id` stays, no longer written, so that nothing is taken away.
const outboxSubjects = [
  `CREATE TABLE outbox_moved (
      id INTEGER PRIMARY KEY,
      kind TEXT NOT NULL,
      signup_id INTEGER NULL,
      created_at TEXT NOT NULL,
      next_attempt_at TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      claimed_until TEXT NULL,
      finished_at TEXT NULL,
      outcome TEXT NULL,
      last_error TEXT NULL,
      invitation_id INTEGER NULL,
      subject_id INTEGER NULL
    )`,
  `INSERT INTO outbox_moved (id, kind, signup_id, created_at, next_attempt_at, attempts, claimed_until, finished_at, outcome, last_error, invitation_id, subject_id)
    SELECT id, kind, NULLIF(signup_id, 0), created_at, next_attempt_at, attempts, claimed_until, finished_at, outcome, last_error, invitation_id, invitation_id FROM outbox`,
  `DROP TABLE outbox`,
  `ALTER TABLE outbox_moved RENAME TO outbox`,
  `CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE finished_at IS NULL`,
  `CREATE INDEX outbox_signup ON outbox (signup_id)`,
  `CREATE INDEX outbox_unfinished ON outbox (id) WHERE finished_at IS NULL`,
  `CREATE INDEX outbox_finished ON outbox (finished_at) WHERE finished_at IS NOT NULL`,
  `CREATE INDEX outbox_next ON outbox (next_attempt_at, id) WHERE finished_at IS NULL`,
]

export const platformMigrations: Migrations = {
  // Rate-limit counters shared by every instance (rate-limiter-flexible's layout; PostgreSQL only, SQLite
  // counts in memory). UNLOGGED: no WAL, so counting costs no flush; the table is emptied after a crash,
  // which only forgets open windows.
  '2026-11-22-1037-rate-limits': {
    legacyVersion: { postgres: 2 },
    up: stepsPerEngine({
      sqlite: [],
      postgres: [
        `CREATE UNLOGGED TABLE rate_limits (
      key VARCHAR(255) PRIMARY KEY,
      points INTEGER NOT NULL DEFAULT 0,
      expire BIGINT
    )`,
      ],
    }),
  },
  // Consent (issue 12), the platform's part: random single-use tokens for the links in emails, kept as
  // SHA-256 only; the outbox of emails to send; the settings (the erasure salt, database.ts).
  '2026-11-22-2318-tokens-outbox-settings': {
    legacyVersion: { sqlite: 3, postgres: 4 },
    up: stepsWithColumnTypes(tokensOutboxSettings),
  },
  // The sender's look for due emails reads the unfinished ones only, oldest first. Without this index SQLite
  // chose to walk the whole outbox in id order (every email ever sent) to skip a sort: 0.8 ms a look at 18,000
  // emails sent, growing with the list; with it, 0.015 ms (2026-11-24, 2-core Xeon).
  '2026-11-24-0942-outbox-unfinished': {
    legacyVersion: { sqlite: 6, postgres: 7 },
    up: async (db) => void (await sql`CREATE INDEX outbox_unfinished ON outbox (id) WHERE finished_at IS NULL`.execute(db)),
  },
  // Kysely's runner took over from the one that counted versions per engine (migrate.ts legacyVersion). That
  // one's record is set past its last version, so a release from before refuses this database in one line
  // ("newer than this release"), as it refused a newer release's, rather than run on tables it does not know.
  '2026-11-26-2130-older-releases-refuse': {
    up: stepsPerEngine({
      sqlite: ['PRAGMA user_version = 11'],
      postgres: [
        'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
        'INSERT INTO schema_migrations (version) VALUES (12)',
      ],
    }),
  },
  // The retention sweep (platform/retention/retention.ts) removes link tokens past their end and emails long
  // finished, a batch at a time, each batch found along an index rather than by a walk of the table. At 1,000,000
  // signups (2.7 million tokens, 1.8 million finished emails) building both took 2–7.5 s on SQLite, as the shared
  // 2-core machine's load varied, and about 1 s on PostgreSQL, once, at the first start (2026-11-27).
  '2026-11-27-0615-retention-indexes': {
    up: stepsPerEngine({ sqlite: retentionIndexes, postgres: retentionIndexes }),
  },
  // The suppression list (issue 49, platform/suppression/): a new table, additive; no existing row moves, since
  // nothing was suppressed before it. Listed newest first along its index of the suppressed rows only.
  '2026-12-06-0830-suppressions': {
    up: stepsWithColumnTypes(({ time }) => [
      `CREATE TABLE suppressions (
      address_hash TEXT PRIMARY KEY,
      address TEXT NULL,
      reason TEXT NULL,
      source TEXT NULL,
      words TEXT NULL,
      suppressed_at ${time} NULL,
      soft_bounces TEXT NOT NULL DEFAULT '',
      lifted_at ${time} NULL,
      lifted_by TEXT NULL
    )`,
      `CREATE INDEX suppressions_listed ON suppressions (suppressed_at, address_hash) WHERE suppressed_at IS NOT NULL`,
      `CREATE INDEX suppressions_address ON suppressions (address) WHERE address IS NOT NULL`,
    ]),
  },
  // An outbox entry's subject under its own name, and a person only when it has one (outboxSubjects says why).
  '2026-12-06-0900-outbox-subjects': {
    up: stepsPerEngine({
      sqlite: outboxSubjects,
      postgres: [
        `ALTER TABLE outbox ADD COLUMN subject_id BIGINT NULL`,
        `UPDATE outbox SET subject_id = invitation_id WHERE invitation_id IS NOT NULL`,
        `ALTER TABLE outbox ALTER COLUMN signup_id DROP NOT NULL`,
        `UPDATE outbox SET signup_id = NULL WHERE signup_id = 0`,
      ],
    }),
  },
  // One queue (issue 48): an entry has a transport (`mail`, the sender's; `http`, a wing's posts), the name of its
  // retry schedule, and a lane (a claim takes one lane's entries, so that a slow receiver holds back its own only);
  // a lane may be held (its entries wait, not due, until it is released). Every row so far is mail.
  '2026-12-06-1000-outbox-transports': {
    up: stepsWithColumnTypes(({ time }) => [
      `ALTER TABLE outbox ADD COLUMN transport TEXT NOT NULL DEFAULT 'mail'`,
      `ALTER TABLE outbox ADD COLUMN retry TEXT NOT NULL DEFAULT 'mail'`,
      `ALTER TABLE outbox ADD COLUMN lane TEXT NULL`,
      `ALTER TABLE outbox ADD COLUMN held_at ${time} NULL`,
      // Each transport's look for due entries walks its own, soonest first; a lane's, its own.
      `CREATE INDEX outbox_transport_next ON outbox (transport, next_attempt_at, id) WHERE finished_at IS NULL`,
      `CREATE INDEX outbox_lane_next ON outbox (lane, next_attempt_at, id) WHERE finished_at IS NULL AND lane IS NOT NULL`,
    ]),
  },
}
