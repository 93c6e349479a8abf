// The console's schema. Append, never edit: a database that has run a migration never runs it again
// (platform/database/migrate.ts).
import { stepsPerEngine, stepsWithColumnTypes, type MigrationStep, type Migrations } from '../../platform/database/migrate'

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

/** The counts the summary reads (admin-store.ts): every signup counted by status, by source and by UTC day,
 * kept in the same transaction as every write to signups, whichever feature makes it. Counting a million index
 * entries took 50 ms a count on SQLite and 150–280 ms on PostgreSQL (docs/performance.md); these are a few
 * hundred rows. They are the one thing here kept by the engine's triggers, because they are a copy of the rows
 * like an index, which every writer (the four features that change a status, a restore, an operator's SQL) must
 * keep true without knowing of it; nothing a reader must know about (an email, a rule) happens in them.
 * PostgreSQL keeps each count in `tallyShards` rows, a connection adding to its own, so that two instances'
 * signups seldom wait on one row's lock; SQLite has one writer and one row. Read as sums, every shard's. */
export const tallyShards = 32
const upsertTally = 'ON CONFLICT (kind, key, shard) DO UPDATE SET n = signup_tallies.n + excluded.n'
const tallyBackfill = (day: string) => `INSERT INTO signup_tallies (kind, key, shard, n)
  SELECT 'status', status, 0, count(*) FROM signups GROUP BY status
  UNION ALL SELECT 'source', source, 0, count(*) FROM signups GROUP BY source
  UNION ALL SELECT 'day', ${day}, 0, count(*) FROM signups GROUP BY ${day}`

/** SQLite's triggers run for each row: the row's three counts, -1 for the old row, +1 for the new. */
const sqliteTallies = (): MigrationStep[] => {
  const countsOf = (row: 'NEW' | 'OLD', n: number) => `('status', ${row}.status, 0, ${n}), ('source', ${row}.source, 0, ${n}), ('day', substr(${row}.created_at, 1, 10), 0, ${n})`
  const add = (counts: string) => `INSERT INTO signup_tallies (kind, key, shard, n) VALUES ${counts} ${upsertTally};`
  return [
    `CREATE TABLE signup_tallies (kind TEXT NOT NULL, key TEXT NOT NULL, shard INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (kind, key, shard))`,
    `CREATE TRIGGER signups_tally_insert AFTER INSERT ON signups BEGIN ${add(countsOf('NEW', 1))} END`,
    `CREATE TRIGGER signups_tally_delete AFTER DELETE ON signups BEGIN ${add(countsOf('OLD', -1))} END`,
    `CREATE TRIGGER signups_tally_update AFTER UPDATE OF status, source, created_at ON signups
      WHEN OLD.status IS NOT NEW.status OR OLD.source IS NOT NEW.source OR OLD.created_at IS NOT NEW.created_at
      BEGIN ${add(`${countsOf('OLD', -1)}, ${countsOf('NEW', 1)}`)} END`,
    tallyBackfill('substr(created_at, 1, 10)'),
    // The day's index counted the days; nothing else reads by it.
    'DROP INDEX signups_day',
  ]
}

/** PostgreSQL's run once per statement, over the rows it wrote (a wave of thousands is one upsert per count),
 * in one order of keys, so two writers never wait on each other crosswise. */
const postgresTallies = (): MigrationStep[] => {
  const rowsOf = { insert: 'SELECT status, source, created_at, 1 AS n FROM new_rows', delete: 'SELECT status, source, created_at, -1 AS n FROM old_rows' }
  const tally = (operation: 'insert' | 'update' | 'delete', rows: string) => [
    `CREATE FUNCTION signups_tally_${operation}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      INSERT INTO signup_tallies (kind, key, shard, n)
        SELECT k.kind, k.key, pg_backend_pid() % ${tallyShards}, sum(r.n) FROM (${rows}) r,
          LATERAL (VALUES ('status', r.status), ('source', r.source), ('day', to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'))) AS k (kind, key)
        GROUP BY k.kind, k.key HAVING sum(r.n) <> 0 ORDER BY k.kind, k.key
      ${upsertTally};
      RETURN NULL;
    END $$`,
    `CREATE TRIGGER signups_tally_${operation} AFTER ${operation.toUpperCase()} ON signups
      REFERENCING ${operation === 'insert' ? 'NEW TABLE AS new_rows' : operation === 'delete' ? 'OLD TABLE AS old_rows' : 'OLD TABLE AS old_rows NEW TABLE AS new_rows'}
      FOR EACH STATEMENT EXECUTE FUNCTION signups_tally_${operation}()`,
  ]
  return [
    `CREATE TABLE signup_tallies (kind TEXT NOT NULL, key TEXT NOT NULL, shard INTEGER NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (kind, key, shard))`,
    ...tally('insert', rowsOf.insert),
    ...tally('delete', rowsOf.delete),
    ...tally('update', `${rowsOf.insert} UNION ALL ${rowsOf.delete}`),
    tallyBackfill(`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`),
    'DROP INDEX signups_day',
  ]
}

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
  // The summary's counts, kept (issue 35): a million index entries counted took longer than the console may.
  '2026-11-27-0900-signup-tallies': {
    up: stepsPerEngine({ sqlite: sqliteTallies(), postgres: postgresTallies() }),
  },
  // The team (issue 46): who may sign in besides ADMIN_EMAILS, with a role each. Sessions are found by their
  // member's address when a member is removed, so that all of theirs end at once.
  '2026-12-06-0200-console-team': {
    up: stepsWithColumnTypes(({ time }) => [
      `CREATE TABLE admin_team (email TEXT PRIMARY KEY, role TEXT NOT NULL, added_by TEXT NOT NULL, added_at ${time} NOT NULL, last_sign_in_at ${time})`,
      `CREATE INDEX admin_sessions_email ON admin_sessions (email)`,
      `CREATE INDEX admin_sign_in_tokens_email ON admin_sign_in_tokens (email)`,
    ]),
  },
}
