// The key's change (scripts/rotate-answers-key.ts, docs/operations.md "Sensitive answers"): every sealed answer is
// opened with the old key and sealed again with the new one, for the same person and question (the additional data
// of answer-cipher.ts), a batch by id in each transaction. Nothing is deleted and nothing is held between batches,
// so a run killed midway leaves each answer under one key or the other, and the next run finishes: an answer that
// the new key opens already is passed over, one that neither key opens is counted and left as it is. A batch's rows
// are locked from their reading to their replacing, so an answer written again meanwhile is never overwritten.
//
// A pass that re-sealed anything is followed by another: answers sealed with the old key while the pass ran (an
// instance still running with it) are re-sealed then. After three passes (`resealRules.passes`) that each still
// found some, an instance is still sealing with the old key, and the change is not settled.
import { sql } from 'kysely'
import type { Database } from '../../platform/database/database'
import type { AnswerCipher } from './answer-cipher'

export const resealRules = { batchSize: 500, passes: 3 } as const

export type ResealCounts = {
  /** Opened with the old key and sealed with the new. */
  resealed: number
  /** Opened with the new key already (a run before this one, killed or done). */
  already: number
  /** Opened with neither key: left in place. */
  unreadable: number
}

/** Every sealed answer under `to`: re-sealed counts every pass's, already the first pass's, unreadable the last's.
 * `settled` is false when the last pass still found answers under `from`. */
export async function resealAnswers(
  database: Database,
  from: AnswerCipher,
  to: AnswerCipher,
  batchSize: number = resealRules.batchSize,
): Promise<ResealCounts & { settled: boolean }> {
  const first = await resealPass(database, from, to, batchSize)
  const counts = { ...first }
  let last = first
  for (let pass = 1; last.resealed > 0 && pass < resealRules.passes; pass++) {
    last = await resealPass(database, from, to, batchSize)
    counts.resealed += last.resealed
    counts.unreadable = last.unreadable
  }
  return { ...counts, settled: last.resealed === 0 }
}

/** One pass over the sealed answers, by id. */
async function resealPass(database: Database, from: AnswerCipher, to: AnswerCipher, batchSize: number): Promise<ResealCounts> {
  const counts: ResealCounts = { resealed: 0, already: 0, unreadable: 0 }
  for (let after = 0; ; ) {
    const batch = await database.db.transaction().execute(async (trx) => {
      // Held until the commit (PostgreSQL's row locks; SQLite's write transaction holds the file), so no instance
      // changes a row between its reading and its replacing.
      const rows = await database
        .lockRows(
          trx
            .selectFrom('answers')
            .select(['id', 'signup_id', 'question_id', 'answer_sealed'])
            .where('answer_sealed', 'is not', null)
            .where('id', '>', after)
            .orderBy('id')
            .limit(batchSize),
        )
        .execute()
      const found: ResealCounts = { resealed: 0, already: 0, unreadable: 0 }
      const resealed: { id: number; sealed: string }[] = []
      for (const row of rows) {
        const sealed = row.answer_sealed!
        if (to.open(sealed, row.signup_id, row.question_id) !== undefined) {
          found.already++
          continue
        }
        const plain = from.open(sealed, row.signup_id, row.question_id)
        if (plain === undefined) found.unreadable++
        else resealed.push({ id: Number(row.id), sealed: to.seal(plain, row.signup_id, row.question_id) })
      }
      // One statement for the batch: 20,000 answers took 3.6 s so on SQLite against 16.7 s with a statement a row, and
      // 6.3 s against 31.3 s on PostgreSQL (both passes, 2026-12-06, the shared 2-core machine at load 17 to 35).
      if (resealed.length > 0) {
        const each = sql.join(resealed.map((row) => sql`WHEN ${row.id} THEN ${row.sealed}`), sql` `)
        const replaced = await trx
          .updateTable('answers')
          .set({ answer_sealed: sql<string>`CASE id ${each} END` })
          .where('id', 'in', resealed.map((row) => row.id))
          .executeTakeFirst()
        found.resealed = Number(replaced.numUpdatedRows)
      }
      return { found, last: rows.length > 0 ? Number(rows.at(-1)!.id) : undefined, full: rows.length === batchSize }
    })
    counts.resealed += batch.found.resealed
    counts.already += batch.found.already
    counts.unreadable += batch.found.unreadable
    if (!batch.full || batch.last === undefined) return counts
    after = batch.last
    await database.foldLog()
  }
}
