// The questions' wing (platform/wing/wing.ts, issue 52): questions the team asks after confirmation, the answers
// (sensitive ones sealed with SENSITIVE_ANSWERS_KEY), the consent to sensitive questions, and the clock that
// deletes sensitive answers past their keep. It offers its store to the wings after it (cohorts by answers) and
// follows consent's erasure.
import { every } from '../../platform/clock/every'
import type { Wing } from '../../platform/wing/wing'
import { answerCipher } from './answer-cipher'
import { answersKey, answersKeyPath } from './answers-key'
import { answersKeyCheck } from './answers-key-check'
import { questionsMigrations } from './migrations'
import { questionsConsoleRoutes } from './questions-console'
import { questionsFollowConsent } from './questions-follow-consent'
import { answersRetention, sweepSensitiveAnswers } from './questions-retention'
import { defaultQuestionsRateLimit, questionsRoutes } from './questions-routes'
import { questionsStore, type QuestionsStore } from './questions-store'

declare module '../../platform/wing/wing' {
  interface Ports {
    questions: QuestionsStore
  }
  interface WingLimits {
    questions: Limit
  }
}

export const questionsWing: Wing = {
  migrations: questionsMigrations,
  build({ database, config, admin, now, log, limits }) {
    const cipher = answerCipher(answersKey(config.sensitiveAnswersKey, config.databaseUrl))
    const store = questionsStore(database, cipher)
    const sweep = sweepSensitiveAnswers(database, store)
    return {
      offers: { questions: store },
      follows: { consent: questionsFollowConsent(store) },
      routes: ({ clientKey, originCheck, rateLimiter }) => {
        const limiter = rateLimiter(limits.questions ?? defaultQuestionsRateLimit)
        const { api, pages } = questionsRoutes({ store, reads: database.reads, limiter, clientKey, originCheck, siteUrl: admin.publicUrl, now })
        return { api: [{ at: '/', app: api }], pages: [{ at: '/', app: pages }] }
      },
      consoleRoutes: [({ audit, now: at }) => questionsConsoleRoutes({ store, audit, now: at })],
      personRecord: async (db, personId) => {
        const signup = await db.selectFrom('signups').select('id').where('id', '=', personId).executeTakeFirst()
        return signup ? { answers: await store.personAnswers(db, personId) } : {}
      },
      checkAtStart: answersKeyCheck(database, cipher, config.sensitiveAnswersKey ? { setting: true } : { setting: false, path: answersKeyPath(config.databaseUrl) }),
      clocks: [
        {
          name: 'answers-retention',
          everyMs: answersRetention.everyMs,
          start: ({ everyMs }) =>
            every({
              name: 'answers-retention',
              everyMs,
              run: sweep,
              done: ({ removed }) => removed > 0 && log.info({ removed }, `questions: removed ${removed} sensitive answers past their keep`),
              failure: 'questions: cannot remove sensitive answers past their keep now; will try again',
              now,
              log,
            }),
        },
      ],
    }
  },
}
