// The outbox's own queries, for its sender (outbox-sender.ts), every other transport's runner (a wing's posts: the
// webhooks') and its figures, written once for both engines (platform/database/database.ts): the one claim and
// lease of every queued item. On PostgreSQL, where several instances share the table, entries are claimed
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

/** Which entries a claim or a figure is about: a transport's (mail by default), and of those one lane's. */
export type QueueScope = { transport: string; lane?: string }

const mailOnly: QueueScope = { transport: 'mail' }

export interface OutboxStore {
  /** Leases up to `limit` due entries of the scope for `leaseMs` (an entry leased by another instance is skipped, one
   * of a held lane is not due), longest due first. The one claim of every transport. */
  claim(now: Date, limit: number, leaseMs: number, scope?: QueueScope): Promise<QueuedEmail[]>
  /** The lanes of the transport with an entry due now and not leased. */
  dueLanes(now: Date, transport: string): Promise<string[]>
  /** Marks the entry finished; `recorded` (its kind's record of the outcome: a delivery, a skip) runs in the same
   * transaction, so the two are written together or not at all. */
  finish(id: number, now: Date, outcome: OutboxOutcome, error?: string, recorded?: (trx: Db) => Promise<void>): Promise<void>
  /** Marks several entries finished, each with its record, all in one transaction: one commit for a batch's sends. */
  finishAll(marks: readonly { id: number; outcome: OutboxOutcome; recorded?: (trx: Db) => Promise<void> }[], now: Date): Promise<void>
  /** Runs each kind's "send begun" write (outbox-kinds.ts begin) in one transaction, and says what each answered: one
   * commit for several emails about to go. Should one fail, none is written and the call fails. */
  beginAll(begins: readonly ((trx: Db) => Promise<boolean>)[]): Promise<boolean[]>
  /** Gives the entry back, to be tried again at `at`; `recorded` (its transport's record of the attempt) runs in the
   * same transaction. */
  retry(id: number, at: Date, error: string, recorded?: (trx: Db) => Promise<void>): Promise<void>
  /** Moves the end of the entry's lease from `heldUntil` to `until`, if it still ends at `heldUntil` (nobody has
   * claimed it since) and it is unfinished: whether the lease is still the caller's. */
  renewLease(id: number, heldUntil: Date, until: Date): Promise<boolean>
  /** Ends every lease: only for one process that owns the database (SQLite), at its start. */
  releaseLeases(): Promise<void>
  /** The transport's depth and its oldest entries (mail by default), in one read of its unfinished entries that are
   * not held (an index covers them). */
  stats(now: Date, transport?: string): Promise<OutboxStats>
  /** Whether an entry of the transport has been due, not held and not leased, since before `dueBefore`. */
  untakenSince(now: Date, dueBefore: Date, transport: string): Promise<boolean>
}

export function outboxStore(database: Database): OutboxStore {
  const { db, lockRows } = database
  const iso = (date: Date) => date.toISOString()
  /** The transport's entries due by `dueBy` that nobody holds at `now`: unfinished, their lane not held, their lease
   * over or never taken. */
  const untaken = (now: Date, dueBy: Date, transport: string) =>
    db
      .selectFrom('outbox')
      .where('finished_at', 'is', null)
      .where('transport', '=', transport)
      .where('held_at', 'is', null)
      .where('next_attempt_at', '<=', iso(dueBy))
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', iso(now))]))

  /** The queue's mark and the transport's record of it, written together or not at all. */
  const together = async (mark: (db: Db) => Promise<unknown>, recorded?: (trx: Db) => Promise<void>) => {
    if (!recorded) return void (await mark(db))
    await db.transaction().execute(async (trx) => {
      await mark(trx)
      await recorded(trx)
    })
  }

  return {
    async claim(now, limit, leaseMs, scope = mailOnly) {
      const due = untaken(now, now, scope.transport)
        .select('id')
        .$if(scope.lane !== undefined, (query) => query.where('lane', '=', scope.lane!))
        // Soonest due first, along outbox_transport_next (a lane's along outbox_lane_next): emails queued for later (a
        // wave's, waiting for their turn) are never walked past.
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
      const claimed = await db
        .updateTable('outbox')
        .set((eb) => ({ claimed_until: iso(new Date(now.getTime() + leaseMs)), attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', lockRows(due, { skipLocked: true }))
        .returning(['id', 'kind', 'signup_id', 'attempts', 'subject_id', 'retry', 'lane'])
        .execute()
      return claimed
        .sort((a, b) => a.id - b.id)
        .map((entry) => ({ id: entry.id, kind: entry.kind, attempts: entry.attempts, personId: entry.signup_id, subjectId: entry.subject_id, retry: entry.retry, lane: entry.lane }))
    },
    async dueLanes(now, transport) {
      const lanes = await untaken(now, now, transport).select('lane').distinct().where('lane', 'is not', null).execute()
      return lanes.flatMap((row) => (row.lane === null ? [] : [row.lane]))
    },
    async finish(id, now, outcome, error, recorded) {
      await together((db) => db.updateTable('outbox').set({ finished_at: iso(now), outcome, last_error: error ?? null, claimed_until: null }).where('id', '=', id).execute(), recorded)
    },
    async finishAll(marks, now) {
      if (marks.length === 0) return
      await db.transaction().execute(async (trx) => {
        for (const outcome of new Set(marks.map((mark) => mark.outcome))) {
          const ids = marks.filter((mark) => mark.outcome === outcome).map((mark) => mark.id)
          await trx.updateTable('outbox').set({ finished_at: iso(now), outcome, last_error: null, claimed_until: null }).where('id', 'in', ids).execute()
        }
        for (const mark of marks) await mark.recorded?.(trx)
      })
    },
    beginAll(begins) {
      return db.transaction().execute(async (trx) => {
        const answers: boolean[] = []
        for (const begin of begins) answers.push(await begin(trx))
        return answers
      })
    },
    async retry(id, at, error, recorded) {
      await together((db) => db.updateTable('outbox').set({ next_attempt_at: iso(at), last_error: error, claimed_until: null }).where('id', '=', id).execute(), recorded)
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
    async stats(now, transport = mailOnly.transport) {
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
        .where('transport', '=', transport)
        // Held (its lane waits to be released: an endpoint that is off) is not waiting.
        .where('held_at', 'is', null)
        // An email queued for later (paced, or for a later day) is not waiting yet.
        .where('created_at', '<=', iso(now))
        .executeTakeFirstOrThrow()
      const date = (value: string | null) => (value === null ? undefined : new Date(value))
      return { waiting: Number(row.waiting), oldestQueuedAt: date(row.oldest), due: Number(row.due), oldestDueQueuedAt: date(row.oldest_due) }
    },
    async untakenSince(now, dueBefore, transport) {
      return (await untaken(now, dueBefore, transport).select('id').limit(1).executeTakeFirst()) !== undefined
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
