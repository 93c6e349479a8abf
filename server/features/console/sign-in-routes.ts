// Asking for a sign-in link and using one. Asking always gets the same 202 at once, a team member or not: the
// work (look the address up on the team, store a token, send the mail) runs after the reply, so neither the words
// nor the timing of the answer say who is on the team. An invitation (team-routes.ts) is the same link, and is
// used here the same way. Both routes are rate limited per client. Asking is not
// limited per address: anyone may ask for anyone's link, so a limit per address would let them lock its
// owner out; the email's own budget and its one waiting email per address (sign-in-mail.ts) bound the mail.
import { Hono, type Context } from 'hono'
import { consoleRoutes } from '../../../shared/console-routes'
import { rolePermissions } from '../../../shared/team'
import { afterReply } from '../../platform/http/after-reply'
import type { RateLimiter } from '../../platform/http/rate-limit'
import { readJsonObject } from '../../platform/http/read-body'
import type { Reply, SessionReply, SignInRequested } from '../../../shared/console-api'
import { canonicalAddress } from '../../../shared/mailbox'
import type { AdminEnv } from '../../platform/console/guard'
import { adminMessages } from './admin-messages'
import type { AdminStore } from './admin-store'
import { sessionLifetimeMs, writeSessionCookie } from '../../platform/console/session-cookie'
import type { SignInMailer } from './sign-in-mail'
import { issueSignInLink } from './sign-in-links'
import { on } from '../../platform/console/console-route'
import type { TeamStore } from './team-store'
import { hashSecret, isWellFormedSecret, newSecret } from '../../platform/secrets/tokens'

export type SignInOptions = {
  store: AdminStore
  team: TeamStore
  publicUrl: string
  sendSignInLink: SignInMailer
  isHttps: (c: Context) => boolean
  clientKey: (c: Context) => string | undefined
  now: () => Date
  /** Counts attempts per client (defaultSignInRateLimit unless configured). */
  limiter: RateLimiter
}

export const defaultSignInRateLimit = { max: 10, windowMs: 15 * 60_000 }

export function signInRoutes(options: SignInOptions) {
  const { store, team, now } = options
  const { limiter } = options
  const routes = new Hono<AdminEnv>()
  const limited = async (c: Context, ...keys: (string | undefined)[]) => {
    for (const key of keys) {
      if (!key) continue
      const verdict = await limiter.hit(`admin-sign-in:${key}`)
      if (!verdict.allowed) return c.json({ ok: false, message: adminMessages.tooManyRequests }, 429, { 'Retry-After': String(verdict.retryAfterSeconds) })
    }
    return undefined
  }

  on(routes, consoleRoutes.signInRequest, async (c) => {
    const body = await readJsonObject(c)
    const email = typeof body?.email === 'string' ? canonicalAddress(body.email) : undefined
    if (email === undefined) return c.json({ ok: false, message: adminMessages.invalidEmail }, 400)
    const client = options.clientKey(c)
    const refused = await limited(c, client && `ip:${client}`)
    if (refused) return refused
    // After the reply: storing a token and sending the link happen for team members only, the link made when
    // the email goes.
    afterReply(c, async () => {
      if (await team.roleOf(email)) options.sendSignInLink.ask(email, () => issueSignInLink(store, email, options.publicUrl, now()))
    })
    return c.json({ ok: true, message: adminMessages.signInRequested } satisfies Reply<SignInRequested>, 202)
  })

  on(routes, consoleRoutes.signInVerify, async (c) => {
    const client = options.clientKey(c)
    const refused = await limited(c, client && `verify:${client}`)
    if (refused) return refused
    const token = (await readJsonObject(c))?.token
    const email = isWellFormedSecret(token) ? await store.takeSignInToken(hashSecret(token), now()) : undefined
    // The role now: a member removed since the link was sent has none, and the link is refused.
    const role = email === undefined ? undefined : await team.roleOf(email)
    if (email === undefined || role === undefined) return c.json({ ok: false, message: adminMessages.linkRefused }, 400)
    const session = newSecret()
    await store.createSession(hashSecret(session), email, new Date(now().getTime() + sessionLifetimeMs))
    await team.signedIn(email)
    await store.audit(email, 'sign-in', '')
    writeSessionCookie(c, options.isHttps(c), session, sessionLifetimeMs / 1000)
    return c.json({ ok: true, email, role, permissions: [...rolePermissions[role]] } satisfies Reply<SessionReply>)
  })

  return routes
}
