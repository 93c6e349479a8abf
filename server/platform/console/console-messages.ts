// The console's refusals that every wing's console routes share, in words: no session, another origin, a request
// that cannot be read or is too large, and a role without the route's permission (console-route.ts). The console's
// own words (signing in, the team) are its wing's (features/console/admin-messages.ts).
import type { Permission, Role } from '../../../shared/team'

/** What each permission lets a member do, as a refusal names it ("does not allow sending updates"). */
export const permissionWords: Record<Permission, string> = {
  'figures:read': 'reading the figures',
  'people:read': 'seeing the people on the list',
  'people:export': 'exporting people',
  'people:erase': 'erasing people',
  'suppressions:manage': 'lifting or adding suppressed addresses',
  'referrals:review': 'reviewing referrals',
  'updates:write': 'writing updates',
  'updates:send': 'sending updates',
  'waves:send': 'sending invitations',
  'questions:manage': 'managing the questions',
  'answers:sensitive:read': 'reading health answers',
  'api-keys:manage': 'managing API keys',
  'webhooks:manage': 'managing webhooks',
  'team:manage': 'managing the team',
  'audit:read': 'reading the audit log',
  'settings:manage': 'changing settings',
}

export const consoleMessages = {
  unauthorized: 'Please sign in.',
  crossOrigin: 'This request did not come from the console.',
  /** A person the route names is not there (erased already, or never was). */
  notFound: 'No such signup (it may have been erased already).',
  badRequest: 'That request could not be read.',
  tooLarge: 'That request is too large.',
  forbidden: (role: Role, permission: Permission) => `Your role, ${role}, does not allow ${permissionWords[permission]}. An owner can change your role.`,
} as const
