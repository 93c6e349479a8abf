// The console's areas (issue 47), as data: each one's address under /admin/, its name in the navigation and the
// document's title, and the permissions that open it (any one of them: Integrations holds webhooks and API keys).
// The route tree (console-router.tsx) makes a route of each; the navigation lists those the member's role opens.
import { can, roles, type Permission, type Role } from '../../shared/team'

export type Area = { path: AreaPath; name: string; opensWith: readonly Permission[] }
export type AreaPath = '/' | '/people' | '/sources' | '/referrals' | '/invitations' | '/updates' | '/integrations' | '/team' | '/audit'

export const areas = [
  { path: '/', name: 'Overview', opensWith: ['figures:read'] },
  { path: '/people', name: 'People', opensWith: ['people:read'] },
  { path: '/sources', name: 'Sources', opensWith: ['figures:read'] },
  { path: '/referrals', name: 'Referrals', opensWith: ['people:read'] },
  { path: '/invitations', name: 'Invitations', opensWith: ['figures:read'] },
  { path: '/updates', name: 'Updates', opensWith: ['updates:write'] },
  { path: '/integrations', name: 'Integrations', opensWith: ['webhooks:manage', 'api-keys:manage'] },
  { path: '/team', name: 'Team', opensWith: ['team:manage'] },
  { path: '/audit', name: 'Audit', opensWith: ['audit:read'] },
] as const satisfies readonly Area[]

export const areaAt = (path: AreaPath): Area => areas.find((area) => area.path === path)!

/** Whether a member with these permissions may use the area. */
export const opens = (area: Area, permissions: readonly Permission[]) => area.opensWith.some((permission) => permissions.includes(permission))

/** The roles that open the area, in the team's order (owner first). */
export const rolesOpening = (area: Area): Role[] => roles.filter((role) => area.opensWith.some((permission) => can(role, permission)))

/** Why an area is closed to this role, and who can open it, in one or two sentences. */
export function closedWords(area: Area, role: Role | null): string {
  const opening = rolesOpening(area)
  const who = opening.length === 1 ? `Only the ${opening[0]} role can use it` : `The roles that can use it are ${opening.slice(0, -1).join(', ')} and ${opening.at(-1)}`
  return `Your role${role ? `, ${role},` : ''} cannot use ${area.name}. ${who}; ask an owner of the team if you need it.`
}

/** The document's title in an area: its name, then the console's. */
export const titleOf = (name: string) => `${name} · Waitlist console`
