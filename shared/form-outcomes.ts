// A browser's own form post (no script ran) is answered with 303 See Other to a page of the site that shows
// the outcome. Each reply the endpoint can give has a page, named by a short code (outcome-codes.ts); the
// page shows the very
// sentence the script path would show (SPEC §8). Only these codes ever reach a URL: never the visitor's input.
import type { ConsentFlow } from './consent-paths'
import { outcomeCodes, type FormOutcome } from './outcome-codes'
import { messages } from './messages'

export { outcomePath, type FormOutcome } from './outcome-codes'

type MessageKey = keyof typeof messages

const successes: readonly MessageKey[] = ['success', 'confirmed', 'unsubscribed', 'eraseRequested', 'erased']
const flows: Partial<Record<MessageKey, ConsentFlow>> = {
  confirmed: 'confirm',
  confirmLinkInvalid: 'confirm',
  unsubscribed: 'unsubscribe',
  unsubscribeLinkInvalid: 'unsubscribe',
  eraseRequested: 'erase',
  erased: 'erase',
  eraseLinkInvalid: 'erase',
}

/** Every outcome page: its code, the sentence it shows, whether it is good news, and the flow it ends. */
export const formOutcomes: readonly { code: FormOutcome; message: string; ok: boolean; flow: ConsentFlow }[] = Object.entries(outcomeCodes).map(
  ([key, code]) => ({
    code,
    message: messages[key as MessageKey],
    ok: successes.includes(key as MessageKey),
    flow: flows[key as MessageKey] ?? 'signup',
  }),
)

/** The outcome page of a reply; a sentence without a page of its own shows the generic server error. */
export function outcomeOf(message: string): FormOutcome {
  return formOutcomes.find((outcome) => outcome.message === message)?.code ?? 'server-error'
}

