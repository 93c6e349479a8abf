// PostgreSQL's schema, one entry per version; the table schema_migrations records which have run.
// Append, never edit. Every pending entry runs in one transaction under an advisory lock (postgres.ts), so
// instances starting together apply each version exactly once, and a failed entry leaves nothing half-done.
export const postgresMigrations: readonly (readonly string[])[] = [
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
]
