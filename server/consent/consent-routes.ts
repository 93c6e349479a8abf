// The consent flows' HTTP side. Each link in an email opens a page of the site; nothing changes on a GET, since
// mail scanners fetch links. The page's button POSTs here:
//   POST /api/waitlist/confirm | unsubscribe | erase/confirm   {"token"}   the link's action
//   POST /api/waitlist/erase                                    {"email"}   ask for an erasure link
// as JSON in a text/plain body like the signup (the reply is { ok, message }), or as a browser's own form
// post (answered 303 to the outcome page, see form-post.ts). The page's no-script form posts back to the page's
// own URL (/waitlist/confirm?token=…), answered here too when this server serves the site. The RFC 8058
// one-click unsubscribe is a POST to the List-Unsubscribe URL (/api/waitlist/unsubscribe?token=…) from a
// mail provider: it carries no Origin and gets a plain 200. Every route is rate limited per client.
import type { Context, Hono } from 'hono'
import { hashSecret, isWellFormedSecret } from '../admin/tokens'
import { consentApi, consentPages } from '../../shared/consent-paths'
import { afterReply } from '../http/after-reply'
import { answerFormPostsWithRedirect } from '../http/form-post'
import { messages } from '../../shared/messages'
import type { RateLimiter } from '../rate-limit'
import { readFields } from '../http/read-body'
import { answerPreflight, refuse, refuseMethod, reply } from '../http/reply'
import type { ReplyKey } from '../../shared/form-outcomes'
import { checkEmail } from '../validate'
import type { ConsentStore } from './consent-store'

export type ConsentRoutesOptions = {
  store: ConsentStore
  limiter: RateLimiter
  clientKey: (c: Context) => string | undefined
  /** The answer for a post from an origin that may not post, or undefined when it may. */
  refuseOrigin: (c: Context) => Response | undefined
  publicSiteUrl?: string
  /** Something was queued in the outbox: send it now. */
  onQueued?: () => void
  now?: () => Date
}

export const defaultConsentRateLimit = { max: 30, windowMs: 60_000 }

type LinkAction = 'confirm' | 'unsubscribe' | 'eraseConfirm'
const replies: Record<LinkAction, { done: ReplyKey; invalid: ReplyKey }> = {
  confirm: { done: 'confirmed', invalid: 'confirmLinkInvalid' },
  unsubscribe: { done: 'unsubscribed', invalid: 'unsubscribeLinkInvalid' },
  eraseConfirm: { done: 'erased', invalid: 'eraseLinkInvalid' },
}
const linkActions = Object.keys(replies) as LinkAction[]

/** Registered before the API's origin check: the one-click unsubscribe and the form-post redirects. */
export function registerConsentEntryRoutes(app: Hono, options: ConsentRoutesOptions) {
  const { store } = options
  const now = options.now ?? (() => new Date())
  const limited = async (c: Context) => {
    const key = options.clientKey(c)
    const verdict = key === undefined ? { allowed: true as const } : await options.limiter.hit(`consent:${key}`)
    return verdict.allowed ? undefined : refuse(c, 'tooManyConsentRequests', 429, { 'Retry-After': String(verdict.retryAfterSeconds) })
  }

  async function useLink(action: LinkAction, token: unknown): Promise<ReplyKey> {
    if (!isWellFormedSecret(token)) return replies[action].invalid
    const hash = hashSecret(token)
    const done = action === 'eraseConfirm' ? await store.eraseByToken(hash, now()) : await store.useToken(action, hash, now())
    return done ? replies[action].done : replies[action].invalid
  }

  // RFC 8058: a mail provider POSTs List-Unsubscribe=One-Click (multipart or urlencoded) to the URL in the
  // header, with the token in its query. No page, no redirect: the status says it worked.
  app.post(consentApi.unsubscribe, async (c, next) => {
    const token = c.req.query('token')
    if (token === undefined) return next()
    const refused = await limited(c)
    if (refused) return refused
    return c.text(messages[await useLink('unsubscribe', token)], 200, { 'Cache-Control': 'no-store' })
  })
  // Someone opened the List-Unsubscribe URL in a browser: show the page with its button.
  app.get(consentApi.unsubscribe, (c) => {
    const token = c.req.query('token') ?? ''
    const base = (options.publicSiteUrl ?? '').replace(/\/+$/, '')
    const query = isWellFormedSecret(token) ? `?token=${token}` : ''
    return c.body(null, 303, { Location: `${base}${consentPages.unsubscribe}${query}`, 'Cache-Control': 'no-store' })
  })

  for (const path of [consentApi.confirm, consentApi.unsubscribe, consentApi.erase, consentApi.eraseConfirm])
    app.use(path, answerFormPostsWithRedirect(options.publicSiteUrl))

  // The pages' own no-script forms post back to the page's URL, token in the query: the same action, then
  // the outcome page.
  const pages: Record<LinkAction, string> = { confirm: consentPages.confirm, unsubscribe: consentPages.unsubscribe, eraseConfirm: consentPages.eraseConfirm }
  for (const action of linkActions) {
    app.post(pages[action], answerFormPostsWithRedirect(options.publicSiteUrl), async (c) => {
      const refused = options.refuseOrigin(c) ?? (await limited(c))
      if (refused) return refused
      const fields = (await readFields(c)) ?? {}
      return reply(c, await useLink(action, c.req.query('token') ?? fields.token))
    })
  }

  return { limited, useLink }
}

/** Registered after the API's origin check: the script's (and the API form's) POSTs. */
export function registerConsentApiRoutes(app: Hono, options: ConsentRoutesOptions, entry: ReturnType<typeof registerConsentEntryRoutes>) {
  const now = options.now ?? (() => new Date())
  const apiPaths: Record<LinkAction, string> = { confirm: consentApi.confirm, unsubscribe: consentApi.unsubscribe, eraseConfirm: consentApi.eraseConfirm }
  for (const action of linkActions) {
    app.post(apiPaths[action], async (c) => {
      const refused = await entry.limited(c)
      if (refused) return refused
      const fields = await readFields(c)
      if (!fields) return reply(c, 'unreadable')
      return reply(c, await entry.useLink(action, fields.token))
    })
  }

  // Always the same reply for a valid address, listed or not; the email (if any) goes out from the outbox.
  app.post(consentApi.erase, async (c) => {
    const refused = await entry.limited(c)
    if (refused) return refused
    const fields = await readFields(c)
    if (!fields) return reply(c, 'unreadable')
    const checked = checkEmail(typeof fields.email === 'string' ? fields.email : '')
    if ('reason' in checked) return reply(c, checked.reason)
    // After the reply: a listed address queues an email and an unlisted one does not, and the reply must not
    // wait for the difference. A crash in between loses only this request, which the person can repeat.
    const at = now()
    afterReply(c, () =>
      options.store.requestErasure(checked.address, at).then(
        () => options.onQueued?.(),
        (error: unknown) => console.error(`waitlist: an erasure request was not queued (${(error as Error).message})`),
      ),
    )
    return reply(c, 'eraseRequested')
  })

  for (const path of [consentApi.confirm, consentApi.unsubscribe, consentApi.erase, consentApi.eraseConfirm]) {
    app.options(path, answerPreflight)
    app.all(path, refuseMethod)
  }
}
