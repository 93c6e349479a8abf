// The questions' tables, merged into the platform's `Tables` (platform/database/schema.ts says how).
import type { Generated } from 'kysely'
import type { QuestionKind } from '../../../shared/questions'

export type Sensitivity = 'ordinary' | 'sensitive'
export type QuestionState = 'asked' | 'retired'

declare module '../../platform/database/schema' {
  interface Tables {
    /** A question the team asks after confirmation; `version` is its wording's current one. */
    questions: {
      id: Generated<number>
      kind: QuestionKind
      sensitivity: Sensitivity
      state: QuestionState
      version: number
      created_by: string
      created_at: string
      retired_by: string | null
      retired_at: string | null
    }
    /** Each wording a question had: `choices` is a JSON array of strings (empty for a short answer). */
    question_versions: { question_id: number; version: number; wording: string; choices: string; written_by: string; written_at: string }
    /** One person's answer to one question, in the version they answered: `answer` (JSON) for an ordinary question,
     * `answer_sealed` (answer-cipher.ts) for a sensitive one, never both. */
    answers: { id: Generated<number>; signup_id: number; question_id: number; version: number; answer: string | null; answer_sealed: string | null; answered_at: string }
    /** The consent to sensitive questions: the wording's version, when given, when taken back (then the sensitive
     * answers are gone). Apart from the email purposes, which are the signup's. */
    sensitive_consents: { signup_id: number; version: string; given_at: string | null; withdrawn_at: string | null }
  }
}
