// The outbox's part of a person's record (shared/person-record.ts): every email to them, of whichever wing's kind,
// newest first: its kind, how it stands and when. Never its body, which the outbox does not keep.
import type { PersonRecordReader } from '../wing/wing'

export const outboxPerson: PersonRecordReader = async (db, personId) => {
  const rows = await db.selectFrom('outbox').select(['kind', 'outcome', 'created_at', 'finished_at']).where('signup_id', '=', personId).where('transport', '=', 'mail').orderBy('id', 'desc').execute()
  return { emails: rows.map((row) => ({ kind: row.kind, status: row.outcome ?? 'waiting', queuedAt: row.created_at, finishedAt: row.finished_at })) }
}
