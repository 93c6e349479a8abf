// What the console asks for as its script starts, before React draws anything (issue 47): the session, and, on an
// area whose first view every role may see, that area's chunk and its first view's calls, all at once. Before,
// each waited for the one before it, three round trips in a row: at a million signups the session was asked
// 216 ms after the navigation, the summary 334 ms, and the totals shown at 440 ms (bench:console, 2026-12-06,
// the shared 2-core machine, load 1). An area some role may not open (People, Team, …) still waits for the
// session: no chunk and no call goes out for it before the role is known.
// A call the console then makes takes the answer already on its way, once, while it is fresh. An area's answer
// that was refused (401 or 403: no session yet, and the sign-in screen shows instead) is never taken; the machine
// asks again. Any other answer is the call's own: a server's failure shows as the area's failure, with its Try
// again, rather than being asked for a second time behind the member's back.
import { adminApiBase } from '../../shared/console-api'
import { firstViewDataId } from '../../shared/console-pages'
import { consoleRoutes, type ConsoleRouteName } from '../../shared/console-routes'
import { can, roles } from '../../shared/team'
import { areas, firstCallPath, opens, type Area, type FirstCall } from './area-list'

/** How long an early answer may wait for the call that takes it. */
export const earlyFreshMs = 10_000

type Early = { route: ConsoleRouteName; answer: Promise<Response>; at: number; anyStatus: boolean; /** The answer's status, once it is in. */ status?: number }
/** What was asked, on the window: the early script, a build of its own inline in the page (vite.admin.config.ts),
 * and the main script each have their own copy of this module, and share this. (globalThis, the window in a browser:
 * the Overview's drawing on the server imports this module too, and asks nothing.) */
type Asked = { asked: boolean; early: Map<string, Early> }
const shared = ((globalThis as { strideConsoleEarly?: Asked }).strideConsoleEarly ??= { asked: false, early: new Map() })
const early = shared.early

function ask(call: FirstCall, now: Date, anyStatus: boolean) {
  const href = `${adminApiBase}${firstCallPath(call, now)}`
  const asked: Early = { route: call.route, answer: fetch(href, { credentials: 'same-origin' }), at: performance.now(), anyStatus }
  asked.answer.then(
    (response) => void (asked.status = response.status),
    () => {},
  )
  early.set(href, asked)
}

/** Whether the early answer to the route's call is in, not taken yet, and a success (200): reading it then takes
 * no wait. */
export const answeredEarly = (route: ConsoleRouteName) => [...early.values()].some((asked) => asked.route === route && asked.status === 200)

/** The area at an address under the console's base (`/admin/`, `/admin/sources`), if it names one. */
export function areaAtAddress(pathname: string, basepath: string): Area | undefined {
  if (!pathname.startsWith(basepath)) return undefined
  const path = pathname.slice(basepath.length).replace(/(.)\/$/, '$1') || '/'
  return areas.find((area) => area.path === path)
}

/** Whether every role opens the area and may make each of its first calls. */
export const openToEveryRole = (area: Area) =>
  roles.every((role) => {
    const permissions = area.opensWith.filter((permission) => can(role, permission))
    return opens(area, permissions) && area.firstView.every(({ route }) => {
      const needs = consoleRoutes[route].permission
      return needs === null || (needs !== 'open' && can(role, needs))
    })
  })

/** Whether the server drew the page's first view, and put what it was drawn from in the page (the session and the
 * Overview's figures: first-view-server.tsx). */
export const drawnOnServer = () => document.getElementById(firstViewDataId) !== null

/** Asks for the session, and for the first view of the area at `pathname` when every role may see it; once, however
 * often it is called (the early script, console-early.ts, calls it first, and main.tsx again, which in the
 * development server is the first). What the server drew the page's first view from is in the page already, and
 * not asked again. The area, when its first view was asked for: its chunk may be fetched too. */
export function callEarly(pathname: string, basepath: string, now = new Date()): Area | undefined {
  const area = areaAtAddress(pathname, basepath)
  const open = area && openToEveryRole(area) ? area : undefined
  if (shared.asked) return open
  shared.asked = true
  const drawn = drawnOnServer()
  if (!drawn) ask({ route: 'session' }, now, true)
  for (const call of open?.firstView ?? []) if (!drawn || call.route !== 'summary') ask(call, now, false)
  return open
}

/** The answer asked for early at `href`, once, while fresh; an area's only when it was not refused. */
export async function takeEarly(href: string): Promise<Response | undefined> {
  const asked = early.get(href)
  if (!asked) return undefined
  early.delete(href)
  if (performance.now() - asked.at > earlyFreshMs) return undefined
  const response = await asked.answer.catch(() => undefined)
  const refused = response !== undefined && (response.status === 401 || response.status === 403)
  return response && (asked.anyStatus || !refused) ? response : undefined
}
