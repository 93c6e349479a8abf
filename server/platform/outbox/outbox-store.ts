// The outbox's own queries, for its sender (outbox-sender.ts) and its figures, written once for both engines
// (platform/database/database.ts). On PostgreSQL, where several instances share the table, entries are claimed
// with SKIP LOCKED leases so that two senders never take the same email; on SQLite one process owns the file,
// and a lease only guards against a send that outlives its process (released at start).
import { sql } from 'kysely'
import type { Database, Db } from '../database/database'
import type { QueuedEmail } from './outbox-kinds'
import type { OutboxOutcome } from '../../../shared/stored-statuses'

/** How the outbox stands: what the metrics (platform/observability/metrics.ts) and the console's front page show. */
export type OutboxStats = {
  /** Emails not finished yet (sent, skipped or failed): due now, or waiting out a retry's backoff. */
  waiting: number
  /** When the oldest of them was queued. */
  oldestQueuedAt: Date | undefined
  /** Of those, the ones due now: nothing but the sender stands between them and their send. */
  due: number
  /** When the oldest of those was queued. */
  oldestDueQueuedAt: Date | undefined
}

export interface OutboxStore {
  /** Leases up to `limit` due entries for `leaseMs` (an entry leased by another instance is skipped), longest due first. */
  claim(now: Date, limit: number, leaseMs: number): Promise<QueuedEmail[]>
  /** Marks the entry finished; `recorded` (its kind's record of the outcome: a delivery, a skip) runs in the same
   * transaction, so the two are written together or not at all. */
  finish(id: number, now: Date, outcome: OutboxOutcome, error?: string, recorded?: (trx: Db) => Promise<void>): Promise<void>
  /** Gives the entry back, to be tried again at `at`. */
  retry(id: number, at: Date, error: string): Promise<void>
  /** Moves the end of the entry's lease from `heldUntil` to `until`, if it still ends at `heldUntil` (nobody has
   * claimed it since) and it is unfinished: whether the lease is still the caller's. */
  renewLease(id: number, heldUntil: Date, until: Date): Promise<boolean>
  /** Ends every lease: only for one process that owns the database (SQLite), at its start. */
  releaseLeases(): Promise<void>
  /** The outbox's depth and its oldest entries, in one read of the unfinished entries (an index covers them). */
  stats(now: Date): Promise<OutboxStats>
}

export function outboxStore(database: Database): OutboxStore {
  const { db, lockRows } = database
  const iso = (date: Date) => date.toISOString()

  return {
    async claim(now, limit, leaseMs) {
      const due = db
        .selectFrom('outbox')
        .select('id')
        .where('finished_at', 'is', null)
        .where('next_attempt_at', '<=', iso(now))
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', iso(now))]))
        // Soonest due first, along outbox_next: emails queued for later (a wave's, waiting for their turn) are
        // never walked past.
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
      const claimed = await db
        .updateTable('outbox')
        .set((eb) => ({ claimed_until: iso(new Date(now.getTime() + leaseMs)), attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', lockRows(due, { skipLocked: true }))
        .returning(['id', 'kind', 'signup_id', 'attempts', 'subject_id'])
        .execute()
      return claimed
        .sort((a, b) => a.id - b.id)
        .map((entry) => ({ id: entry.id, kind: entry.kind, attempts: entry.attempts, personId: entry.signup_id, subjectId: entry.subject_id }))
    },
    async finish(id, now, outcome, error, recorded) {
      const finish = (db: Db) => db.updateTable('outbox').set({ finished_at: iso(now), outcome, last_error: error ?? null, claimed_until: null }).where('id', '=', id).execute()
      if (!recorded) return void (await finish(db))
      await db.transaction().execute(async (trx) => {
        await finish(trx)
        await recorded(trx)
      })
    },
    async retry(id, at, error) {
      await db.updateTable('outbox').set({ next_attempt_at: iso(at), last_error: error, claimed_until: null }).where('id', '=', id).execute()
    },
    async renewLease(id, heldUntil, until) {
      const renewed = await db
        .updateTable('outbox')
        .set({ claimed_until: iso(until) })
        .where('id', '=', id)
        .where('claimed_until', '=', iso(heldUntil))
        .where('finished_at', 'is', null)
        .executeTakeFirst()
      return renewed.numUpdatedRows === 1n
    },
    async releaseLeases() {
      await db.updateTable('outbox').set({ claimed_until: null }).where('finished_at', 'is', null).where('claimed_until', 'is not', null).execute()
    },
    async stats(now) {
      const isDue = sql<boolean>`next_attempt_at <= ${database.instant(iso(now))}`
      const row = await db
        .selectFrom('outbox')
        .select((eb) => [
          eb.fn.countAll<number>().as('waiting'),
          eb.fn.min('created_at').as('oldest'),
          sql<number>`count(CASE WHEN ${isDue} THEN 1 END)`.as('due'),
          sql<string | null>`min(CASE WHEN ${isDue} THEN created_at END)`.as('oldest_due'),
        ])
        .where('finished_at', 'is', null)
        // An email queued for later (paced, or for a later day) is not waiting yet.
        .where('created_at', '<=', iso(now))
        .executeTakeFirstOrThrow()
      const date = (value: string | null) => (value === null ? undefined : new Date(value))
      return { waiting: Number(row.waiting), oldestQueuedAt: date(row.oldest), due: Number(row.due), oldestDueQueuedAt: date(row.oldest_due) }
    },
  }
}

/** Removes up to `limit` emails that finished (sent, skipped or failed) before `finishedBefore`, along
 * outbox_finished, and says how many: one batch of the retention sweep (platform/retention/retention.ts).
 * An unfinished email is never touched. Rows another instance is removing are passed over. */
export async function removeFinishedEmails(database: Database, finishedBefore: Date, limit: number): Promise<number> {
  const { db, lockRows } = database
  const finished = db
    .selectFrom('outbox')
    .select('id')
    .where('finished_at', 'is not', null)
    .where('finished_at', '<', finishedBefore.toISOString())
    .orderBy('finished_at')
    .limit(limit)
  const removed = await db.deleteFrom('outbox').where('id', 'in', lockRows(finished, { skipLocked: true })).executeTakeFirst()
  return Number(removed.numDeletedRows)
}
