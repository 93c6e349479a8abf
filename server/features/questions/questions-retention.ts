// The rule for how long a sensitive answer stays (shared/questions.ts questionRules.sensitiveAnswersKeptMs, written
// down in docs/product-rules.md and server/personal-data.ts): the clock deletes, in batches, the sealed answers
// given longer ago than that, every hour in every instance, like the platform's retention sweep
// (platform/retention/retention.ts) does for its own tables. Ordinary answers stay until the person is erased.
import { questionRules } from '../../../shared/questions'
import { handBack } from '../../platform/database/in-turns'
import type { Database } from '../../platform/database/database'
import type { QuestionsStore } from './questions-store'

export const answersRetention = { everyMs: 3_600_000, batchSize: 500 } as const

/** One sweep: every sensitive answer past its keep at `now` is deleted; says how many. */
export function sweepSensitiveAnswers(database: Database, store: QuestionsStore, batchSize: number = answersRetention.batchSize) {
  return async (now: Date): Promise<{ removed: number }> => {
    const before = new Date(now.getTime() - questionRules.sensitiveAnswersKeptMs)
    let removed = 0
    for (;;) {
      const started = performance.now()
      const count = await store.removeExpiredSensitive(before, batchSize)
      removed += count
      if (count < batchSize) return { removed }
      await handBack(database, performance.now() - started)
    }
  }
}
