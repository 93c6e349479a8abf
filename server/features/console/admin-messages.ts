// Every reply the console's own routes give in words (signing in, the team), with the refusals every wing's
// console routes share.
import { messages } from '../../../shared/messages'
import { inWords, linkLifetimesMs } from '../../../shared/rules'
import { roles } from '../../../shared/team'
import { consoleMessages } from '../../platform/console/console-messages'

/** The console's own words, beside the refusals every wing's routes share (platform/console/console-messages.ts). */
export const adminMessages = {
  ...consoleMessages,
  signInRequested: `If that address may sign in, a sign-in link is on its way. It works once, for ${inWords(linkLifetimesMs.signIn)}.`,
  invalidEmail: messages.invalidEmail,
  linkRefused: 'This sign-in link has expired or was already used. Ask for a new one.',
  tooManyRequests: 'Too many sign-in attempts. Please wait a few minutes and try again.',
} as const

export const teamMessages = {
  badRole: `Choose a role: ${roles.join(', ')}.`,
  notMember: 'There is no such member (someone may have removed them already).',
  memberAlready: 'That address is on the team already: change its role instead.',
  fromSettings: 'That owner is on ADMIN_EMAILS, so the console cannot remove them or change their role. Edit ADMIN_EMAILS and restart the server to do it.',
  lastOwner: 'The team needs an owner: make another member an owner first.',
} as const
