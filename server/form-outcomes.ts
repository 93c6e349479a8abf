// A browser's own form post (no script ran) is answered with 303 See Other to a page of the site that shows
// the outcome. Each reply the endpoint can give has a page, named by a short code (form-outcome-codes.ts); the
// page shows the very
// sentence the script path would show (SPEC §8). Only these codes ever reach a URL: never the visitor's input.
import { outcomeCodes, type FormOutcome } from './form-outcome-codes'
import { messages } from './messages'

export { outcomePath, type FormOutcome } from './form-outcome-codes'

type MessageKey = keyof typeof messages

/** Every outcome page: its code and the sentence it shows. */
export const formOutcomes: readonly { code: FormOutcome; message: string; ok: boolean }[] = Object.entries(outcomeCodes).map(([key, code]) => ({
  code,
  message: messages[key as MessageKey],
  ok: key === 'success',
}))

/** The outcome page of a reply; a sentence without a page of its own shows the generic server error. */
export function outcomeOf(message: string): FormOutcome {
  return formOutcomes.find((outcome) => outcome.message === message)?.code ?? 'server-error'
}

