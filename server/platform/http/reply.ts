// How every handler of the waitlist API answers: with the key of its reply (shared/messages.ts). A script gets
// `{ ok, message }` (200) or the sentence as text with an HTTP status; a browser's own form post gets a 303 to
// the outcome page of that key (form-post.ts reads the key, never the words). So a copy edit in messages.ts
// changes what people read and nothing else.
import type { Context, ErrorHandler, Handler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { isGoodNews, type ReplyKey } from '../../../shared/form-outcomes'
import { messages } from '../../../shared/messages'
import { requestLog } from '../observability/observe-requests'
import { StoreUnavailableError } from '../database/contract'

declare module 'hono' {
  interface ContextVariableMap {
    /** The reply this request was given, for the form-post presenter. */
    replyKey: ReplyKey
    /** A token the reply hands on, for the form on the page it leads to (form-post.ts). */
    nextToken: string
    /** More of the query of the page a form post is sent to, beside its token (form-post.ts). */
    outcomeQuery: Record<string, string>
    /** Where a form post goes instead of an outcome page: a path of this server the handler chose (form-post.ts). */
    formPostLocation: string
  }
}

/** 200 { ok, message }: the answer to a request that was read (accepted or refused in words). */
/** The reply for a script: whether it is good news, the sentence, and any facts the page shows with it (a
 * confirmation's place in line). `nextToken` is a new link token the page acts with next (a choice of news and
 * updates after a confirmation): `nextToken` in the JSON, and `?token=` on the outcome page a form post is sent to. */
export function reply(c: Context, key: ReplyKey, facts?: Record<string, number | string>, nextToken?: string): Response {
  c.set('replyKey', key)
  if (nextToken !== undefined) c.set('nextToken', nextToken)
  return c.json({ ok: isGoodNews(key), message: messages[key], ...facts, ...(nextToken !== undefined && { nextToken }) })
}

/** The sentence as plain text with an error status: the client shows an HTTP error's text as it is. */
export function refuse(c: Context, key: ReplyKey, status: ContentfulStatusCode, headers?: Record<string, string>): Response {
  c.set('replyKey', key)
  return c.text(messages[key], status, headers)
}

/** Every API path takes POST only, and OPTIONS for the preflight of a script posting JSON from another
 * allowed origin (api-guard.ts); any other method is told which ones to use. */
export const postOnly = 'POST, OPTIONS'
export const refuseMethod: Handler = (c) => refuse(c, 'methodNotAllowed', 405, { Allow: postOnly })

/** A fault in any handler. The database being away or full (a restart, a failover, a lost network, a full
 * disk) is said plainly: nothing was acknowledged, and trying again shortly will do. `classify` is the
 * engine's reading of its own errors (platform/database/database.ts), so every route says so, not only the signup's. */
export const answerFault =
  (classify: (error: unknown) => unknown = (error) => error): ErrorHandler =>
  (error, c) => {
    const fault = error instanceof StoreUnavailableError ? error : classify(error)
    if (fault instanceof StoreUnavailableError) {
      requestLog(c).error({ err: fault }, 'waitlist: the database is unavailable; answered 503')
      return refuse(c, 'databaseUnavailable', 503, { 'Retry-After': '5' })
    }
    requestLog(c).error({ err: error }, 'waitlist: unexpected error; answered 500')
    return refuse(c, 'serverError', 500)
  }
