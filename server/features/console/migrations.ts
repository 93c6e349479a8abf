// The console's schema. Append, never edit: a database that has run a migration never runs it again
// (platform/database/migrate.ts).
import { stepsPerEngine, type Migrations } from '../../platform/database/migrate'

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
}
