// The consent requests (confirm, unsubscribe, ask for erasure, confirm erasure), sent like the signup (JSON
// as text/plain, no preflight, 15 s at most: docs/product-rules.md#the-waitlist-form) to the configured
// endpoint plus a suffix: with VITE_WAITLIST_ENDPOINT=/api/waitlist, confirming posts to
// /api/waitlist/confirm (shared/consent-paths.ts).
import type { NewsReply } from '../../machines/news-choice-machine'
import type { EndpointReply } from '../../machines/request-form'
import type { LinePlace, TokenReply } from '../../machines/token-action-machine'
import type { NewsChoice, UnsubscribeScope } from '../../shared/email-purposes'
import { postAsPlainText } from './waitlist-client'

export type ConsentAction = 'confirm' | 'unsubscribe' | 'erase' | 'eraseConfirm' | 'news' | 'copy'

const suffixes: Record<ConsentAction, string> = {
  confirm: '/confirm',
  unsubscribe: '/unsubscribe',
  erase: '/erase',
  eraseConfirm: '/erase/confirm',
  news: '/news',
  copy: '/copy',
}

/** Where an action posts, for the script and for a no-script form; empty when no endpoint is configured. */
export const consentEndpoint = (endpoint: string, action: ConsentAction) =>
  endpoint.trim() === '' ? '' : `${endpoint.trim().replace(/\/+$/, '')}${suffixes[action]}`

export interface ConsentRequestOptions {
  endpoint: string
  signal?: AbortSignal
  timeoutMs?: number
  fetchImpl?: typeof fetch
}

/** Posts `body` to the action's path and reads the answer as the shared client does (`ok`, `message`,
 * `answered`), and, for one that worked, its JSON too: the facts some answers carry beside the sentence. */
async function postReadingFacts(action: ConsentAction, body: object, { endpoint, fetchImpl = fetch, ...options }: ConsentRequestOptions) {
  // The shared client reads the answer's `ok` and `message`; a copy of the answer is kept to read the facts.
  let answer: Response | undefined
  const keepingACopy = async (...request: Parameters<typeof fetch>) => {
    const response = await fetchImpl(...request)
    answer = response.clone()
    return response
  }
  const reply = await postAsPlainText(body, { ...options, endpoint: consentEndpoint(endpoint, action), fetchImpl: keepingACopy })
  const facts = reply.ok && reply.answered && answer ? jsonObjectIn(await answer.text().catch(() => '')) : undefined
  return { reply, facts: facts ?? {} }
}

/** Sends a link's token (`{"token":…}`, with `"scope":"all"` when the page's other button asks to stop every
 * email); the reply's `answered` tells a refused link from a failed request. A confirmation that worked also
 * carries the person's place in line, when the server says it (an older one does not), and the token the page
 * asks about news and updates with. */
export async function sendConsentToken(
  action: Exclude<ConsentAction, 'erase' | 'news' | 'copy'>,
  token: string,
  { scope = 'purpose', ...options }: ConsentRequestOptions & { scope?: UnsubscribeScope },
): Promise<TokenReply> {
  const { reply, facts } = await postReadingFacts(action, scope === 'all' ? { token, scope } : { token }, options)
  if (action !== 'confirm' || !reply.ok) return reply
  const place = placeIn(facts)
  const nextToken = tokenIn(facts)
  const questionsToken = tokenIn({ nextToken: facts.questionsToken })
  return { ...reply, ...(place && { place }), ...(nextToken && { nextToken }), ...(questionsToken && { questionsToken }) }
}

/** Sends a choice of news and updates with the token the page holds (`{"token","news"}`); one that worked
 * hands back the token of the next choice. */
export async function sendNewsChoice(token: string, news: NewsChoice, options: ConsentRequestOptions): Promise<NewsReply> {
  const { reply, facts } = await postReadingFacts('news', { token, news }, options)
  const nextToken = reply.ok ? tokenIn(facts) : undefined
  return nextToken ? { ...reply, nextToken } : reply
}

function jsonObjectIn(text: string): Record<string, unknown> | undefined {
  try {
    const data: unknown = JSON.parse(text)
    return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/** The place in line in a confirmation's JSON answer (`place` of `inLine`, two whole numbers, the place
 * within the line), or undefined when it has none that makes sense. */
function placeIn({ place, inLine }: Record<string, unknown>): LinePlace | undefined {
  return isCount(place) && isCount(inLine) && place <= inLine ? { place, inLine } : undefined
}

/** A link token as the server hands them out (43 URL-safe characters), or undefined. */
const tokenIn = ({ nextToken }: Record<string, unknown>) => (typeof nextToken === 'string' && /^[A-Za-z0-9_-]{43}$/.test(nextToken) ? nextToken : undefined)

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1

/** Asks for an erasure link (`{"email":…}`). */
export const requestErasure = (email: string, { endpoint, ...options }: ConsentRequestOptions): Promise<EndpointReply> =>
  postAsPlainText({ email: email.trim() }, { ...options, endpoint: consentEndpoint(endpoint, 'erase') })

/** Asks for a link to a copy of one's own data (`{"email":…}`). */
export const requestOwnData = (email: string, { endpoint, ...options }: ConsentRequestOptions): Promise<EndpointReply> =>
  postAsPlainText({ email: email.trim() }, { ...options, endpoint: consentEndpoint(endpoint, 'copy') })
