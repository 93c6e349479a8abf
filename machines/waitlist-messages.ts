// Every sentence the waitlist form can show (the validation message and the error catalogue of
// docs/product-rules.md), one constant each, so
// the machine, the HTTP client and the tests agree on the exact words. The em dash and the ellipsis are
// single characters on purpose.
import { invalidEmailMessage } from '../shared/form-sentences'
import { looksLikeEmail } from '../shared/rules'

/** The welcome after a signup is the endpoint's own sentence (shared/form-sentences.ts), built for the form's address. */
export { successMessage } from '../shared/form-sentences'

export const INVALID_EMAIL_MESSAGE = invalidEmailMessage
/** Internal result of the client when the site was built without VITE_WAITLIST_ENDPOINT. */
export const ENDPOINT_NOT_CONFIGURED_MESSAGE = 'Waitlist endpoint not configured.'
export const MAILTO_FALLBACK_MESSAGE = "Your email app should open. If it doesn't, please use the email link."
/** The words of MAILTO_FALLBACK_MESSAGE that the view renders as the mailto link. */
export const MAILTO_FALLBACK_LINK_TEXT = 'email link'
export const API_ERROR_MESSAGE = 'An API error occurred.'
export const HTTP_ERROR_MESSAGE = 'Something went wrong.'
export const UNREADABLE_ERROR_MESSAGE = 'Unable to read error response.'
export const NETWORK_ISSUE_MESSAGE = 'Network issue—please check your connection and try again.'
export const NO_MESSAGE_FALLBACK = 'Something went wrong. Please try again in a moment.'
export const SUBMITTING_MESSAGE = 'Submitting…'

/** The browser's check of a typed address (shared/rules.ts). */
export const isValidEmail = looksLikeEmail
