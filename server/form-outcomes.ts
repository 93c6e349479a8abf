// A browser's own form post (no script ran) is answered with 303 See Other to a page of the site that shows
// the outcome. Each reply the endpoint can give has a page, named by a short code; the page shows the very
// sentence the script path would show (SPEC §8). Only these codes ever reach a URL: never the visitor's input.
import { messages } from './messages'

type MessageKey = keyof typeof messages

const codes = {
  success: 'joined',
  invalidEmail: 'invalid-email',
  emailTooLong: 'email-too-long',
  emailLocalPartTooLong: 'email-name-too-long',
  nameTooLong: 'name-too-long',
  nameHasControlCharacters: 'name-characters',
  unreadable: 'unreadable',
  outdatedForm: 'outdated-form',
  tooLarge: 'too-large',
  unsupportedType: 'unsupported-type',
  tooManyRequests: 'too-many-requests',
  originNotAllowed: 'origin-not-allowed',
  serverError: 'server-error',
  databaseUnavailable: 'unavailable',
} as const satisfies Partial<Record<MessageKey, string>>

export type FormOutcome = (typeof codes)[keyof typeof codes]

/** Every outcome page: its code and the sentence it shows. */
export const formOutcomes: readonly { code: FormOutcome; message: string; ok: boolean }[] = Object.entries(codes).map(([key, code]) => ({
  code,
  message: messages[key as MessageKey],
  ok: key === 'success',
}))

/** The outcome page of a reply; a sentence without a page of its own shows the generic server error. */
export function outcomeOf(message: string): FormOutcome {
  return formOutcomes.find((outcome) => outcome.message === message)?.code ?? 'server-error'
}

/** Where the outcome pages live on the site. */
export const outcomePath = (code: FormOutcome) => `/waitlist/${code}`
