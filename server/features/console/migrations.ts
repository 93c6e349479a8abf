// The console's schema. Append, never edit: a database that has run a migration never runs it again
// (platform/database/migrate.ts).
import { stepsPerEngine, type MigrationStep, type Migrations } from '../../platform/database/migrate'

/** The indexes the console reads a million signups by (admin-store.ts), `day` being the engine's UTC day of
 * created_at exactly as database.utcDay writes it, or the index would not be used. */
const consoleIndexes = (day: string): MigrationStep[] => [
  // The table's sorts, each with the id after it, so a page is a range of one index: newest first (the
  // default), by first name, by source (also the summary's count by source). By address, email_normalized's
  // unique index serves.
  `CREATE INDEX signups_created ON signups (created_at, id)`,
  `CREATE INDEX signups_first_name ON signups (lower(first_name), id)`,
  `CREATE INDEX signups_source ON signups (source, id)`,
  // The summary's counts: by status (and the waves' count of the confirmed who wait in line), by day, and of
  // the few who came through a share link and confirmed.
  `CREATE INDEX signups_status ON signups (status, line_score)`,
  `CREATE INDEX signups_day ON signups (${day})`,
  `CREATE INDEX signups_referred_day ON signups (${day}) WHERE referred_by IS NOT NULL AND confirmed_at IS NOT NULL`,
  // The top referrers, in their order, and the credits held: only the people who hold any.
  `CREATE INDEX signups_credited ON signups (referral_credits DESC, line_score, confirm_seq) WHERE referral_credits > 0`,
]

export const consoleMigrations: Migrations = {
  // The team's console: sign-in links and sessions, stored by their SHA-256 only, and the audit log of
  // sign-ins, exports and erasures.
  '2026-11-22-1058-console': {
    legacyVersion: { sqlite: 2, postgres: 3 },
    up: stepsPerEngine({
      sqlite: [
        `CREATE TABLE IF NOT EXISTS admin_sign_in_tokens (token_hash TEXT PRIMARY KEY, email TEXT NOT NULL, expires_at TEXT NOT NULL)`,
        `CREATE TABLE IF NOT EXISTS admin_sessions (session_hash TEXT PRIMARY KEY, email TEXT NOT NULL, created_at TEXT NOT NULL, expires_at TEXT NOT NULL)`,
        `CREATE TABLE IF NOT EXISTS admin_audit (id INTEGER PRIMARY KEY, at TEXT NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL, detail TEXT NOT NULL)`,
      ],
      postgres: [
        `CREATE TABLE admin_sign_in_tokens (token_hash TEXT PRIMARY KEY, email TEXT NOT NULL, expires_at TIMESTAMPTZ NOT NULL)`,
        `CREATE TABLE admin_sessions (session_hash TEXT PRIMARY KEY, email TEXT NOT NULL, created_at TIMESTAMPTZ NOT NULL DEFAULT now(), expires_at TIMESTAMPTZ NOT NULL)`,
        `CREATE TABLE admin_audit (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, at TIMESTAMPTZ NOT NULL DEFAULT now(), actor TEXT NOT NULL, action TEXT NOT NULL, detail TEXT NOT NULL)`,
      ],
    }),
  },
  // The console at a million signups (issue 35): every view answers from an index.
  '2026-11-27-0600-console-indexes': {
    up: stepsPerEngine({
      sqlite: consoleIndexes('substr(created_at, 1, 10)'),
      postgres: consoleIndexes(`((created_at AT TIME ZONE 'UTC')::date)`),
    }),
  },
}
