// An erasure reaches the answers in its own transaction (features/consent/consent-events.ts): every answer and the
// consent to sensitive questions go with the person.
import type { ConsentSubscriber } from '../consent/public'
import type { QuestionsStore } from './questions-store'

export const questionsFollowConsent = (store: QuestionsStore): ConsentSubscriber => ({
  erased: { handle: (trx, { signupId }) => store.erase(trx, signupId) },
})
