// The waitlist call of SPEC §7, without React. A text/plain POST is a CORS simple request: the browser
// sends it without a preflight. Every outcome, including a network failure or the time-out, comes back
// as { ok, message } with the exact words of the SPEC §8 catalogue; this function never throws.
import {
  API_ERROR_MESSAGE,
  ENDPOINT_NOT_CONFIGURED_MESSAGE,
  HTTP_ERROR_MESSAGE,
  NETWORK_ISSUE_MESSAGE,
  NO_MESSAGE_FALLBACK,
  UNREADABLE_ERROR_MESSAGE,
} from '../../machines/waitlist-messages'
import { SUBMIT_TIMEOUT_MS } from '../../machines/waitlist-machine'

/** The client gives up on its own after the machine's submitTimeout too, for callers without the machine. */
export const WAITLIST_TIMEOUT_MS = SUBMIT_TIMEOUT_MS

export interface WaitlistPayload {
  firstName: string
  email: string
  source: string
  /** Honeypot: a person leaves it empty; the server drops signups that fill it. */
  website?: string
  /** Lets the server recognise a retried submission; generated when absent. */
  submissionId?: string
}

export interface WaitlistClientOptions {
  /** Absolute URL, or relative to the page ('/api/waitlist'). Empty means not configured. */
  endpoint: string
  signal?: AbortSignal
  timeoutMs?: number
  fetchImpl?: typeof fetch
}

export interface WaitlistResponse {
  ok: boolean
  message: string
}

const networkIssue: WaitlistResponse = { ok: false, message: NETWORK_ISSUE_MESSAGE }

export async function submitWaitlistSignup(
  payload: WaitlistPayload,
  { endpoint, signal, timeoutMs = WAITLIST_TIMEOUT_MS, fetchImpl = fetch }: WaitlistClientOptions,
): Promise<WaitlistResponse> {
  if (!endpoint.trim()) return { ok: false, message: ENDPOINT_NOT_CONFIGURED_MESSAGE }

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
        body: JSON.stringify(toBody(payload)),
        signal: controller.signal,
      })
    } catch {
      return networkIssue
    }
    if (!response.ok) return { ok: false, message: await readErrorText(response) }
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

function toBody({ firstName, email, source, website, submissionId }: WaitlistPayload) {
  return {
    firstName: firstName.trim(),
    email: email.trim(),
    source,
    submissionId: submissionId ?? newSubmissionId(),
    ...(website ? { website } : {}),
  }
}

async function readErrorText(response: Response): Promise<string> {
  try {
    return (await response.text()).trim() || HTTP_ERROR_MESSAGE
  } catch {
    return UNREADABLE_ERROR_MESSAGE
  }
}

function readResult(text: string): WaitlistResponse {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { ok: false, message: NO_MESSAGE_FALLBACK }
  }
  if (typeof data !== 'object' || data === null) return { ok: false, message: NO_MESSAGE_FALLBACK }
  const { ok, message } = data as { ok?: unknown; message?: unknown }
  const serverMessage = typeof message === 'string' ? message.trim() : ''
  if (ok === true) return { ok: true, message: serverMessage }
  return { ok: false, message: serverMessage || API_ERROR_MESSAGE }
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
