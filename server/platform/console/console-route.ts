// Every console route is mounted through `on`, from its line of the route table (shared/console-routes.ts): the
// table's method and path, and in front of the handler the check of the table's permission, so that no route
// can be mounted without the permission the console's client and the tests read beside it. A missing permission is
// 403 in words naming it; no session at all is requireSession's 401 (guard.ts), checked here once more so
// that a route mounted ahead of that guard is refused all the same. listmonk's route table is the model:
// every route, its handler and its permission in one line (docs/architecture.md, "The team's console").
import type { Context, Handler, Hono, MiddlewareHandler } from 'hono'
import type { ConsoleRoute } from '../../../shared/console-routes'
import { can } from '../../../shared/team'
import type { AdminEnv } from './guard'
import { consoleMessages } from './console-messages'

// The checks `on` put in front of handlers, for the test that every mounted console route has one.
const routeChecks = new WeakSet<object>()
export const isRouteCheck = (handler: unknown) => typeof handler === 'function' && routeChecks.has(handler)

function checkOf(route: ConsoleRoute): MiddlewareHandler<AdminEnv> {
  const { permission } = route
  const check: MiddlewareHandler<AdminEnv> = async (c, next) => {
    if (permission === 'open') return next()
    const role = c.get('role')
    if (!role) return c.json({ ok: false, message: consoleMessages.unauthorized }, 401)
    if (permission !== null && !can(role, permission)) return c.json({ ok: false, message: consoleMessages.forbidden(role, permission) }, 403)
    return next()
  }
  routeChecks.add(check)
  return check
}

/** Mounts `handler` at the route's method and path on `api`, behind the route's permission. */
export function on(api: Hono<AdminEnv>, route: ConsoleRoute, handler: Handler<AdminEnv>): void {
  api.on(route.method, route.path, checkOf(route), handler)
}

/** Whether the signed-in member may see people's addresses (`people:read`). */
export const seesPeople = (c: Context<AdminEnv>) => can(c.get('role'), 'people:read')

/** What stands in a reply for a team member's address that the signed-in member may not see. */
export const hiddenMember = 'a team member'

/** A team member's address as the signed-in member may see it: their own always, anyone's with `people:read`, else
 * only `hiddenMember` (a Viewer's replies carry no address at all: issue 46). */
export function memberShown(c: Context<AdminEnv>): (email: string) => string {
  const own = c.get('adminEmail')
  const sees = seesPeople(c)
  return (email) => (sees || email === own ? email : hiddenMember)
}
