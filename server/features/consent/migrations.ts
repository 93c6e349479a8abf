// Consent's schema. Append, never edit: a database that has run a migration never runs it again
// (platform/database/migrate.ts).
import { stepsPerEngine, stepsWithColumnTypes, type Migrations } from '../../platform/database/migrate'

export const consentMigrations: Migrations = {
  // Consent (issue 12; its tokens, outbox and settings are the platform's). Each signup's status and consent
  // record, and the salted hashes that erasure leaves behind. The triggers queued a confirmation email in the
  // very transaction that stored a signup (or re-queued one by moving confirmation_queued_at forward). Signups
  // from before stay pending with no email queued; signing up again queues one.
  '2026-11-22-2319-consent': {
    legacyVersion: { sqlite: 3, postgres: 4 },
    up: stepsPerEngine({
      sqlite: [
        `ALTER TABLE signups ADD COLUMN status TEXT NOT NULL DEFAULT 'pending'`,
        `ALTER TABLE signups ADD COLUMN consent_version TEXT NULL`,
        `ALTER TABLE signups ADD COLUMN utm_source TEXT NULL`,
        `ALTER TABLE signups ADD COLUMN utm_medium TEXT NULL`,
        `ALTER TABLE signups ADD COLUMN utm_campaign TEXT NULL`,
        `ALTER TABLE signups ADD COLUMN referrer_origin TEXT NULL`,
        `ALTER TABLE signups ADD COLUMN confirmation_queued_at TEXT NULL`,
        `ALTER TABLE signups ADD COLUMN confirmed_at TEXT NULL`,
        `ALTER TABLE signups ADD COLUMN unsubscribed_at TEXT NULL`,
        `CREATE TABLE erased_emails (email_hash TEXT PRIMARY KEY, erased_at TEXT NOT NULL)`,
        `CREATE TRIGGER signups_queue_confirmation AFTER INSERT ON signups BEGIN
      INSERT INTO outbox (kind, signup_id, created_at, next_attempt_at) VALUES ('confirm', NEW.id, NEW.created_at, NEW.created_at);
    END`,
        `CREATE TRIGGER signups_requeue_confirmation AFTER UPDATE OF confirmation_queued_at ON signups
      WHEN NEW.confirmation_queued_at > coalesce(OLD.confirmation_queued_at, '') BEGIN
      INSERT INTO outbox (kind, signup_id, created_at, next_attempt_at) VALUES ('confirm', NEW.id, NEW.confirmation_queued_at, NEW.confirmation_queued_at);
    END`,
      ],
      postgres: [
        `ALTER TABLE signups
      ADD COLUMN status TEXT NOT NULL DEFAULT 'pending',
      ADD COLUMN consent_version TEXT NULL,
      ADD COLUMN utm_source TEXT NULL,
      ADD COLUMN utm_medium TEXT NULL,
      ADD COLUMN utm_campaign TEXT NULL,
      ADD COLUMN referrer_origin TEXT NULL,
      ADD COLUMN confirmation_queued_at TIMESTAMPTZ NULL,
      ADD COLUMN confirmed_at TIMESTAMPTZ NULL,
      ADD COLUMN unsubscribed_at TIMESTAMPTZ NULL`,
        `CREATE TABLE erased_emails (email_hash TEXT PRIMARY KEY, erased_at TIMESTAMPTZ NOT NULL)`,
        `CREATE FUNCTION queue_confirmation() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO outbox (kind, signup_id, created_at, next_attempt_at)
      VALUES ('confirm', NEW.id, COALESCE(NEW.confirmation_queued_at, NEW.created_at), COALESCE(NEW.confirmation_queued_at, NEW.created_at));
      RETURN NULL;
    END $$`,
        `CREATE TRIGGER signups_queue_confirmation AFTER INSERT ON signups FOR EACH ROW EXECUTE FUNCTION queue_confirmation()`,
        `CREATE TRIGGER signups_requeue_confirmation AFTER UPDATE OF confirmation_queued_at ON signups FOR EACH ROW
      WHEN (NEW.confirmation_queued_at > coalesce(OLD.confirmation_queued_at, '-infinity')) EXECUTE FUNCTION queue_confirmation()`,
      ],
    }),
  },
  // The signup store queues each confirmation email itself, in the transaction that stores or re-queues its
  // signup, where a reader of the code can see it; the triggers (and PostgreSQL's function) go.
  '2026-11-24-0323-confirmation-queued-in-code': {
    legacyVersion: { sqlite: 5, postgres: 6 },
    up: stepsPerEngine({
      sqlite: ['DROP TRIGGER signups_queue_confirmation', 'DROP TRIGGER signups_requeue_confirmation'],
      postgres: ['DROP TRIGGER signups_queue_confirmation ON signups', 'DROP TRIGGER signups_requeue_confirmation ON signups', 'DROP FUNCTION queue_confirmation()'],
    }),
  },
  // Purposes of email (issue 31): the consent record keeps the choice of news and updates, asked after
  // confirmation, with the version of the wording shown (shared/email-purposes.ts); when it was last given and
  // when taken back. Early access needs nothing new: it is the signup's status, as before. Everyone starts
  // without news and updates: nobody was ever asked.
  '2026-11-27-0930-news-and-updates': {
    up: stepsWithColumnTypes(({ time }) => [
      'ALTER TABLE signups ADD COLUMN news_consent_version TEXT NULL',
      `ALTER TABLE signups ADD COLUMN news_given_at ${time} NULL`,
      `ALTER TABLE signups ADD COLUMN news_withdrawn_at ${time} NULL`,
    ]),
  },
}
