// The tables as Kysely sees them: one description for both engines. Timestamps are ISO 8601 text (…T…Z,
// milliseconds) on both sides of the driver: SQLite stores that text, and the PostgreSQL pool reads its
// TIMESTAMPTZ columns back as the same text (postgres.ts). Ids are numbers on both.
//
// The platform declares only its own tables here. Each feature declares its tables, and the columns it adds to
// another's, in its own tables.ts, which TypeScript merges into these interfaces (module augmentation:
// https://www.typescriptlang.org/docs/handbook/declaration-merging.html#module-augmentation). `Tables` is so
// every table, typed where it is owned, and this file names no feature.
import type { Generated } from 'kysely'
import type { OutboxOutcome } from '../../../shared/stored-statuses'
import type { SuppressionReason, SuppressionSource } from '../../../shared/suppression'

export interface Tables {
  outbox: OutboxTable
  /** The link tokens (platform/secrets/link-tokens.ts), hashed, one row per link; the name is older than the platform. */
  consent_tokens: { token_hash: string; purpose: string; signup_id: number; expires_at: string }
  /** The database's own settings, such as the erasure salt (database.ts); the name is older than the platform. */
  consent_settings: { key: string; value: string }
  suppressions: SuppressionsTable
}

/** The suppression list (platform/suppression/): one row per mailbox that bounced, complained or was suppressed by
 * hand, keyed by the keyed hash of its canonical address, so an erasure can take the address and keep the row. A row
 * with `suppressed_at` null is not suppressed: it counts soft bounces, or was lifted. */
export interface SuppressionsTable {
  address_hash: string
  /** The canonical address (shared/mailbox.ts); null once its owner was erased. */
  address: string | null
  reason: SuppressionReason | null
  source: SuppressionSource | null
  /** The mail server's or provider's own words, trimmed (shared/suppression.ts providerWordsMaxLength). */
  words: string | null
  suppressed_at: string | null
  /** The soft bounces still inside the window (SOFT_BOUNCE_DAYS): their instants, ISO 8601, space-separated. */
  soft_bounces: Generated<string>
  lifted_at: string | null
  lifted_by: string | null
}

/** The outbox (platform/outbox/): one row per email, for one person, of a kind a feature registered. */
export interface OutboxTable {
  id: Generated<number>
  kind: string
  /** The person it is for, when it is for someone on the list (whose erasure takes it away); NULL for nobody on
   * the list (a test of an update, to a team member). */
  signup_id: number | null
  created_at: string
  next_attempt_at: string
  attempts: Generated<number>
  claimed_until: string | null
  finished_at: string | null
  outcome: OutboxOutcome | null
  last_error: string | null
  /** The row a kind's email is about, when the person is not enough (outbox-queue.ts's subjectId): which table it
   * is in is the kind's to know (an invitation, an update's recipient, a test). Before 2026-12-06 it was
   * `invitation_id`, which stays in the table, no longer written. */
  subject_id: Generated<number | null>
  /** How it goes: `mail` (the outbox sender) or `http` (a wing's posts, the webhooks'). */
  transport: Generated<string>
  /** The name of its retry schedule: `mail` (the sender's backoff), or one its transport's runner knows. */
  retry: Generated<string>
  /** Its lane: a claim of a lane takes its entries only (a webhook endpoint's); NULL for none. */
  lane: Generated<string | null>
  /** When its lane was held (an endpoint turned off): not due until released. */
  held_at: Generated<string | null>
}
