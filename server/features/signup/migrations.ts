// The signup's schema: the signups table, the move to one row per canonical address, and the batches' commit
// counters. Append, never edit: a database that has run a migration never runs it again
// (platform/database/migrate.ts).
import { stepsPerEngine, type Migrations } from '../../platform/database/migrate'
import { moveToCanonicalAddresses } from './canonical-addresses'
import { signupIdsNeverReused } from './ids-never-reused'

export const signupMigrations: Migrations = {
  // The signups table (the first release).
  '2026-11-21-2219-signups': {
    legacyVersion: { sqlite: 1, postgres: 1 },
    up: stepsPerEngine({
      sqlite: [
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
      postgres: [
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
    }),
  },
  // One address, one row (issue 19): signups move to the canonical address, and one person stored under
  // several spellings becomes one row (canonical-addresses.ts), the same plan on both engines.
  '2026-11-24-0209-canonical-addresses': {
    legacyVersion: { sqlite: 4, postgres: 5 },
    up: (db) => moveToCanonicalAddresses(db),
  },
  // Every signup batch bumps a counter, so a batch of repeats writes and commits like one of new signups
  // (batched-add.ts); a row per instance on PostgreSQL, so instances committing together do not
  // queue on one row.
  '2026-11-24-0219-signup-commits': {
    legacyVersion: { sqlite: 4, postgres: 5 },
    up: stepsPerEngine({
      sqlite: ['CREATE TABLE signup_commits (shard INTEGER PRIMARY KEY, commits INTEGER NOT NULL)'],
      postgres: ['CREATE TABLE signup_commits (shard INTEGER PRIMARY KEY, commits BIGINT NOT NULL)'],
    }),
  },
  // A person's id is never given twice, though the newest person be erased (issue 45, ids-never-reused.ts):
  // SQLite's signups take AUTOINCREMENT; PostgreSQL's identity already never goes back.
  '2026-12-03-2010-signup-ids-never-reused': {
    up: stepsPerEngine({ sqlite: [signupIdsNeverReused], postgres: [] }),
  },
}
