// The copy's schema (issue 51), written once for both engines. Append, never edit: a database that has run a
// migration never runs it again (platform/database/migrate.ts).
import { stepsWithColumnTypes, type Migrations } from '../../platform/database/migrate'

export const copyMigrations: Migrations = {
  // An unlisted address waiting for its "we hold nothing" email: one row per address, so a flood of requests
  // queues one email, which the inbox's budget paces like any other.
  '2026-12-06-1300-copy-requests': {
    up: stepsWithColumnTypes(({ id, time }) => [`CREATE TABLE copy_requests (id ${id}, email_normalized TEXT NOT NULL UNIQUE, asked_at ${time} NOT NULL)`]),
  },
}
