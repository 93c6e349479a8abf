// Every sentence the endpoint can say to a visitor, in one place. The client shows these as they are,
// so they are short, human and never mention internals.
import { brand } from '../src/brand'

export const messages = {
  success: `You're on the waitlist! Reach out to us at ${brand.contactEmail} if you want to get in touch.`,
  invalidEmail: 'Please enter a valid email address.',
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
} as const
