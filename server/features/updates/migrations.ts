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

export const updateMigrations: Migrations = {
  // Writing an update: drafts, and the tests the team sends themselves.
  '2026-11-27-1000-update-drafts': { up: stepsWithColumnTypes(draftTables) },
}
