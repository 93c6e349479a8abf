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
]
