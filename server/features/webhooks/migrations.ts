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

// The deliveries not finished yet become entries of the one queue (platform/outbox/, issue 48): an HTTP post in its
// endpoint's lane, on the specification's schedule (an erasure's, until delivered), its attempts and lease as they
// were, held when its endpoint is off (a test is never held), its subject the log row, which stays the log.
const deliveriesQueued = [
  `INSERT INTO outbox (kind, transport, retry, lane, held_at, signup_id, subject_id, created_at, next_attempt_at, attempts, claimed_until)
    SELECT CASE WHEN d.type = 'webhook.test' THEN 'webhook-test' ELSE 'webhook' END, 'http',
      CASE WHEN d.erasure = 1 THEN 'standard-webhooks-until-delivered' ELSE 'standard-webhooks' END,
      'webhook-endpoint:' || d.endpoint_id,
      CASE WHEN d.type <> 'webhook.test' AND e.enabled = 0 THEN COALESCE(e.off_at, d.created_at) ELSE NULL END,
      d.signup_id, d.id, d.created_at, d.next_attempt_at, d.attempts, d.claimed_until
    FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
    WHERE d.finished_at IS NULL
    ORDER BY d.id`,
]

export const webhookMigrations: Migrations = {
  // Endpoints the team adds in the console, and their deliveries.
  '2026-11-27-1500-webhooks': { up: stepsWithColumnTypes(webhookTables) },
  // The deliveries waiting are the one queue's from now on (deliveriesQueued says how).
  '2026-12-06-1010-webhook-deliveries-queued': { up: stepsWithColumnTypes(() => deliveriesQueued) },
}
