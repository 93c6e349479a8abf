// SQLite's schema, one entry per version; PRAGMA user_version records how far a database has come.
// Append, never edit: a database that has run version N will never run entry N again. Each entry runs in one
// write transaction with its version bump.
export const sqliteMigrations: readonly (readonly string[])[] = [
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
]
