// The updates' schema (issue 31), written once for both engines (the column types differ: ids and times). Append,
// never edit: a database that has run a migration never runs it again (platform/database/migrate.ts).
import { stepsWithColumnTypes, type ColumnTypes, type MigrationStep, type Migrations } from '../../platform/database/migrate'

const draftTables = ({ id, ref, time }: ColumnTypes): MigrationStep[] => [
  `CREATE TABLE updates (
    id ${id},
    subject TEXT NOT NULL,
    preheader TEXT NOT NULL,
    body TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at ${time} NOT NULL,
    updated_by TEXT NOT NULL,
    updated_at ${time} NOT NULL
  )`,
  // The console lists the drafts last edited first.
  `CREATE INDEX updates_updated ON updates (updated_at)`,
  `CREATE TABLE update_tests (id ${id}, update_id ${ref} NOT NULL, sent_to TEXT NOT NULL, asked_at ${time} NOT NULL)`,
  `CREATE INDEX update_tests_update ON update_tests (update_id)`,
]

// An update's sending (update-sends.ts): one row per update once the team sends or schedules it, in the states of
// machines/update-send-machine.ts, with its pace (the current stretch's start and how many it has queued since);
// and one row per person its audience took, from waiting to sent, refused or skipped (and why).
const sendTables = ({ id, ref, time }: ColumnTypes): MigrationStep[] => [
  `CREATE TABLE update_sends (
    update_id ${ref} PRIMARY KEY REFERENCES updates (id),
    state TEXT NOT NULL,
    audience TEXT NOT NULL,
    send_at ${time} NOT NULL,
    per_second ${ref} NOT NULL,
    requested_by TEXT NOT NULL,
    started_at ${time} NULL,
    ended_at ${time} NULL,
    paced_from ${time} NULL,
    paced_count ${ref} NOT NULL DEFAULT 0,
    audience_size ${ref} NOT NULL DEFAULT 0
  )`,
  // The clock in every instance looks for the scheduled and the sending ones every second.
  `CREATE INDEX update_sends_state ON update_sends (state)`,
  `CREATE TABLE update_recipients (
    id ${id},
    update_id ${ref} NOT NULL REFERENCES updates (id),
    signup_id ${ref} NULL,
    state TEXT NOT NULL,
    reason TEXT NULL,
    at ${time} NULL,
    unsubscribed_at ${time} NULL
  )`,
  // One row per person per update: nobody is taken twice into one audience. (An erased person's NULLs do not clash.)
  `CREATE UNIQUE INDEX update_recipients_person ON update_recipients (update_id, signup_id)`,
  // The pace takes the next waiting people in order; the record counts by state, reason and unsubscribe, from the index.
  `CREATE INDEX update_recipients_waiting ON update_recipients (update_id, id) WHERE state = 'waiting'`,
  `CREATE INDEX update_recipients_record ON update_recipients (update_id, state, reason, unsubscribed_at)`,
  `CREATE INDEX update_recipients_signup ON update_recipients (signup_id)`,
  // The audiences are counted, and taken, among those who hold news and updates only.
  `CREATE INDEX signups_news ON signups (status) WHERE news_given_at IS NOT NULL AND news_withdrawn_at IS NULL`,
]

// What the suppression list heard of an update's emails (issue 49): one row per person's email per kind (a hard bounce
// or a complaint; a provider that tells one twice adds nothing), counted per send for its rates; and why a send
// paused itself, with how many reports it had judged, so the clock judges the rates again only when one arrives.
const reportTables = ({ ref, time }: ColumnTypes): MigrationStep[] => [
  `CREATE TABLE update_reports (
    recipient_id ${ref} NOT NULL,
    update_id ${ref} NOT NULL REFERENCES updates (id),
    kind TEXT NOT NULL,
    at ${time} NOT NULL,
    PRIMARY KEY (recipient_id, kind)
  )`,
  `CREATE INDEX update_reports_update ON update_reports (update_id, kind)`,
  `ALTER TABLE update_sends ADD COLUMN paused_because TEXT NULL`,
  `ALTER TABLE update_sends ADD COLUMN reports_judged ${ref} NOT NULL DEFAULT 0`,
]

export const updateMigrations: Migrations = {
  // Writing an update: drafts, and the tests the team sends themselves.
  '2026-11-27-1000-update-drafts': { up: stepsWithColumnTypes(draftTables) },
  // Sending an update: its sending, and what became of each person's email.
  '2026-11-27-1200-update-sends': { up: stepsWithColumnTypes(sendTables) },
  // Its bounces and complaints, and the pause they may cause.
  '2026-12-06-1100-update-reports': { up: stepsWithColumnTypes(reportTables) },
  // A cohort (issue 52): the rules an audience is narrowed by, as JSON (shared/questions.ts AnswerMatch[]), kept
  // with the sending so that a scheduled one takes its people by them when its time comes; NULL for none.
  '2026-12-06-1800-update-cohorts': { up: stepsWithColumnTypes(() => [`ALTER TABLE update_sends ADD COLUMN audience_match TEXT NULL`]) },
}
