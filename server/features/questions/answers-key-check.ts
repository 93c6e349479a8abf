// The check at start that the sensitive answers' key is the one they were sealed with (issue 52). A wrong key
// does not fail loudly by itself: every sealed answer reads as unreadable, a cohort by a health answer matches
// nobody, and a person's copy leaves their answer out. So a start whose key opens none of the newest sealed
// answers stops, in one line naming where the key came from (the variable, or the kept file's path) and never the
// key. The answers themselves are the check value: no other value is stored, and a database with no sealed
// answer starts with any key.
import type { Database } from '../../platform/database/database'
import type { AnswerCipher } from './answer-cipher'

/** How many of the newest sealed answers are tried: one that opens is enough; a few, so that one damaged row
 * does not stop the start. */
const tried = 5

/** Where the key came from: the setting, or the file made beside the database. */
export type KeySource = { setting: true } | { setting: false; path: string }

/** Whether the key opens the sealed answers: true when there are none, or one of the newest opens. */
export async function keyOpensAnswers(database: Database, cipher: AnswerCipher): Promise<boolean> {
  const rows = await database.db
    .selectFrom('answers')
    .select(['signup_id', 'question_id', 'answer_sealed'])
    .where('answer_sealed', 'is not', null)
    .orderBy('answered_at', 'desc')
    .orderBy('id', 'desc')
    .limit(tried)
    .execute()
  return rows.length === 0 || rows.some((row) => cipher.open(row.answer_sealed!, row.signup_id, row.question_id) !== undefined)
}

/** The start's one line when the key does not open them: what is wrong and what to do, naming no secret. */
export function wrongKeyProblem(source: KeySource): string {
  const stored = 'does not open the sensitive answers stored in the database: they were sealed with another key.'
  const see = '(docs/operations.md, "Sensitive answers")'
  return source.setting
    ? `SENSITIVE_ANSWERS_KEY ${stored} Set it to the key they were sealed with ${see}.`
    : `The sensitive answers key in ${source.path} (SENSITIVE_ANSWERS_KEY is unset) ${stored} Restore the file they were sealed with, or set SENSITIVE_ANSWERS_KEY to that key ${see}.`
}

/** The wing's check at start: undefined when the key fits, else the line to stop with. */
export const answersKeyCheck = (database: Database, cipher: AnswerCipher, source: KeySource) => async (): Promise<string | undefined> =>
  (await keyOpensAnswers(database, cipher)) ? undefined : wrongKeyProblem(source)
