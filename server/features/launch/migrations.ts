// The launch's schema (launchMigrations, at the end): the tables of invitations in waves (issue 22), written
// once for both engines (the column types differ: ids and times). A wave is who started it, when and how; an
// invitation is one person's, from its wave to its claim or end, and keeps its counts for the funnel after the
// person is erased (the signup id goes, nothing personal stays). The pace is one row: the daily wave the team
// set, until stopped or the list is empty. An outbox email about an invitation names it, so its delivery is
// recorded on it. Append, never edit: a database that has run a migration never runs it again
// (platform/database/migrate.ts).
import { sql, type Kysely } from 'kysely'
import { stepsWithColumnTypes, type ColumnTypes, type MigrationStep, type Migrations } from '../../platform/database/migrate'
import type { Tables } from '../../platform/database/schema'
import { returnTheStranded, type InviteQueue } from './held-invitation'
import { systemClock } from '../../platform/clock/system-clock'

const launchTables = ({ id, ref, time }: ColumnTypes): MigrationStep[] => [
  `CREATE TABLE waves (id ${id}, kind TEXT NOT NULL, started_by TEXT NOT NULL, started_at ${time} NOT NULL, size ${ref} NOT NULL)`,
  `CREATE TABLE invitations (
    id ${id},
    wave_id ${ref} NOT NULL REFERENCES waves (id),
    signup_id ${ref} NULL,
    invited_at ${time} NOT NULL,
    expires_at ${time} NOT NULL,
    delivered_at ${time} NULL,
    reminded_at ${time} NULL,
    claimed_at ${time} NULL,
    expired_at ${time} NULL,
    unsubscribed_at ${time} NULL,
    erased_at ${time} NULL
  )`,
  `CREATE INDEX invitations_wave ON invitations (wave_id)`,
  `CREATE INDEX invitations_signup ON invitations (signup_id)`,
  // The expiry sweep reads only the open invitations, soonest first.
  `CREATE INDEX invitations_open ON invitations (expires_at) WHERE claimed_at IS NULL AND expired_at IS NULL`,
  `CREATE TABLE launch_pace (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    per_day ${ref} NOT NULL,
    at_utc TEXT NOT NULL,
    started_by TEXT NOT NULL,
    started_at ${time} NOT NULL,
    last_run_day TEXT NULL,
    ended_reason TEXT NULL,
    ended_at ${time} NULL
  )`,
  `ALTER TABLE outbox ADD COLUMN invitation_id ${ref} NULL`,
  // The sender takes due emails soonest first: a wave's emails wait for their turn (INVITE_SEND_RATE) and its
  // reminders for their day, and a look for due emails must not walk past them.
  `CREATE INDEX outbox_next ON outbox (next_attempt_at, id) WHERE finished_at IS NULL`,
]

// The outbox as it was when that migration was written, its subject in `invitation_id`: the platform's migration
// 2026-12-06-0900-outbox-subjects, which runs after it, moves the row on to `subject_id`.
const invitesOf20261126: InviteQueue = {
  isQueued: async (trx, invitationId) =>
    (await sql`SELECT id FROM outbox WHERE kind = 'invite' AND invitation_id = ${invitationId} AND finished_at IS NULL`.execute(trx)).rows.length > 0,
  enqueue: async (trx, signupId, invitationId, at) =>
    void (await sql`INSERT INTO outbox (kind, signup_id, invitation_id, created_at, next_attempt_at) VALUES ('invite', ${signupId}, ${invitationId}, ${at.toISOString()}, ${at.toISOString()})`.execute(trx)),
}

/** Those who came back after unsubscribing while invited, before a confirmation returned them to their
 * invitation, return to it now (held-invitation.ts). A migration runs when the database opens, before the
 * composition hands out its clock, and once: it reads the system's clock, the moment of the upgrade. */
export const returnStrandedInvitees = (trx: Kysely<Tables>) => returnTheStranded(trx, systemClock(), invitesOf20261126)

export const launchMigrations: Migrations = {
  // Invitations in waves: waves, invitations, the daily pace, and which outbox emails belong to an invitation.
  '2026-11-24-1254-invitations-in-waves': {
    legacyVersion: { sqlite: 8, postgres: 9 },
    up: stepsWithColumnTypes(launchTables),
  },
  // Invited people who had unsubscribed and come back were left confirmed with no place and a dead link; they
  // return to their invitation, as a confirmation now returns them (held-invitation.ts).
  '2026-11-26-1913-stranded-invitees-return': {
    legacyVersion: { sqlite: 10, postgres: 11 },
    up: (db) => returnStrandedInvitees(db),
  },
}
