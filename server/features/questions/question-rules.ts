// The checks of a question the team writes and of an answer a person posts (issue 52), as pure functions: the store
// runs them before it writes anything, so a bad input stores nothing.
import { questionRules, type AnswerRefusal, type AnswerValue, type AskedQuestion, type QuestionKind } from '../../../shared/questions'

/** What the console posts for a question's wording: the words, and the choices (none for a short answer). */
export type QuestionDraft = { wording: string; choices: string[] }

/** What is wrong with a question, in a sentence for the team, or undefined. */
export function checkQuestion(kind: QuestionKind, draft: QuestionDraft): string | undefined {
  const wording = draft.wording.trim()
  if (wording.length === 0) return 'Write the question.'
  if (wording.length > questionRules.wordingMaxLength) return `A question is at most ${questionRules.wordingMaxLength} characters.`
  const choices = draft.choices.map((choice) => choice.trim())
  if (kind === 'short') return choices.length === 0 ? undefined : 'A short-answer question offers no choices.'
  if (choices.length < 2 || choices.length > questionRules.choicesMax) return `A choice question offers from 2 to ${questionRules.choicesMax} choices.`
  if (choices.some((choice) => choice.length === 0 || choice.length > questionRules.choiceMaxLength)) return `Each choice is from 1 to ${questionRules.choiceMaxLength} characters.`
  if (new Set(choices).size !== choices.length) return 'Each choice is offered once.'
  return undefined
}

/** A posted answer to `question`: the value to keep (undefined: none, the person left it empty), or why not. */
export function checkAnswer(question: AskedQuestion, state: 'asked' | 'retired', posted: unknown): { ok: true; value: AnswerValue | undefined } | { ok: false; refusal: AnswerRefusal } {
  if (state === 'retired') return { ok: false, refusal: 'retired' }
  if (question.kind === 'short') {
    if (typeof posted !== 'string') return { ok: false, refusal: 'bad-answer' }
    const text = posted.trim()
    if (text.length > questionRules.answerMaxLength) return { ok: false, refusal: 'too-long' }
    return { ok: true, value: text === '' ? undefined : text }
  }
  if (question.kind === 'single') {
    if (typeof posted !== 'string') return { ok: false, refusal: 'bad-answer' }
    if (posted === '') return { ok: true, value: undefined }
    return question.choices.includes(posted) ? { ok: true, value: posted } : { ok: false, refusal: 'not-offered' }
  }
  if (!Array.isArray(posted) || posted.some((choice) => typeof choice !== 'string')) return { ok: false, refusal: 'bad-answer' }
  const chosen = posted as string[]
  if (chosen.some((choice) => !question.choices.includes(choice)) || new Set(chosen).size !== chosen.length) return { ok: false, refusal: 'not-offered' }
  // Kept in the order the question offers them, whatever order they came in.
  return { ok: true, value: chosen.length === 0 ? undefined : question.choices.filter((choice) => chosen.includes(choice)) }
}
