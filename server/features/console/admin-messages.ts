// Every reply the console's API gives in words, in one place.
import { messages } from '../../../shared/messages'
import { inWords, linkLifetimesMs } from '../../../shared/rules'
import { roles, type Permission, type Role } from '../../../shared/team'

/** What each permission lets a member do, as a refusal names it ("does not allow sending updates"). */
export const permissionWords: Record<Permission, string> = {
  'figures:read': 'reading the figures',
  'people:read': 'seeing the people on the list',
  'people:export': 'exporting people',
  'people:erase': 'erasing people',
  'referrals:review': 'reviewing referrals',
  'updates:write': 'writing updates',
  'updates:send': 'sending updates',
  'waves:send': 'sending invitations',
  'api-keys:manage': 'managing API keys',
  'webhooks:manage': 'managing webhooks',
  'team:manage': 'managing the team',
  'audit:read': 'reading the audit log',
}

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
  forbidden: (role: Role, permission: Permission) => `Your role, ${role}, does not allow ${permissionWords[permission]}. An owner can change your role.`,
} as const

export const teamMessages = {
  badRole: `Choose a role: ${roles.join(', ')}.`,
  notMember: 'There is no such member (someone may have removed them already).',
  memberAlready: 'That address is on the team already: change its role instead.',
  fromSettings: 'That owner is on ADMIN_EMAILS, so the console cannot remove them or change their role. Edit ADMIN_EMAILS and restart the server to do it.',
  lastOwner: 'The team needs an owner: make another member an owner first.',
} as const
