// The consent requests (confirm, unsubscribe, ask for erasure, confirm erasure), sent like the signup (JSON
// as text/plain, no preflight, 15 s at most: docs/product-rules.md#the-waitlist-form) to the configured
// endpoint plus a suffix: with VITE_WAITLIST_ENDPOINT=/api/waitlist, confirming posts to
// /api/waitlist/confirm (shared/consent-paths.ts).
import type { EndpointReply } from '../../machines/request-form'
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

/** Sends a link's token (`{"token":…}`); the reply's `answered` tells a refused link from a failed request. */
export const sendConsentToken = (action: Exclude<ConsentAction, 'erase'>, token: string, { endpoint, ...options }: ConsentRequestOptions) =>
  postAsPlainText({ token }, { ...options, endpoint: consentEndpoint(endpoint, action) })

/** Asks for an erasure link (`{"email":…}`). */
export const requestErasure = (email: string, { endpoint, ...options }: ConsentRequestOptions): Promise<EndpointReply> =>
  postAsPlainText({ email: email.trim() }, { ...options, endpoint: consentEndpoint(endpoint, 'erase') })
