// The console's areas (issue 47), as data: each one's address under /admin/, its name in the navigation and the
// document's title, and the permissions that open it (any one of them: Integrations holds webhooks and API keys).
// The route tree (console-router.tsx) makes a route of each; the navigation lists those the member's role opens.
// Each area's first view, too: the calls its machines send together when it opens (to an owner, who may make them
// all), which `npm run bench:console` times and test/src/admin/first-view.test.tsx holds to what the area sends.
// This module pulls in no React: the benchmark imports it.
import { defaultAnalyticsRange, lastDays, overviewDays } from '../../shared/analytics'
import { signupPageSize } from '../../shared/console-api'
import { consoleRoutes, type ConsoleRouteName } from '../../shared/console-routes'
import { can, roles, type Permission, type Role } from '../../shared/team'

/** One call of a first view: a route of shared/console-routes.ts, and the query the area sends first (a function of
 * the clock when it is dates). */
export type FirstCall = { route: ConsoleRouteName; query?: Record<string, string | number> | ((now: Date) => Record<string, string>) }

export type Area = { path: AreaPath; name: string; opensWith: readonly Permission[]; firstView: readonly FirstCall[] }
export type AreaPath = '/' | '/people' | '/sources' | '/referrals' | '/invitations' | '/questions' | '/updates' | '/integrations' | '/team' | '/audit'

export const areas = [
  {
    path: '/',
    name: 'Overview',
    opensWith: ['figures:read'],
    firstView: [{ route: 'summary' }, { route: 'setup' }, { route: 'analytics', query: (now) => lastDays(overviewDays, now) }, { route: 'waves' }, { route: 'sendRates' }],
  },
  {
    path: '/people',
    name: 'People',
    opensWith: ['people:read'],
    firstView: [{ route: 'signups', query: { search: '', sort: 'createdAt', direction: 'desc', page: 1, pageSize: signupPageSize } }],
  },
  { path: '/sources', name: 'Sources', opensWith: ['figures:read'], firstView: [{ route: 'analytics', query: (now) => lastDays(defaultAnalyticsRange, now) }] },
  { path: '/referrals', name: 'Referrals', opensWith: ['people:read'], firstView: [{ route: 'referrals' }] },
  { path: '/invitations', name: 'Invitations', opensWith: ['figures:read'], firstView: [{ route: 'waves' }] },
  { path: '/questions', name: 'Questions', opensWith: ['questions:manage'], firstView: [{ route: 'questions' }] },
  { path: '/updates', name: 'Updates', opensWith: ['updates:write'], firstView: [{ route: 'updates' }] },
  { path: '/integrations', name: 'Integrations', opensWith: ['webhooks:manage', 'api-keys:manage'], firstView: [{ route: 'webhooks' }, { route: 'apiKeys' }] },
  { path: '/team', name: 'Team', opensWith: ['team:manage'], firstView: [{ route: 'team' }] },
  { path: '/audit', name: 'Audit', opensWith: ['audit:read'], firstView: [{ route: 'audit' }] },
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

/** A first call's address under /api/admin, its query as URLSearchParams writes it: `/analytics?from=…&to=…`. */
export function firstCallPath({ route, query }: FirstCall, now: Date): string {
  const path = consoleRoutes[route].path
  const values = typeof query === 'function' ? query(now) : (query ?? {})
  const text = new URLSearchParams(Object.entries(values).map(([name, value]) => [name, String(value)])).toString()
  return text ? `${path}?${text}` : path
}
