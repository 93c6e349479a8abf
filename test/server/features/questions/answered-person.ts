// A person who confirmed and answered, for the questions' suites: signed up through the store, marked confirmed as
// the emailed link would (the questions refuse anyone else), and their answers given with the health questions'
// consent. The store's own reply to the answers is checked, so a refused answer fails the test that set it up.
import { expect } from 'vitest'
import type { PostedAnswer } from '../../../../server/features/questions/questions-store'
import { openStore, type Stores } from '../../../../tools/open-store'

/** The person's signup id. */
export async function answeredPerson(store: Stores, email: string, answers: readonly PostedAnswer[], firstName = 'Pat'): Promise<number> {
  await store.add({ email, emailNormalized: email, firstName, source: 'test', submissionId: null })
  const { id } = await store.database.db
    .updateTable('signups')
    .set({ status: 'confirmed', confirmed_at: new Date().toISOString() })
    .where('email_normalized', '=', email)
    .returning('id')
    .executeTakeFirstOrThrow()
  expect(await store.questions.answer(Number(id), answers, new Date(), { giveConsent: true })).toEqual({ ok: true, saved: answers.length })
  return Number(id)
}

/** The health answer `answeredWith` seals. */
export const sealedAnswer = 'Sharp pain below the left kneecap'

/** A database in which one confirmed person answered a sensitive question, sealed with `key`: for the checks at start
 * that the key set opens the answers stored (answers-key-check.ts). */
export async function answeredWith(key: Buffer, url: string) {
  const store = await openStore(url, { config: { sensitiveAnswersKey: key } })
  try {
    const pain = await store.questions.define({ kind: 'short', sensitive: true, wording: 'Any pain when you run? Where?', choices: [] }, 'team@company.example', new Date())
    if (!pain.ok) throw new Error(pain.problem)
    await answeredPerson(store, 'ann@example.com', [{ questionId: pain.id, answer: sealedAnswer }], 'Ann')
  } finally {
    await store.close()
  }
}
