// Every sentence the endpoint can say to a visitor, in one place. The client shows these as they are,
// so they are short, human and never mention internals.
import { brand } from './brand'
import { invalidEmailMessage, successMessage } from './form-sentences'
import { inWords, linkLifetimesMs } from './rules'

/** The form's own two sentences (form-sentences.ts), which the list below says too. */
export { invalidEmailMessage, successMessage } from './form-sentences'

const confirmed = "Thanks, your email is confirmed. We'll write to you when early access opens."

export const messages = {
  success: successMessage(brand.contactEmail),
  invalidEmail: invalidEmailMessage,
  emailTooLong: 'Please use a shorter email address (254 characters at most).',
  emailLocalPartTooLong: 'Please use a shorter email address (64 characters at most before the @).',
  nameTooLong: 'Please use a shorter name (100 characters at most).',
  nameHasControlCharacters: 'Please remove line breaks and special characters from your name.',
  unreadable: "We couldn't read that signup. Please reload the page and try again.",
  outdatedForm: 'This signup form is out of date. Please reload the page and try again.',
  // Non-2xx answers: text/plain bodies the client shows as they are.
  tooLarge: 'That signup is too large. Please shorten it and try again.',
  unsupportedType: 'Please send the signup as JSON text.',
  tooManyRequests: 'Too many signups from your network. Please wait a minute and try again.',
  originNotAllowed: 'This site is not allowed to join the waitlist.',
  methodNotAllowed: 'Please send the signup with POST.',
  notFound: 'Not found.',
  serverError: 'Something went wrong on our side. Please try again in a moment.',
  databaseUnavailable: "We can't save signups right now. Please try again in a minute.",
  disposableEmail: "Please use a permanent email address. We can't accept disposable ones.",
  // Consent (confirm, unsubscribe, erase): the replies to the links in our emails and to an erasure request.
  confirmed,
  /** The same, while a question is asked (issue 52): its page offers the questions too. */
  confirmedQuestions: confirmed,
  confirmLinkInvalid: "This confirmation link has expired or was already used. If you haven't confirmed yet, join the waitlist again for a new link.",
  unsubscribed: "You're unsubscribed. We won't email you again unless you join the waitlist anew.",
  unsubscribeLinkInvalid: `This unsubscribe link has expired or was already used. If you already unsubscribed, we won't email you again; otherwise write to ${brand.contactEmail}.`,
  // Purposes of email (shared/email-purposes.ts): `unsubscribed` above is said when no email is left to come.
  unsubscribedEarlyAccess: "You're unsubscribed from emails about early access. The news and updates you asked for still come, each with its own unsubscribe link.",
  unsubscribedNews: "You're unsubscribed from news and updates. This doesn't change our emails about early access.",
  newsOn: "Thanks: we'll send you news and updates too. You can stop them here at any time, or with the unsubscribe link in any of them.",
  newsOff: "Done: we won't send you news and updates.",
  newsLinkInvalid: 'This link has expired or was already used. To choose news and updates, open your place in line from the link in your welcome email.',
  eraseRequested: `If that address is on our waitlist, we've emailed it a link to confirm the deletion. The link works for ${inWords(linkLifetimesMs.erase)}.`,
  erased: 'Your signup is deleted. We keep only a one-way fingerprint of your address, so that we never email it again.',
  eraseLinkInvalid: 'This deletion link has expired or was already used. If you still want your data deleted, ask for a new link.',
  // A copy of one's own data (issue 51): every address gets an email, so the reply is the same for all.
  copyRequested: `We've emailed that address. If it is on our waitlist, the email has a link to a copy of your data, which works for ${inWords(linkLifetimesMs.copy)}; if not, it says that we hold nothing about it.`,
  tooManyConsentRequests: 'Too many requests from your network. Please wait a minute and try again.',
} as const
