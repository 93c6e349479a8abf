// The waitlist call (docs/product-rules.md#the-waitlist-form), without React. A text/plain POST is a CORS
// simple request: the browser sends it without a preflight. Every outcome, including a network failure or the
// time-out, comes back as { ok, message } with the exact words of the form's message catalogue
// (machines/waitlist-messages.ts); this function never throws.
import {
  API_ERROR_MESSAGE,
  ENDPOINT_NOT_CONFIGURED_MESSAGE,
  HTTP_ERROR_MESSAGE,
  NETWORK_ISSUE_MESSAGE,
  NO_MESSAGE_FALLBACK,
  UNREADABLE_ERROR_MESSAGE,
} from '../../machines/waitlist-messages'
import type { EndpointReply, RequestReply } from '../../machines/request-form'
import { requestTimeoutMs } from '../../shared/rules'
import type { SignupBody } from '../../shared/signup'

/** The client gives up on its own after the machine's submitTimeout too, for callers without the machine. */
export const WAITLIST_TIMEOUT_MS = requestTimeoutMs

export interface WaitlistClientOptions {
  /** Absolute URL, or relative to the page ('/api/waitlist'). Empty means not configured. */
  endpoint: string
  signal?: AbortSignal
  timeoutMs?: number
  fetchImpl?: typeof fetch
}

const networkIssue: EndpointReply = { ok: false, message: NETWORK_ISSUE_MESSAGE, answered: false }

/** Posts a signup (shared/signup.ts's SignupBody; a submission id is made when it has none). */
export async function submitWaitlistSignup(payload: SignupBody, options: WaitlistClientOptions): Promise<RequestReply> {
  if (!options.endpoint.trim()) return { ok: false, message: ENDPOINT_NOT_CONFIGURED_MESSAGE }
  const { ok, message } = await postAsPlainText(toBody(payload), options)
  return { ok, message }
}

/** POSTs `body` as JSON text (a CORS simple request, no preflight) and reads the reply with the words of
 * the form's message catalogue. Shared by the signup and the consent requests; never throws. */
export async function postAsPlainText(
  body: unknown,
  { endpoint, signal, timeoutMs = WAITLIST_TIMEOUT_MS, fetchImpl = fetch }: WaitlistClientOptions,
): Promise<EndpointReply> {
  // One controller for both reasons to give up: the caller's signal and our own time-out.
  const controller = new AbortController()
  const abort = () => controller.abort()
  if (signal?.aborted) abort()
  signal?.addEventListener('abort', abort, { once: true })
  const timer = setTimeout(abort, timeoutMs)
  try {
    let response: Response
    try {
      response = await fetchImpl(endpoint.trim(), {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=utf-8' },
        body: JSON.stringify(body),
        signal: controller.signal,
      })
    } catch {
      return networkIssue
    }
    if (!response.ok) return { ok: false, message: await readErrorText(response), answered: false }
    let text: string
    try {
      text = await response.text()
    } catch {
      return networkIssue // the connection dropped while the answer was arriving
    }
    return readResult(text)
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', abort)
  }
}

function toBody({ firstName, email, source, website, submissionId, ...rest }: SignupBody) {
  return {
    firstName: firstName.trim(),
    email: email.trim(),
    source,
    submissionId: submissionId ?? newSubmissionId(),
    ...(website ? { website } : {}),
    // The consent record (and any other field of the signup); JSON leaves out the fields that are undefined
    // (not known), so nothing is sent empty.
    ...rest,
  }
}

async function readErrorText(response: Response): Promise<string> {
  try {
    return (await response.text()).trim() || HTTP_ERROR_MESSAGE
  } catch {
    return UNREADABLE_ERROR_MESSAGE
  }
}

function readResult(text: string): EndpointReply {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { ok: false, message: NO_MESSAGE_FALLBACK, answered: false }
  }
  if (typeof data !== 'object' || data === null) return { ok: false, message: NO_MESSAGE_FALLBACK, answered: false }
  const { ok, message } = data as { ok?: unknown; message?: unknown }
  const serverMessage = typeof message === 'string' ? message.trim() : ''
  if (ok === true) return { ok: true, message: serverMessage, answered: true }
  return { ok: false, message: serverMessage || API_ERROR_MESSAGE, answered: true }
}

// crypto.randomUUID exists only in secure contexts; fall back to getRandomValues for a version 4 UUID.
function newSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
