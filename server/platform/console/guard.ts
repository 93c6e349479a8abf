// The console's two gates, each in one place and applied to every /api/admin route by the console's API
// (features/console/admin-api.ts), every wing's console routes among them:
// - sameOriginOnly: a state-changing request must carry an Origin naming this very host. ALLOWED_ORIGINS
//   (which lets other sites post signups) does not apply here, and a missing Origin is refused too:
//   every browser sends Origin on a POST, so only a non-browser omits it, and it has no business here.
// - requireSession: the session cookie must name a live session of an address still on the team, whose role is
//   read from the database on every request (the console's team store), so a removal or a change of role made through any
//   instance holds at the next request; anything else is 401 with no data. What the role allows is checked per
//   route, from the route table (console-route.ts).
import type { Context, MiddlewareHandler } from 'hono'
import { isOriginAllowed } from '../http/origin'
import { hashSecret, isWellFormedSecret } from '../secrets/tokens'
import type { Role } from '../../../shared/team'
import { consoleMessages } from './console-messages'
import { readSessionCookie } from './session-cookie'

/** Where the guard finds a live session by its hash, and the role of the member it names (the console's stores). */
export type Sessions = { findSession(hash: string, now: Date): Promise<{ email: string } | undefined> }
export type Members = { roleOf(email: string): Promise<Role | undefined> }

export type AdminEnv = { Variables: { adminEmail: string; sessionHash: string; role: Role } }

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])
const noOtherOrigins = { any: false, origins: new Set<string>() }

export function sameOriginOnly(requestHosts: (c: Context) => string[]): MiddlewareHandler {
  return async (c, next) => {
    if (safeMethods.has(c.req.method)) return next()
    const origin = c.req.header('origin')
    if (origin === undefined || !isOriginAllowed(origin, requestHosts(c), noOtherOrigins)) return c.json({ ok: false, message: consoleMessages.crossOrigin }, 403)
    return next()
  }
}

export type SessionOptions = { store: Sessions; team: Members; isHttps: (c: Context) => boolean; now: () => Date }

/** The member the request's session cookie names, with their role now, when it names a live session of a member still
 * on the team; else undefined. */
export async function sessionOf(c: Context, options: SessionOptions): Promise<{ email: string; sessionHash: string; role: Role } | undefined> {
  const secret = readSessionCookie(c, options.isHttps(c))
  if (!isWellFormedSecret(secret)) return undefined
  const sessionHash = hashSecret(secret)
  const session = await options.store.findSession(sessionHash, options.now())
  const role = session && (await options.team.roleOf(session.email))
  return session && role ? { email: session.email, sessionHash, role } : undefined
}

export function requireSession(options: SessionOptions): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const member = await sessionOf(c, options)
    if (!member) return c.json({ ok: false, message: consoleMessages.unauthorized }, 401)
    c.set('adminEmail', member.email)
    c.set('sessionHash', member.sessionHash)
    c.set('role', member.role)
    return next()
  }
}
