// Questions asked after confirmation (issue 52), to pick the first testers by who they are, not only by place. Each
// question is one kind (one choice, several choices, a short answer) and ordinary or sensitive: a sensitive question
// asks about health, which GDPR Art. 9 lets us keep only with explicit consent for a stated purpose. Sensitive
// answers are kept encrypted (server/features/questions/answer-cipher.ts) and shown only as counts, or to a member
// with a permission of their own (shared/team.ts). A question's wording is versioned as the consent wording is, and
// an answer keeps the version it answered.
//
// The limits and the consent's words are written once, here, because the site, the endpoint's pages and the console
// all show or check them.

export const questionKinds = ['single', 'several', 'short'] as const
export type QuestionKind = (typeof questionKinds)[number]
export const isQuestionKind = (value: unknown): value is QuestionKind => questionKinds.some((kind) => kind === value)

const day = 86_400_000

export const questionRules = {
  /** The longest short answer, in characters. */
  answerMaxLength: 200,
  /** The longest wording of a question, and of one choice. */
  wordingMaxLength: 300,
  choiceMaxLength: 80,
  /** A choice question offers from 2 to this many choices. */
  choicesMax: 12,
  /** How many questions may be asked at once (MakeEmWait's 10). */
  askedMax: 10,
  /** A sensitive answer is deleted this long after it was given: it is asked to pick the first testers, and a year
   * covers the waves of a launch. The retention clock runs it (server/features/questions/questions-retention.ts). */
  sensitiveAnswersKeptMs: 365 * day,
  /** The questions page's link (made for each opening of the "your place" page, or a confirmation) works this long,
   * and is not used up by an answer: the same page may save, then take the consent back. */
  linkLifetimeMs: day,
} as const

/** The questions page, served by the endpoint (server/features/questions/questions-page.tsx), ?token=…; its form
 * posts back to it, and its consent's withdrawal to `questionsWithdrawPath`. */
export const questionsPagePath = '/waitlist/questions'
export const questionsWithdrawPath = '/waitlist/questions/withdraw'
/** The same for a script: `{"token","consent":"yes"|"no"?,"answers":[{"questionId","answer"}]}`. */
export const questionsApiPath = '/api/waitlist/questions'

/** What a person is asked, word for word, before any sensitive question: never pre-ticked, and "no" keeps them in
 * line. Change the words, change the version (a new date), as for the signup's consent. */
export const sensitiveConsentWording =
  'Some questions ask about your health. May we keep your answers to them, encrypted, only to choose who tries the app first? You can take this back on your place page at any time, and we delete those answers at once.'

/** Kept in the consent record with the person's yes (sensitive_consents.version). */
export const sensitiveConsentVersion = '2026-12-06'

/** An answer as it is posted and kept: one choice, several choices, or a short text. */
export type AnswerValue = string | string[]

/** A question as it is asked: its current wording and choices (none for a short answer). */
export type AskedQuestion = { id: number; version: number; kind: QuestionKind; sensitive: boolean; wording: string; choices: string[] }

/** One answer as a person's record holds it: what was asked, in the version they answered, and what they said.
 * `answer` is null for a sensitive answer this server's key cannot open (the key changed). */
export type PersonAnswer = { questionId: number; version: number; wording: string; kind: QuestionKind; sensitive: boolean; answer: AnswerValue | null; answeredAt: string }

/** The questions' part of a person's record: the consent to sensitive questions (null: never asked for it) and
 * their answers. */
export type PersonAnswers = {
  sensitiveConsent: { version: string; givenAt: string | null; withdrawnAt: string | null } | null
  given: PersonAnswer[]
}

/** Why an answer was refused, each said in words to the person (questionWords). */
export const answerRefusals = ['unknown-question', 'retired', 'too-long', 'not-offered', 'bad-answer', 'needs-consent', 'duplicate'] as const
export type AnswerRefusal = (typeof answerRefusals)[number]

/** The link's token is unknown, ended, or its person is not confirmed: refused as the news choice is. */
export const questionsLinkInvalidWords = 'This link has expired. To answer our questions, open your place in line from the link in your welcome email.'

export const answerRefusalWords: Record<AnswerRefusal, string> = {
  'unknown-question': 'One of the answers is to a question we do not ask. Nothing was saved.',
  retired: 'One of the questions is no longer asked. Nothing was saved; please reload the page.',
  'too-long': `An answer is longer than ${questionRules.answerMaxLength} characters. Nothing was saved.`,
  'not-offered': 'An answer is not one of the choices offered. Nothing was saved.',
  'bad-answer': 'An answer is not in a form we can read. Nothing was saved.',
  'needs-consent': 'Answers to the health questions need your yes first. Nothing was saved.',
  duplicate: 'A question is answered twice. Nothing was saved.',
}

/** A question as the console lists it: its wording now, whether asked or retired, how many answered it and, for a
 * choice, how many chose each (counts only; from 1 to 4 shown as "fewer than 5" to a member without people:read). */
export type QuestionRow = AskedQuestion & { state: 'asked' | 'retired'; answered: number | 'fewer than 5'; chosen: Record<string, number | 'fewer than 5'> }
/** GET /questions. */
export type QuestionsReply = { questions: QuestionRow[] }
/** POST /questions: a new question; POST /questions/:id: its new wording (a new version). */
export type QuestionInput = { kind: QuestionKind; sensitive: boolean; wording: string; choices: string[] }
export type QuestionEdit = { wording: string; choices: string[] }

/** A cohort's rule (issue 52): people whose answer to `questionId` is one of `choices` (for several choices: who
 * chose any of them). A wave's or an update's audience of "the next N in line whose answers match" holds every rule. */
export type AnswerMatch = { questionId: number; choices: string[] }
/** The most people a cohort's rules may match at once, for the line to filter by (a statement's parameters). */
export const cohortMatchMax = 30_000
/** The most rules one cohort holds. */
export const cohortRulesMax = 10

/** A cohort's rules as a request carries them (a list, or its JSON in a query), well formed: 1 to 10 rules, each a
 * question's id and its choices as strings. Undefined otherwise. Whether the question is asked and offers those
 * choices is the questions' store's to say (matching). */
export function answerMatchOf(raw: unknown): AnswerMatch[] | undefined {
  let rules = raw
  if (typeof raw === 'string') {
    try {
      rules = JSON.parse(raw)
    } catch {
      return undefined
    }
  }
  const wellFormed =
    Array.isArray(rules) &&
    rules.length > 0 &&
    rules.length <= cohortRulesMax &&
    rules.every((rule: { questionId?: unknown; choices?: unknown }) => Number.isSafeInteger(rule?.questionId) && Array.isArray(rule.choices) && rule.choices.every((choice) => typeof choice === 'string'))
  return wellFormed ? (rules as AnswerMatch[]).map(({ questionId, choices }) => ({ questionId, choices: [...choices] })) : undefined
}
