// The consent flows' HTTP side, one sub-app mounted at the root. Each link in an email opens a page of the site;
// nothing changes on a GET, since mail scanners fetch links. The page's button POSTs here:
//   POST /api/waitlist/confirm | unsubscribe | erase/confirm   {"token"}   the link's action
//   POST /api/waitlist/unsubscribe                              {"token","scope":"all"}   stop every email
//   POST /api/waitlist/erase                                    {"email"}   ask for an erasure link
//   POST /api/waitlist/news                                     {"token","news":"on"|"off"}   news and updates
// as JSON in a text/plain body like the signup (the reply is { ok, message }), or as a browser's own form
// post (answered 303 to the outcome page, see form-post.ts). The page's no-script form posts back to the page's
// own URL (/waitlist/confirm?token=…), answered here too when this server serves the site. The RFC 8058
// one-click unsubscribe is a POST to the List-Unsubscribe URL (/api/waitlist/unsubscribe?token=…) from a
// mail provider: it carries no Origin and gets a plain 200. Every route is rate limited per client.
//
// Purposes of email (shared/email-purposes.ts): an unsubscribe token stops the purpose of the email it came in,
// or every purpose with `scope=all`. A confirmation that worked hands the confirmed page a token for its choice of
// news and updates (`nextToken`; a no-script post lands on /waitlist/confirmed?token=…), and each choice hands
// over the next, so the answer can offer to take it back at once. When a question is asked now, it also hands a
// token for the questions page (`questionsToken`; `&questions=…` on the confirmed page). The outcome pages that carry that form post
// back to their own address too. Every refused token gets one answer, whatever became of it.
//
// The token pages send no Referer (consent-paths.ts), so a browser's post from them says only `Origin: null`.
// For the link actions that is no forgery risk: their token is the whole authority, and a forged post would
// have to carry it. The erasure request carries no token and refuses "null" like every other route.
import { Hono, type Context } from 'hono'
import { every } from 'hono/combine'
import { hashSecret, isWellFormedSecret } from '../../platform/secrets/tokens'
import { consentApi, consentPages } from '../../../shared/consent-paths'
import { isNewsChoice, type UnsubscribeScope } from '../../../shared/email-purposes'
import type { ReplyKey } from '../../../shared/form-outcomes'
import { newsFormOutcomes, outcomePath, questionsFormOutcome } from '../../../shared/outcome-codes'
import { questionsPagePath } from '../../../shared/questions'
import { messages } from '../../../shared/messages'
import { afterReply } from '../../platform/http/after-reply'
import { apiHeaders, publicCors, type OriginCheck } from '../../platform/http/api-guard'
import { answerFormPostsWithRedirect } from '../../platform/http/form-post'
import { rateLimited } from '../../platform/http/rate-limited'
import { readFields, type Fields } from '../../platform/http/read-body'
import { refuseMethod, reply } from '../../platform/http/reply'
import { requestLog } from '../../platform/observability/observe-requests'
import type { RequestFacts } from '../../platform/http/request-facts'
import type { RateLimiter } from '../../platform/http/rate-limit'
import { parseMailbox } from '../../../shared/mailbox'
import { mailboxReplies } from '../../../shared/signup'
import type { ConsentStore, Unsubscribed } from './consent-store'

/** A person's place in line and how many are in line (the line's own reading, features/referral/line.ts). */
type Place = { place: number; inLine: number }

export type ConsentRoutesOptions = {
  store: ConsentStore
  /** The confirmed person's place, for the confirmation's reply; undefined when they hold none. */
  placeOf: (signupId: number) => Promise<Place | undefined>
  limiter: RateLimiter
  clientKey: RequestFacts['clientKey']
  originCheck: OriginCheck
  publicSiteUrl?: string
  /** A token for the questions page (issue 52) when at least one question is asked now, offered with a
   * confirmation that worked and never before; undefined asks nothing. */
  offerQuestions?: (signupId: number, now: Date) => Promise<{ token: string } | undefined>
  /** Something was queued in the outbox: send it now. */
  onQueued?: () => void
  now: () => Date
}

export const defaultConsentRateLimit = { max: 30, windowMs: 60_000 }

type LinkAction = 'confirm' | 'unsubscribe' | 'eraseConfirm'
const replies: Record<LinkAction, { done: ReplyKey; invalid: ReplyKey }> = {
  confirm: { done: 'confirmed', invalid: 'confirmLinkInvalid' },
  unsubscribe: { done: 'unsubscribed', invalid: 'unsubscribeLinkInvalid' },
  eraseConfirm: { done: 'erased', invalid: 'eraseLinkInvalid' },
}
const linkActions = Object.keys(replies) as LinkAction[]
const apiPaths = [consentApi.confirm, consentApi.unsubscribe, consentApi.erase, consentApi.eraseConfirm, consentApi.news]

/** What an unsubscribe says: that nothing more will come, when nothing is left; otherwise which purpose stopped. */
function unsubscribedReply({ stopped, stillHeld }: Unsubscribed): ReplyKey {
  if (stillHeld.length === 0) return 'unsubscribed'
  return stopped.includes('earlyAccess') ? 'unsubscribedEarlyAccess' : 'unsubscribedNews'
}

/** What a link's answer carries beside its sentence: a confirmation's place in line, and the token the page's
 * next form acts with. */
type LinkAnswer = { key: ReplyKey; place?: Place; nextToken?: string; questionsToken?: string }

/** The canonical address, or the reply for the visitor when `email` is not exactly one mailbox. */
function checkEmail(email: string): { address: string } | { reason: ReplyKey } {
  const parsed = parseMailbox(email)
  return 'problem' in parsed ? { reason: mailboxReplies[parsed.problem] } : parsed
}

export function consentRoutes(options: ConsentRoutesOptions): Hono {
  const { store } = options
  const now = options.now
  const limited = rateLimited(options.limiter, { clientKey: options.clientKey, prefix: 'consent:', refusal: 'tooManyConsentRequests' })
  const toOutcomePage = answerFormPostsWithRedirect(options.publicSiteUrl)
  const routes = new Hono()

  async function useLink(action: LinkAction, token: unknown): Promise<ReplyKey> {
    return (await answerLink(action, token)).key
  }

  // A confirmation's reply carries the person's place in line, so the page shows it as they press Confirm, and
  // the token that asks them about news and updates right after. An unsubscribe stops the purpose of the email
  // its token came in, unless the page asked for every email (`scope`).
  async function answerLink(action: LinkAction, token: unknown, fields: Fields = {}): Promise<LinkAnswer> {
    if (!isWellFormedSecret(token)) return { key: replies[action].invalid }
    const hash = hashSecret(token)
    const at = now()
    if (action === 'eraseConfirm') return { key: (await store.eraseByToken(hash, at)) ? replies[action].done : replies[action].invalid }
    if (action === 'unsubscribe') {
      const scope: UnsubscribeScope = fields.scope === 'all' ? 'all' : 'purpose'
      const done = await store.unsubscribe(hash, scope, at)
      return { key: done ? unsubscribedReply(done) : replies[action].invalid }
    }
    const done = await store.useToken(action, hash, at)
    if (!done) return { key: replies[action].invalid }
    const news = await store.offerNewsChoice(done.signupId, at)
    const questions = await options.offerQuestions?.(done.signupId, at)
    const key = questions ? 'confirmedQuestions' : replies[action].done
    return { key, place: await options.placeOf(done.signupId), nextToken: news.token, questionsToken: questions?.token }
  }
  // The questions' token travels as `questionsToken` in the JSON, and as `&questions=` on the confirmed page a form
  // post lands on.
  const replyWith = (c: Context, { key, place, nextToken, questionsToken }: LinkAnswer) => {
    if (questionsToken !== undefined) c.set('outcomeQuery', { questions: questionsToken })
    return reply(c, key, { ...(place && { place: place.place, inLine: place.inLine }), ...(questionsToken !== undefined && { questionsToken }) }, nextToken)
  }

  // A choice of news and updates, with the token the last answer (or the "your place" page) handed over. A field
  // that is no choice is read as no choice at all, before the token is touched.
  async function answerNews(token: unknown, choice: unknown): Promise<LinkAnswer> {
    if (!isNewsChoice(choice)) return { key: 'unreadable' }
    if (!isWellFormedSecret(token)) return { key: 'newsLinkInvalid' }
    const chosen = await store.chooseNews(hashSecret(token), choice, now())
    if (!chosen) return { key: 'newsLinkInvalid' }
    return { key: choice === 'on' ? 'newsOn' : 'newsOff', nextToken: chosen.nextToken }
  }

  // RFC 8058: a mail provider POSTs List-Unsubscribe=One-Click (multipart or urlencoded) to the URL in the
  // header, with the token in its query. No page, no redirect: the status says it worked. Registered first,
  // so the API's middleware below (its origin check, the form-post redirect) never sees it; without a token
  // in the query the post is the page's, and goes on to the API route.
  const oneClick = every(limited, async (c: Context) =>
    c.text(messages[await useLink('unsubscribe', c.req.query('token'))], 200, { 'Cache-Control': 'no-store' }),
  )
  routes.post(consentApi.unsubscribe, (c, next) => (c.req.query('token') === undefined ? next() : oneClick(c, next)))
  // Someone opened the List-Unsubscribe URL in a browser: show the page with its button.
  routes.get(consentApi.unsubscribe, (c) => {
    const token = c.req.query('token') ?? ''
    const base = (options.publicSiteUrl ?? '').replace(/\/+$/, '')
    const query = isWellFormedSecret(token) ? `?token=${token}` : ''
    return c.body(null, 303, { Location: `${base}${consentPages.unsubscribe}${query}`, 'Cache-Control': 'no-store' })
  })

  for (const path of apiPaths)
    routes.use(path, toOutcomePage, apiHeaders, options.originCheck({ acceptNullOrigin: path !== consentApi.erase }), publicCors)
  for (const action of linkActions) {
    routes.post(consentApi[action], limited, async (c) => {
      const fields = await readFields(c)
      if (!fields) return reply(c, 'unreadable')
      return replyWith(c, await answerLink(action, fields.token, fields))
    })
  }
  routes.post(consentApi.news, limited, async (c) => {
    const fields = await readFields(c)
    if (!fields) return reply(c, 'unreadable')
    return replyWith(c, await answerNews(fields.token, fields.news))
  })
  // Always the same reply for a valid address, listed or not; the email (if any) goes out from the outbox.
  routes.post(consentApi.erase, limited, async (c) => {
    const fields = await readFields(c)
    if (!fields) return reply(c, 'unreadable')
    const checked = checkEmail(typeof fields.email === 'string' ? fields.email : '')
    if ('reason' in checked) return reply(c, checked.reason)
    // After the reply: a listed address queues an email and an unlisted one does not, and the reply must not
    // wait for the difference. A crash in between loses only this request, which the person can repeat.
    const at = now()
    const log = requestLog(c)
    afterReply(c, () =>
      store.requestErasure(checked.address, at).then(
        () => options.onQueued?.(),
        (error: unknown) => log.error({ err: error }, 'waitlist: an erasure request was not queued'),
      ),
    )
    return reply(c, 'eraseRequested')
  })
  for (const path of apiPaths) routes.all(path, refuseMethod)

  // The pages' own no-script forms post back to the page's URL, token in the query: the same action, then
  // the outcome page.
  for (const action of linkActions) {
    routes.post(consentPages[action], toOutcomePage, options.originCheck({ acceptNullOrigin: true }), limited, async (c) => {
      const fields = (await readFields(c)) ?? {}
      return replyWith(c, await answerLink(action, c.req.query('token') ?? fields.token, fields))
    })
  }
  // The outcome pages that ask about news and updates, the same way: their token in the query, the choice posted.
  for (const code of newsFormOutcomes) {
    routes.post(outcomePath(code), toOutcomePage, options.originCheck({ acceptNullOrigin: true }), limited, async (c) => {
      const fields = (await readFields(c)) ?? {}
      // The confirmed page's other form opens the questions page (this server's own) with the token in the page's
      // address: no link on a page without a script can carry it. A fixed path and a well-formed token, never an address.
      if (code === questionsFormOutcome && fields.open === 'questions') {
        const token = c.req.query('questions')
        c.set('formPostLocation', `${questionsPagePath}${isWellFormedSecret(token) ? `?token=${token}` : ''}`)
        return c.body(null, 204)
      }
      return replyWith(c, await answerNews(c.req.query('token') ?? fields.token, fields.news))
    })
  }

  return routes
}
