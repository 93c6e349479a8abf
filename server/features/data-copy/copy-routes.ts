// A copy of one's own data (issue 51), as erasure is asked for (features/consent/consent-routes.ts):
//   POST /api/waitlist/copy {"email"}   ask for it: the same reply, at once, for every valid address; the email
//                                       (a link, or "we hold nothing") is queued after the reply
//   GET  /waitlist/your-data?token=…   the page behind the emailed link: opening it changes nothing
//   POST /waitlist/your-data            its button: uses the link and answers with the copy as a page
//   POST /waitlist/your-data/file       the page's download: the copy as a JSON file, for the hour after
// The request is JSON in a text/plain body like the signup, or a browser's own form post (answered 303 to the
// outcome page); it refuses `Origin: null` like every route without a token. The pages' posts carry no Origin
// check, as the invitation page's: the pages send no Referer, so browsers post them with `Origin: null`, and the
// token is the whole authority. Every route is rate limited per client; a flood for one address is held by its
// inbox's budget (platform/mail/mailbox-budget.ts), never by a lock-out.
import { Hono, type Context } from 'hono'
import { consentApi, copyFilePath, copyPagePath } from '../../../shared/consent-paths'
import type { ReplyKey } from '../../../shared/form-outcomes'
import { parseMailbox } from '../../../shared/mailbox'
import { ownCopyFileName, ownCopyOf } from '../../../shared/own-copy'
import type { PersonRecord } from '../../../shared/person-record'
import { mailboxReplies } from '../../../shared/signup'
import { afterReply } from '../../platform/http/after-reply'
import { apiHeaders, publicCors, type OriginCheck } from '../../platform/http/api-guard'
import { answerFormPostsWithRedirect } from '../../platform/http/form-post'
import type { RateLimiter } from '../../platform/http/rate-limit'
import { rateLimited } from '../../platform/http/rate-limited'
import { readFields, readFieldsBody } from '../../platform/http/read-body'
import { refuseMethod, reply } from '../../platform/http/reply'
import type { RequestFacts } from '../../platform/http/request-facts'
import { requestLog } from '../../platform/observability/observe-requests'
import { hashSecret, isWellFormedSecret } from '../../platform/secrets/tokens'
import { copyPageCsp, renderCopyDoor, renderCopyLinkNotWorking, renderOwnCopy } from './copy-page'
import type { CopyStore } from './copy-store'

export type CopyRoutesOptions = {
  store: CopyStore
  /** Everything held about one person, from every wing, or undefined when they are gone. */
  personRecord: (personId: number) => Promise<PersonRecord | undefined>
  limiter: RateLimiter
  clientKey: RequestFacts['clientKey']
  originCheck: OriginCheck
  publicSiteUrl?: string
  /** The site's public address, for the pages' links; the request's own origin without it. */
  siteUrl?: string
  /** Something was queued in the outbox: send it now. */
  onQueued?: () => void
  now: () => Date
}

export const defaultCopyRateLimit = { max: 30, windowMs: 60_000 }

const pageHeaders = {
  'Content-Security-Policy': copyPageCsp(),
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
}

function checkEmail(email: unknown): { address: string } | { reason: ReplyKey } {
  const parsed = parseMailbox(typeof email === 'string' ? email : '')
  return 'problem' in parsed ? { reason: mailboxReplies[parsed.problem] } : parsed
}

/** The request under /api, and the pages behind the link, mounted after the API's 404 as the other pages are. */
export function copyRoutes(options: CopyRoutesOptions): { api: Hono; pages: Hono } {
  const { store, now } = options
  const limited = rateLimited(options.limiter, { clientKey: options.clientKey, prefix: 'copy:', refusal: 'tooManyConsentRequests' })
  const siteOf = (c: Context) => options.siteUrl ?? new URL(c.req.url).origin
  const routes = new Hono()
  const pages = new Hono()

  routes.use(consentApi.copy, answerFormPostsWithRedirect(options.publicSiteUrl), apiHeaders, options.originCheck(), publicCors)
  // Always the same reply for a valid address, listed or not, before any work that could tell them apart.
  routes.post(consentApi.copy, limited, async (c) => {
    const fields = await readFields(c)
    if (!fields) return reply(c, 'unreadable')
    const checked = checkEmail(fields.email)
    if ('reason' in checked) return reply(c, checked.reason)
    const at = now()
    const log = requestLog(c)
    afterReply(c, () =>
      store.requestCopy(checked.address, at).then(
        () => options.onQueued?.(),
        (error: unknown) => log.error({ err: error }, 'waitlist: a request for a copy was not queued'),
      ),
    )
    return reply(c, 'copyRequested')
  })
  routes.all(consentApi.copy, refuseMethod)

  pages.get(copyPagePath, limited, (c) => {
    const token = c.req.query('token')
    return isWellFormedSecret(token) ? c.html(renderCopyDoor(token, siteOf(c)), 200, pageHeaders) : c.html(renderCopyLinkNotWorking(siteOf(c)), 404, pageHeaders)
  })

  // The button: the link is used whatever comes next, and the copy is read as it stands now.
  pages.post(copyPagePath, limited, async (c) => {
    const form = await readFieldsBody(c, { forms: true })
    const token = form.kind === 'fields' ? form.fields.token : undefined
    const at = now()
    const opened = isWellFormedSecret(token) ? await store.openCopy(hashSecret(token), at) : undefined
    const record = opened && (await options.personRecord(opened.personId))
    if (!opened || !record) return c.html(renderCopyLinkNotWorking(siteOf(c)), 404, pageHeaders)
    return c.html(renderOwnCopy(ownCopyOf(record, at), opened.fileToken, siteOf(c)), 200, pageHeaders)
  })

  pages.post(copyFilePath, limited, async (c) => {
    const form = await readFieldsBody(c, { forms: true })
    const token = form.kind === 'fields' ? form.fields.token : undefined
    const at = now()
    const personId = isWellFormedSecret(token) ? await store.fileHolder(hashSecret(token), at) : undefined
    const record = personId === undefined ? undefined : await options.personRecord(personId)
    if (!record) return c.html(renderCopyLinkNotWorking(siteOf(c)), 404, pageHeaders)
    return c.body(`${JSON.stringify(ownCopyOf(record, at), null, 2)}\n`, 200, {
      ...pageHeaders,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${ownCopyFileName(at)}"`,
    })
  })
  return { api: routes, pages }
}
