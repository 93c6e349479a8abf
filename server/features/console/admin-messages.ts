// Every reply the console's API gives in words, in one place.
import { messages } from '../../../shared/messages'
import { inWords, linkLifetimesMs } from '../../../shared/rules'

export const adminMessages = {
  signInRequested: `If that address may sign in, a sign-in link is on its way. It works once, for ${inWords(linkLifetimesMs.signIn)}.`,
  invalidEmail: messages.invalidEmail,
  linkRefused: 'This sign-in link has expired or was already used. Ask for a new one.',
  unauthorized: 'Please sign in.',
  crossOrigin: 'This request did not come from the console.',
  tooManyRequests: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  notFound: 'No such signup (it may have been erased already).',
  badRequest: 'That request could not be read.',
  tooLarge: 'That request is too large.',
} as const
