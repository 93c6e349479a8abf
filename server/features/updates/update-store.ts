// The drafts of updates to the list (issue 31), written once for both engines: create, edit, list, read, delete,
// and a test to the team member who asks for it, queued in the outbox (platform/outbox/outbox-queue.ts) in the
// transaction that records it. Only a draft is edited or deleted (machines/update-send-machine.ts EDIT): once it is
// scheduled or sent, its words are the ones its audience gets, and its record stays.
import type { UpdateDraft, UpdateSummary } from '../../../shared/update-rows'
import type { Database } from '../../platform/database/database'
import { enqueue, isQueued } from '../../platform/outbox/outbox-queue'
import type { CheckedUpdate } from './update-draft'
import { updateTestKind } from './update-emails'
import type { UpdateSends } from './update-sends'

/** The most drafts the console lists: a handful are ever open at once, so one page of them is all of them. */
export const draftListLimit = 200

export type UpdateStore = {
  list(): Promise<UpdateSummary[]>
  read(id: number): Promise<UpdateDraft | undefined>
  create(update: CheckedUpdate, by: string, now: Date): Promise<UpdateDraft>
  /** The draft as saved, or why not: no such update, or it is no longer a draft. */
  edit(id: number, update: CheckedUpdate, by: string, now: Date): Promise<UpdateDraft | 'not-found' | 'wrong-state'>
  /** Deletes a draft; its tests still waiting go nowhere (update-emails.ts). */
  remove(id: number): Promise<'removed' | 'not-found' | 'wrong-state'>
  /** Queues a test of the draft to `to`, unless one to that address is still waiting, which will carry the draft's
   * words as they are when it goes: 'queued', 'waiting', or 'not-found'. */
  queueTest(id: number, to: string, now: Date): Promise<'queued' | 'waiting' | 'not-found'>
}

type Row = { id: number; subject: string; preheader: string; body: string; created_by: string; created_at: string; updated_by: string; updated_at: string }

const draftOf = (row: Row): UpdateDraft => ({
  id: row.id,
  subject: row.subject,
  preheader: row.preheader,
  body: row.body,
  createdBy: row.created_by,
  createdAt: row.created_at,
  updatedBy: row.updated_by,
  updatedAt: row.updated_at,
  send: null,
})

export function updateStore(database: Database, sends: UpdateSends): UpdateStore {
  const { db } = database
  const columns = ['id', 'subject', 'preheader', 'body', 'created_by', 'created_at', 'updated_by', 'updated_at'] as const

  return {
    async list() {
      const rows = await db.selectFrom('updates').select(['id', 'subject', 'updated_by', 'updated_at']).orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(draftListLimit).execute()
      const states = await sends.statesOf(rows.map((row) => Number(row.id)))
      return rows.map((row) => ({ id: row.id, subject: row.subject, updatedBy: row.updated_by, updatedAt: row.updated_at, state: states.get(Number(row.id)) ?? 'draft' }))
    },

    async read(id) {
      const row = await db.selectFrom('updates').select(columns).where('id', '=', id).executeTakeFirst()
      return row && { ...draftOf(row), send: await sends.sendOf(id) }
    },

    async create(update, by, now) {
      const at = now.toISOString()
      const row = await db
        .insertInto('updates')
        .values({ subject: update.subject, preheader: update.preheader, body: update.body, created_by: by, created_at: at, updated_by: by, updated_at: at })
        .returning(columns)
        .executeTakeFirstOrThrow()
      return draftOf(row)
    },

    async edit(id, update, by, now) {
      const edited = await sends.whileDraft(id, (trx) =>
        trx
          .updateTable('updates')
          .set({ subject: update.subject, preheader: update.preheader, body: update.body, updated_by: by, updated_at: now.toISOString() })
          .where('id', '=', id)
          .returning(columns)
          .executeTakeFirstOrThrow(),
      )
      return edited.ok ? draftOf(edited.value) : edited.reason
    },

    async remove(id) {
      const removed = await sends.whileDraft(id, async (trx) => {
        await trx.deleteFrom('update_tests').where('update_id', '=', id).execute()
        await trx.deleteFrom('updates').where('id', '=', id).execute()
      })
      return removed.ok ? 'removed' : removed.reason
    },

    queueTest: (id, to, now) =>
      db.transaction().execute(async (trx) => {
        const found = await database.lockRows(trx.selectFrom('updates').select('id').where('id', '=', id)).executeTakeFirst()
        if (!found) return 'not-found'
        // One test per draft and address waits at a time: asks that come meanwhile are answered by it, as the
        // budget asks of every email (platform/mail/mailbox-budget.ts), so clicks never grow a queue.
        // A test is queued only when none waits, so only the newest to that address can be waiting.
        const last = await trx.selectFrom('update_tests').select('id').where('update_id', '=', id).where('sent_to', '=', to).orderBy('id', 'desc').executeTakeFirst()
        const waiting = last !== undefined && (await isQueued(trx, { kind: updateTestKind, subjectId: Number(last.id) }))
        if (waiting) return 'waiting'
        const test = await trx
          .insertInto('update_tests')
          .values({ update_id: id, sent_to: to, asked_at: now.toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow()
        // A test goes to a team member, who is nobody on the list: its entry names no person, so no erasure takes
        // it away, and its subject is the update_tests row, which names the draft and the address (update-emails.ts).
        await enqueue(trx, { kind: updateTestKind, subjectId: test.id, at: now })
        return 'queued'
      }),
  }
}
