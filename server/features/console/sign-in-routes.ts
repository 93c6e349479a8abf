// Asking for a sign-in link and using one. Asking always gets the same 202 at once, listed or not: the work
// for a listed address (store a token, send the mail) runs after the reply, so neither the words nor the
// timing of the answer say who is on ADMIN_EMAILS. Both routes are rate limited per client. Asking is not
// limited per address: anyone may ask for anyone's link, so a limit per address would let them lock its
// owner out; the email's own budget and its one waiting email per address (sign-in-mail.ts) bound the mail.
import { Hono, type Context } from 'hono'
import { afterReply } from '../../platform/http/after-reply'
import type { RateLimiter } from '../../platform/http/rate-limit'
import { readJsonObject } from '../../platform/http/read-body'
import type { Reply, SessionReply, SignInRequested } from '../../../shared/console-api'
import { canonicalAddress } from '../../../shared/mailbox'
import type { AdminEmails } from './admin-emails'
import { adminMessages } from './admin-messages'
import type { AdminStore } from './admin-store'
import { sessionLifetimeMs, writeSessionCookie } from './session-cookie'
import type { SignInMailer } from './sign-in-mail'
import { issueSignInLink } from './sign-in-links'
import { hashSecret, isWellFormedSecret, newSecret } from '../../platform/secrets/tokens'

export type SignInOptions = {
  store: AdminStore
  adminEmails: AdminEmails
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
  const { store, adminEmails, now } = options
  const { limiter } = options
  const routes = new Hono()
  const limited = async (c: Context, ...keys: (string | undefined)[]) => {
    for (const key of keys) {
      if (!key) continue
      const verdict = await limiter.hit(`admin-sign-in:${key}`)
      if (!verdict.allowed) return c.json({ ok: false, message: adminMessages.tooManyRequests }, 429, { 'Retry-After': String(verdict.retryAfterSeconds) })
    }
    return undefined
  }

  routes.post('/request', async (c) => {
    const body = await readJsonObject(c)
    const email = typeof body?.email === 'string' ? canonicalAddress(body.email) : undefined
    if (email === undefined) return c.json({ ok: false, message: adminMessages.invalidEmail }, 400)
    const client = options.clientKey(c)
    const refused = await limited(c, client && `ip:${client}`)
    if (refused) return refused
    // After the reply: storing a token and sending the link happen for listed addresses only, the link made
    // when the email goes.
    afterReply(c, () => {
      if (adminEmails.has(email)) options.sendSignInLink.ask(email, () => issueSignInLink(store, email, options.publicUrl, now()))
    })
    return c.json({ ok: true, message: adminMessages.signInRequested } satisfies Reply<SignInRequested>, 202)
  })

  routes.post('/verify', async (c) => {
    const client = options.clientKey(c)
    const refused = await limited(c, client && `verify:${client}`)
    if (refused) return refused
    const token = (await readJsonObject(c))?.token
    const email = isWellFormedSecret(token) ? await store.takeSignInToken(hashSecret(token), now()) : undefined
    if (email === undefined || !adminEmails.has(email)) return c.json({ ok: false, message: adminMessages.linkRefused }, 400)
    const session = newSecret()
    await store.createSession(hashSecret(session), email, new Date(now().getTime() + sessionLifetimeMs))
    await store.audit(email, 'sign-in', '')
    writeSessionCookie(c, options.isHttps(c), session, sessionLifetimeMs / 1000)
    return c.json({ ok: true, email } satisfies Reply<SessionReply>)
  })

  return routes
}
