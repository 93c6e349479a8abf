// What the database keeps no longer than it needs (docs/product-rules.md, "What the database keeps, and for how
// long"): link tokens past their end, and emails that finished long ago. Nothing else goes: a signup and its
// consent record stay until the person is erased, and so do what erasure keeps, the invitations and their
// funnel, the referrals' decisions and the console's audit log. The platform sweeps its own tables only; a
// feature that keeps something for a time removes it in its own folder.
//
// A sweep removes in batches, one statement each, found along an index (migrations.ts, 2026-11-27-0615), and
// after each batch waits as long as the batch took, and for SQLite's log to be folded (in-turns.ts). On SQLite every statement holds the process's one connection
// and its event loop (the driver is synchronous), so a batch is the longest a signup or /healthz waits behind the
// sweep: a batch is sized to take about `batchTargetMs`, from a few rows up to `batchSize`, halved when one takes
// twice that and doubled when one takes half. At 1,000,000 signups a fixed 500 tokens took 20–500 ms a batch
// (the commit writes and syncs a WAL page for each random index page it touched), and /healthz waited as long.
// On PostgreSQL a batch locks its rows only, and rows another instance's sweep holds are passed over (SKIP
// LOCKED), so every instance may sweep at once.
import type { Database } from '../database/database'
import { handBack } from '../database/in-turns'
import { removeFinishedEmails } from '../outbox/outbox-store'
import { removeEndedLinkTokens } from '../secrets/link-tokens'

const hour = 3_600_000
const day = 24 * hour

export const retentionRules = {
  /** An email's row (its kind, its person, when it was queued and finished, how it ended, the mail server's last
   * words) stays this long after it finished, for the team to answer "did my email go?". The longest anything
   * looks back over finished emails is consent's resend interval (an erasure asked again within 10 minutes,
   * platform/outbox/outbox-queue.ts isQueued); the mail budget counts in its own limiter, the funnel on the
   * invitations, the metrics and /healthz read unfinished emails only. */
  finishedEmailsKeptMs: 30 * day,
  /** A link's token stays this long past its end, and no longer: no reader takes an ended token (each refuses it
   * as unknown), and the margin keeps an instance whose clock is behind from finding gone a token it would take. */
  endedLinksKeptMs: day,
  /** How often each instance sweeps, beside once as it starts serving. */
  everyMs: hour,
  /** Rows a statement removes at most, per table. A token costs far more to remove than an email (its key is a
   * random hash: each one is on an index page of its own), so a batch of either holds SQLite's connection for
   * tens of milliseconds at 1,000,000 signups (docs/performance.md, "The retention sweep"). */
  batchSize: { consent_tokens: 500, outbox: 2000 },
  /** What a batch should take; its size follows (above). */
  batchTargetMs: 10,
  /** The first batch's size, and the fewest rows a batch asks for. */
  firstBatch: 25,
} as const

/** The tables a sweep removes from, in the order it sweeps them. */
export const retentionTables = ['consent_tokens', 'outbox'] as const
export type RetentionTable = (typeof retentionTables)[number]
export type Removed = Record<RetentionTable, number>

export type Retention = {
  /** Removes, batch by batch, what is past its keep at `now`, and says how much; stops between batches once
   * `signal` is aborted (the process is stopping), with what it removed so far. */
  sweep(now: Date, signal?: AbortSignal): Promise<Removed>
}

/** `batchSize` (a test's) sets every table's largest batch. `onBatch` is told each batch's count, as the database gave it. */
export function retention(database: Database, options: { batchSize?: number; onBatch?: (table: RetentionTable, removed: number) => void } = {}): Retention {
  const batchSize = (table: RetentionTable) => options.batchSize ?? retentionRules.batchSize[table]
  const ago = (now: Date, ms: number) => new Date(now.getTime() - ms)
  const removeBatch: Record<RetentionTable, (now: Date, size: number) => Promise<number>> = {
    consent_tokens: (now, size) => removeEndedLinkTokens(database, ago(now, retentionRules.endedLinksKeptMs), size),
    outbox: (now, size) => removeFinishedEmails(database, ago(now, retentionRules.finishedEmailsKeptMs), size),
  }
  const { batchTargetMs, firstBatch } = retentionRules
  const nextSize = (size: number, tookMs: number, most: number) =>
    tookMs > 2 * batchTargetMs ? Math.min(most, Math.max(firstBatch, Math.floor(size / 2))) : tookMs < batchTargetMs / 2 ? Math.min(most, size * 2) : size
  return {
    async sweep(now, signal) {
      const removed: Removed = { consent_tokens: 0, outbox: 0 }
      for (const table of retentionTables) {
        for (let size = Math.min(firstBatch, batchSize(table)); ; ) {
          if (signal?.aborted) return removed
          const started = performance.now()
          const count = await removeBatch[table](now, size)
          removed[table] += count
          options.onBatch?.(table, count)
          if (count < size) break
          const took = performance.now() - started
          size = nextSize(size, took, batchSize(table))
          await handBack(database, took)
        }
      }
      return removed
    },
  }
}
