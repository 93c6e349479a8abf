// The referral's schema (referralMigrations, at the end): the tables of the line and its referrals, written
// once for both engines (the column types differ: ids and times), the step that gives everyone confirmed
// before the line existed a place, and the one that lets a decision outlive its friend. Append, never edit:
// a database that has run a migration never runs it again (platform/database/migrate.ts).
import { sql, type Kysely } from 'kysely'
import { stepsPerEngine, type MigrationStep, type Migrations } from '../../platform/database/migrate'
import type { Tables } from '../../platform/database/schema'
import { bucketSize, newReferralCode } from './line'

const lineTables = (id: 'INTEGER' | 'BIGINT', time: 'TEXT' | 'TIMESTAMPTZ'): MigrationStep[] => [
  // A code names one person; most rows have none (nobody unconfirmed has one), and NULLs never collide.
  `CREATE UNIQUE INDEX signups_referral_code ON signups (referral_code)`,
  // The place is read as a range of this index (line.ts placeOf), never a count of the whole list.
  `CREATE INDEX signups_line ON signups (line_score, confirm_seq)`,
  // A person's friends: how many confirmed through their code.
  `CREATE INDEX signups_referred_by ON signups (referred_by)`,
  // How many in line hold a place key in each range of bucketSize keys: the places before a range add up.
  `CREATE TABLE line_buckets (bucket ${id} PRIMARY KEY, people ${id} NOT NULL)`,
  // The last confirmation's number: the next one in line takes the next.
  `CREATE TABLE line_counter (id INTEGER PRIMARY KEY CHECK (id = 1), last_seq ${id} NOT NULL)`,
  `INSERT INTO line_counter (id, last_seq) VALUES (1, 0)`,
  // One decision per friend who confirmed through a share link: credited, held for the team, or refused
  // (referral-credit-machine.ts). The referrer is NULL once they are erased; the network (a keyed hash of the
  // friend's /24 or /48) is kept only as long as the farm rule looks back.
  `CREATE TABLE referrals (
    friend_id ${id} PRIMARY KEY,
    referrer_id ${id} NULL,
    outcome TEXT NOT NULL,
    network TEXT NULL,
    decided_at ${time} NOT NULL,
    reviewed_by TEXT NULL
  )`,
  `CREATE INDEX referrals_referrer ON referrals (referrer_id, decided_at)`,
  `CREATE INDEX referrals_outcome ON referrals (outcome, decided_at)`,
]

/** A referral's decision outlives its friend's erasure, so the daily cap and the farm rule count every one
 * (line.ts leave): the friend's id may be NULL, and the table has an id of its own. SQLite cannot change a
 * primary key, so the table is built anew, the decisions copied in the order they were made. */
const decisionsOutliveFriends = (
  id: 'INTEGER PRIMARY KEY' | 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY',
  ref: 'INTEGER' | 'BIGINT',
  time: 'TEXT' | 'TIMESTAMPTZ',
): MigrationStep[] => [
  `CREATE TABLE referrals_kept (
    id ${id},
    friend_id ${ref} NULL,
    referrer_id ${ref} NULL,
    outcome TEXT NOT NULL,
    network TEXT NULL,
    decided_at ${time} NOT NULL,
    reviewed_by TEXT NULL
  )`,
  `INSERT INTO referrals_kept (friend_id, referrer_id, outcome, network, decided_at, reviewed_by)
    SELECT friend_id, referrer_id, outcome, network, decided_at, reviewed_by FROM referrals ORDER BY decided_at, friend_id`,
  `DROP TABLE referrals`,
  `ALTER TABLE referrals_kept RENAME TO referrals`,
  // One decision per friend still listed; an erased friend's are NULL, which never collide.
  `CREATE UNIQUE INDEX referrals_friend ON referrals (friend_id)`,
  `CREATE INDEX referrals_referrer ON referrals (referrer_id, decided_at)`,
  `CREATE INDEX referrals_outcome ON referrals (outcome, decided_at)`,
]

/** Everyone confirmed before the line existed (unsubscribed since or not) takes a place in the order they
 * confirmed, and a referral code. */
export async function placeTheConfirmed(trx: Kysely<Tables>): Promise<void> {
  await sql`UPDATE signups SET confirm_seq = r.seq, line_score = r.seq
    FROM (SELECT id, row_number() OVER (ORDER BY confirmed_at, id) AS seq FROM signups WHERE confirmed_at IS NOT NULL) AS r
    WHERE signups.id = r.id`.execute(trx)
  await sql`INSERT INTO line_buckets (bucket, people)
    SELECT line_score / ${sql.lit(bucketSize)}, count(*) FROM signups WHERE line_score IS NOT NULL GROUP BY line_score / ${sql.lit(bucketSize)}`.execute(trx)
  await sql`UPDATE line_counter SET last_seq = (SELECT coalesce(max(confirm_seq), 0) FROM signups)`.execute(trx)
  const placed = await trx.selectFrom('signups').select('id').where('confirm_seq', 'is not', null).execute()
  for (const { id } of placed) await trx.updateTable('signups').set({ referral_code: newReferralCode() }).where('id', '=', id).execute()
}

export const referralMigrations: Migrations = {
  // A place in line and referrals (issue 21): who came through whose share link, the place key of everyone
  // confirmed, the line's counts per range of keys, and each referral's decision.
  '2026-11-24-1014-line-and-referrals': {
    legacyVersion: { sqlite: 7, postgres: 8 },
    up: stepsPerEngine({
      sqlite: [
        `ALTER TABLE signups ADD COLUMN referred_by TEXT NULL`,
        `ALTER TABLE signups ADD COLUMN referral_network TEXT NULL`,
        `ALTER TABLE signups ADD COLUMN referral_code TEXT NULL`,
        `ALTER TABLE signups ADD COLUMN confirm_seq INTEGER NULL`,
        `ALTER TABLE signups ADD COLUMN line_score INTEGER NULL`,
        `ALTER TABLE signups ADD COLUMN referral_credits INTEGER NOT NULL DEFAULT 0`,
        ...lineTables('INTEGER', 'TEXT'),
        placeTheConfirmed,
      ],
      postgres: [
        `ALTER TABLE signups ADD COLUMN referred_by TEXT NULL, ADD COLUMN referral_network TEXT NULL, ADD COLUMN referral_code TEXT NULL,
      ADD COLUMN confirm_seq BIGINT NULL, ADD COLUMN line_score BIGINT NULL, ADD COLUMN referral_credits INTEGER NOT NULL DEFAULT 0`,
        ...lineTables('BIGINT', 'TIMESTAMPTZ'),
        placeTheConfirmed,
      ],
    }),
  },
  // A referral's decision outlives its friend's erasure, with nothing left that names the friend, so the
  // referral limits count every decision (the erase-and-repeat attack).
  '2026-11-26-1812-decisions-outlive-friends': {
    legacyVersion: { sqlite: 9, postgres: 10 },
    up: stepsPerEngine({
      sqlite: decisionsOutliveFriends('INTEGER PRIMARY KEY', 'INTEGER', 'TEXT'),
      postgres: decisionsOutliveFriends('BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY', 'BIGINT', 'TIMESTAMPTZ'),
    }),
  },
}
