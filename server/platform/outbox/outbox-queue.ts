// The outbox as the features see it: an email is queued inside the transaction of the change that calls for it
// (a signup, a confirmation, a wave), so it exists if and only if that change does, and the sender
// (outbox-sender.ts) delivers it later. The outbox's columns are written here only. An entry names its person
// when it is for someone on the list (the signups row, whose erasure takes it away) and, for a kind that needs
// one, its subject: the row it is about (an invitation, an update's recipient, a test), which the kind reads
// when it is sent. A feature takes back what it queued through withdrawQueued, never by deleting outbox rows.
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../database/database'

/** An email to queue: of a kind a feature registers (outbox-kinds.ts), due `at` (it counts as waiting only from
 * then: outbox-store.ts stats), for a person on the list, or about a subject, or both. */
export type NewEmail = { kind: string; at: Date; by?: Transport } & (
  | { personId: number; subjectId?: number }
  /** For nobody on the list (a test of an update, to a team member): no erasure takes it away, and its kind
   * finds the address through its subject. */
  | { personId?: undefined; subjectId: number }
)

/** How an entry that is not an email goes: its transport (`http`, a wing's posts), the name of its retry schedule,
 * its lane, and whether the lane waits (held) from the start. An email has none of these (mail, the sender's). */
export type Transport = { transport: string; retry: string; lane: string; held?: boolean }

/** Queues the emails in the caller's transaction, in one statement. */
export async function enqueue(trx: Db, emails: NewEmail | readonly NewEmail[]): Promise<void> {
  const rows = (Array.isArray(emails) ? emails : [emails]) as readonly NewEmail[]
  if (rows.length === 0) return
  await trx
    .insertInto('outbox')
    .values(
      rows.map((email) => ({
        kind: email.kind,
        signup_id: email.personId ?? null,
        subject_id: email.subjectId ?? null,
        created_at: email.at.toISOString(),
        next_attempt_at: email.at.toISOString(),
        ...(email.by && { transport: email.by.transport, retry: email.by.retry, lane: email.by.lane, held_at: email.by.held ? email.at.toISOString() : null }),
      })),
    )
    .execute()
}

/** The same queueing as SQL, for a caller that writes in one statement of its own (an INSERT inside a WITH):
 * one email of `kind` for each row of `people` (a relation with an `id` column), due `at`. */
export const enqueueEach = (kind: string, people: RawBuilder<unknown>, at: RawBuilder<unknown>) =>
  sql`INSERT INTO outbox (kind, signup_id, created_at, next_attempt_at) SELECT ${sql.lit(kind)}, id, ${at}, ${at} FROM ${people}`

/** Whether an email of `kind` for the person (or about the subject) is still waiting to be sent, or was queued
 * after `since`: the caller's change then needs no second one. */
export async function isQueued(trx: Db, match: { kind: string; personId?: number; subjectId?: number; since?: Date }): Promise<boolean> {
  const { since } = match
  const found = await trx
    .selectFrom('outbox')
    .select('id')
    .where('kind', '=', match.kind)
    .$if(match.personId !== undefined, (query) => query.where('signup_id', '=', match.personId!))
    .$if(match.subjectId !== undefined, (query) => query.where('subject_id', '=', match.subjectId!))
    .where((eb) => (since ? eb.or([eb('created_at', '>', since.toISOString()), eb('finished_at', 'is', null)]) : eb('finished_at', 'is', null)))
    .executeTakeFirst()
  return found !== undefined
}

/** When the last email of `kind` still waiting is due, if any: a feature that paces its emails queues after it. */
export async function lastDueAt(trx: Db, kind: string): Promise<Date | undefined> {
  const last = await trx.selectFrom('outbox').select((eb) => eb.fn.max('next_attempt_at').as('at')).where('finished_at', 'is', null).where('kind', '=', kind).executeTakeFirst()
  return last?.at ? new Date(last.at) : undefined
}

/** Takes away every email of the people, queued or finished (an erasure; a merge of two rows of one person). */
export async function dropQueued(trx: Db, people: number | readonly number[]): Promise<void> {
  const ids = typeof people === 'number' ? [people] : people
  if (ids.length === 0) return
  await trx.deleteFrom('outbox').where('signup_id', 'in', ids).execute()
}

/** What a change takes back of what it queued: the emails of `kind` for the person, or about those subjects. */
export type Withdrawal = { kind: string; personId?: number; subjectIds?: readonly number[] }

/** Takes back the emails of the withdrawal that are still queued and that no sender holds at `now` (one leased
 * goes on: a kind that must not go any more finds so when it begins, outbox-kinds.ts begin), and says the
 * subjects of those taken back. A feature withdraws through this, never by deleting outbox rows itself. */
export async function withdrawQueued(trx: Db, withdrawal: Withdrawal, now: Date): Promise<number[]> {
  const { kind, personId, subjectIds } = withdrawal
  if (subjectIds?.length === 0) return []
  const withdrawn = await trx
    .deleteFrom('outbox')
    .where('kind', '=', kind)
    .where('finished_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now.toISOString())]))
    .$if(personId !== undefined, (query) => query.where('signup_id', '=', personId!))
    .$if(subjectIds !== undefined, (query) => query.where('subject_id', 'in', subjectIds!))
    .returning('subject_id')
    .execute()
  return withdrawn.flatMap((row) => (row.subject_id === null ? [] : [Number(row.subject_id)]))
}

/** Takes back every unfinished entry of a lane (its endpoint deleted), held by a runner or not: one in flight finds
 * its subject gone when it records. */
export async function withdrawLane(trx: Db, lane: string): Promise<void> {
  await trx.deleteFrom('outbox').where('lane', '=', lane).where('finished_at', 'is', null).execute()
}

/** Holds a lane's unfinished entries of `kind` (an endpoint turned off): they wait, not due, until it is released. */
export async function holdLane(trx: Db, lane: string, kind: string, now: Date): Promise<void> {
  await trx.updateTable('outbox').set({ held_at: now.toISOString() }).where('lane', '=', lane).where('kind', '=', kind).where('finished_at', 'is', null).where('held_at', 'is', null).execute()
}

/** Releases a lane (its endpoint turned on again): what waited goes at once, not at the retry it was waiting for. */
export async function releaseLane(trx: Db, lane: string, now: Date): Promise<void> {
  const at = now.toISOString()
  await trx.updateTable('outbox').set({ held_at: null }).where('lane', '=', lane).where('finished_at', 'is', null).where('held_at', 'is not', null).execute()
  await trx.updateTable('outbox').set({ next_attempt_at: at }).where('lane', '=', lane).where('finished_at', 'is', null).where('next_attempt_at', '>', at).execute()
}
