// The outcome pages' names alone, without their sentences: what the site's router and head need up front
// (the sentences travel with the outcome page's own chunk, see form-outcomes.ts).
export const outcomeCodes = {
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
  disposableEmail: 'disposable-email',
  confirmed: 'confirmed',
  confirmedQuestions: 'confirmed-questions',
  confirmLinkInvalid: 'confirm-link-invalid',
  unsubscribed: 'unsubscribed',
  unsubscribeLinkInvalid: 'unsubscribe-link-invalid',
  unsubscribedEarlyAccess: 'unsubscribed-early-access',
  unsubscribedNews: 'unsubscribed-news',
  newsOn: 'news-on',
  newsOff: 'news-off',
  newsLinkInvalid: 'news-link-invalid',
  eraseRequested: 'erase-requested',
  erased: 'erased',
  eraseLinkInvalid: 'erase-link-invalid',
  copyRequested: 'copy-requested',
  tooManyConsentRequests: 'too-many-consent-requests',
} as const

export type FormOutcome = (typeof outcomeCodes)[keyof typeof outcomeCodes]

export const isFormOutcome = (code: string): code is FormOutcome => (Object.values(outcomeCodes) as string[]).includes(code)

/** Where the outcome pages live on the site. */
export const outcomePath = (code: FormOutcome) => `/waitlist/${code}`

/** A confirmation's outcome page while a question is asked (issue 52): its address carries the questions page's
 * token too (&questions=…), and its form to open that page posts back to it. */
export const questionsFormOutcome = outcomeCodes.confirmedQuestions

/** The outcome pages that ask for news and updates (or offer to take them back) with a form of their own: their
 * address carries the token that form acts with (?token=…), which the endpoint hands over with the redirect. */
export const newsFormOutcomes = [outcomeCodes.confirmed, outcomeCodes.confirmedQuestions, outcomeCodes.newsOn, outcomeCodes.newsOff] as const satisfies readonly FormOutcome[]
