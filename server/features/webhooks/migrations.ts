// The webhooks' schema (issue 33), written once for both engines. Append, never edit: a database that has run a
// migration never runs it again (platform/database/migrate.ts).
import { stepsWithColumnTypes, type ColumnTypes, type MigrationStep, type Migrations } from '../../platform/database/migrate'

const webhookTables = ({ id, ref, time }: ColumnTypes): MigrationStep[] => [
  // The secret is kept as it was made, not hashed: it signs every delivery (webhook-secrets.ts says why).
  `CREATE TABLE webhook_endpoints (
    id ${id},
    url TEXT NOT NULL,
    events TEXT NOT NULL,
    secret TEXT NOT NULL,
    previous_secret TEXT NULL,
    previous_secret_until ${time} NULL,
    enabled INTEGER NOT NULL,
    off_reason TEXT NULL,
    off_at ${time} NULL,
    failing_since ${time} NULL,
    created_at ${time} NOT NULL,
    created_by TEXT NOT NULL
  )`,
  // One row per event and endpoint that wanted it, written in the event's own transaction (the outbox).
  `CREATE TABLE webhook_deliveries (
    id ${id},
    endpoint_id ${ref} NOT NULL,
    webhook_id TEXT NOT NULL,
    type TEXT NOT NULL,
    signup_id ${ref} NULL,
    erasure INTEGER NOT NULL,
    body TEXT NULL,
    created_at ${time} NOT NULL,
    next_attempt_at ${time} NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    claimed_until ${time} NULL,
    status TEXT NOT NULL,
    finished_at ${time} NULL,
    last_attempt_at ${time} NULL,
    reply_status INTEGER NULL,
    reply_excerpt TEXT NULL,
    last_error TEXT NULL
  )`,
  // The deliverer's look for due rows reads the unfinished ones only, soonest due first.
  `CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE finished_at IS NULL`,
  // The console's log of one endpoint, newest first, a page at a time.
  `CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, id)`,
  // An erasure clears its person's bodies.
  `CREATE INDEX webhook_deliveries_signup ON webhook_deliveries (signup_id) WHERE signup_id IS NOT NULL`,
  // The retention sweep clears bodies finished more than 7 days ago.
  `CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (finished_at) WHERE body IS NOT NULL AND finished_at IS NOT NULL`,
]

export const webhookMigrations: Migrations = {
  // Endpoints the team adds in the console, and their deliveries.
  '2026-11-27-1500-webhooks': { up: stepsWithColumnTypes(webhookTables) },
}
