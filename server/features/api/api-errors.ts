// How /api/v1 refuses: JSON `{ "error": { "code", "message" } }`, where the code is stable (shared/api-keys.ts) and
// the message is for the developer reading it. Every refusal of the wing goes through `apiError`, and the OpenAPI
// document describes them with one schema (v1-routes.ts).
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ApiErrorCode } from '../../../shared/api-keys'

export const apiErrorMessages = {
  unauthorized: 'Send a valid, unrevoked API key as Authorization: Bearer <key>.',
  insufficient_scope: 'This API key does not have the scope this request needs.',
  rate_limited: 'Too many requests with this API key: wait for the time Retry-After gives.',
  invalid_request: 'The request body is not what this route takes: see /api/v1/openapi.json.',
  body_too_large: 'The request body is too large.',
  person_not_found: 'Nobody on the list has this address.',
  invitation_not_found: 'No invitation has this id.',
  code_not_found: 'This activation code is unknown, expired, or was used for another activation.',
  not_invited: 'No wave has invited this person, so they cannot be activated.',
  not_found: 'There is no such route in /api/v1.',
  server_error: 'Something went wrong on our side.',
  unavailable: 'The service is unavailable for a moment: try again shortly.',
} as const satisfies Record<ApiErrorCode, string>

export type ApiErrorBody = { error: { code: ApiErrorCode; message: string } }

export function apiError<Code extends ApiErrorCode, Status extends ContentfulStatusCode>(c: Context, code: Code, status: Status, headers?: Record<string, string>) {
  return c.json({ error: { code, message: apiErrorMessages[code] } }, status, headers)
}
