// The consent requests (confirm, unsubscribe, ask for erasure, confirm erasure), sent like the signup (JSON
// as text/plain, no preflight, 15 s at most: docs/product-rules.md#the-waitlist-form) to the configured
// endpoint plus a suffix: with VITE_WAITLIST_ENDPOINT=/api/waitlist, confirming posts to
// /api/waitlist/confirm (shared/consent-paths.ts).
import type { EndpointReply } from '../../machines/request-form'
import type { LinePlace, TokenReply } from '../../machines/token-action-machine'
import { postAsPlainText } from './waitlist-client'

export type ConsentAction = 'confirm' | 'unsubscribe' | 'erase' | 'eraseConfirm'

const suffixes: Record<ConsentAction, string> = {
  confirm: '/confirm',
  unsubscribe: '/unsubscribe',
  erase: '/erase',
  eraseConfirm: '/erase/confirm',
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

/** Sends a link's token (`{"token":…}`); the reply's `answered` tells a refused link from a failed request. A
 * confirmation that worked also carries the person's place in line, when the server says it (an older one
 * does not). */
export async function sendConsentToken(
  action: Exclude<ConsentAction, 'erase'>,
  token: string,
  { endpoint, fetchImpl = fetch, ...options }: ConsentRequestOptions,
): Promise<TokenReply> {
  // The shared client reads the answer's `ok` and `message`; a copy of the answer is kept to read the place.
  let answer: Response | undefined
  const keepingACopy = async (...request: Parameters<typeof fetch>) => {
    const response = await fetchImpl(...request)
    answer = response.clone()
    return response
  }
  const reply = await postAsPlainText(
    { token },
    { ...options, endpoint: consentEndpoint(endpoint, action), fetchImpl: action === 'confirm' ? keepingACopy : fetchImpl },
  )
  if (action !== 'confirm' || !reply.ok || !reply.answered || !answer) return reply
  const place = placeIn(await answer.text().catch(() => ''))
  return place ? { ...reply, place } : reply
}

/** The place in line in a confirmation's JSON answer (`place` of `inLine`, two whole numbers, the place
 * within the line), or undefined when it has none that makes sense. */
function placeIn(text: string): LinePlace | undefined {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof data !== 'object' || data === null || !('place' in data) || !('inLine' in data)) return undefined
  const { place, inLine } = data
  return isCount(place) && isCount(inLine) && place <= inLine ? { place, inLine } : undefined
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1

/** Asks for an erasure link (`{"email":…}`). */
export const requestErasure = (email: string, { endpoint, ...options }: ConsentRequestOptions): Promise<EndpointReply> =>
  postAsPlainText({ email: email.trim() }, { ...options, endpoint: consentEndpoint(endpoint, 'erase') })
