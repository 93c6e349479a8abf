// A browser's own form post (no script ran) is answered with 303 See Other to a page of the site that shows
// the outcome. Each reply the endpoint can give has a page, named by a short code (outcome-codes.ts); the
// page shows the very sentence the script path would show (messages.ts; all listed in
// docs/product-rules.md#messages). Only these codes ever reach a URL: never the visitor's input.
import type { ConsentFlow } from './consent-paths'
import { outcomeCodes, type FormOutcome } from './outcome-codes'
import { messages } from './messages'

export { outcomePath, type FormOutcome } from './outcome-codes'

/** What a handler answers: the key of its sentence in messages.ts. Replies are routed by this, never by words. */
export type ReplyKey = keyof typeof messages
type MessageKey = ReplyKey

const successes: readonly MessageKey[] = [
  'success',
  'confirmed',
  'confirmedQuestions',
  'unsubscribed',
  'unsubscribedEarlyAccess',
  'unsubscribedNews',
  'newsOn',
  'newsOff',
  'eraseRequested',
  'erased',
  'copyRequested',
]

/** Whether a reply is good news (`ok` in the JSON reply, a green message on the page). */
export const isGoodNews = (key: ReplyKey) => successes.includes(key)
const flows: Partial<Record<MessageKey, ConsentFlow>> = {
  confirmed: 'confirm',
  confirmedQuestions: 'confirm',
  confirmLinkInvalid: 'confirm',
  unsubscribed: 'unsubscribe',
  unsubscribeLinkInvalid: 'unsubscribe',
  unsubscribedEarlyAccess: 'unsubscribe',
  unsubscribedNews: 'unsubscribe',
  newsOn: 'news',
  newsOff: 'news',
  newsLinkInvalid: 'news',
  eraseRequested: 'erase',
  erased: 'erase',
  eraseLinkInvalid: 'erase',
  copyRequested: 'copy',
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

/** The outcome page of a reply; a reply without a page of its own (not found, wrong method) shows the
 * generic server error. */
export function outcomeOf(key: ReplyKey | undefined): FormOutcome {
  return key !== undefined && key in outcomeCodes ? outcomeCodes[key as keyof typeof outcomeCodes] : 'server-error'
}
