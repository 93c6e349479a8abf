// The console's two gates, each in one place and applied to every /api/admin route by admin-api.ts:
// - sameOriginOnly: a state-changing request must carry an Origin naming this very host. ALLOWED_ORIGINS
//   (which lets other sites post signups) does not apply here, and a missing Origin is refused too:
//   every browser sends Origin on a POST, so only a non-browser omits it, and it has no business here.
// - requireSession: the session cookie must name a live session of an address still on ADMIN_EMAILS;
//   anything else is 401 with no data.
import type { Context, MiddlewareHandler } from 'hono'
import { isOriginAllowed } from '../../platform/http/origin'
import type { AdminEmails } from './admin-emails'
import { adminMessages } from './admin-messages'
import type { AdminStore } from './admin-store'
import { readSessionCookie } from './session-cookie'
import { hashSecret, isWellFormedSecret } from '../../platform/secrets/tokens'

export type AdminEnv = { Variables: { adminEmail: string; sessionHash: string } }

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])
const noOtherOrigins = { any: false, origins: new Set<string>() }

export function sameOriginOnly(requestHosts: (c: Context) => string[]): MiddlewareHandler {
  return async (c, next) => {
    if (safeMethods.has(c.req.method)) return next()
    const origin = c.req.header('origin')
    if (origin === undefined || !isOriginAllowed(origin, requestHosts(c), noOtherOrigins)) return c.json({ ok: false, message: adminMessages.crossOrigin }, 403)
    return next()
  }
}

export function requireSession(options: { store: AdminStore; adminEmails: AdminEmails; isHttps: (c: Context) => boolean; now: () => Date }): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const secret = readSessionCookie(c, options.isHttps(c))
    const session = isWellFormedSecret(secret) ? await options.store.findSession(hashSecret(secret), options.now()) : undefined
    if (!session || !options.adminEmails.has(session.email)) return c.json({ ok: false, message: adminMessages.unauthorized }, 401)
    c.set('adminEmail', session.email)
    c.set('sessionHash', hashSecret(secret!))
    return next()
  }
}
