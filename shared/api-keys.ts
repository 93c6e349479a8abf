// The API keys and the small versioned API (issue 33), as the console, the server and the docs all read them:
// the scopes a key may hold, what the console's list shows of a key and what it answers when one is made, the
// errors' stable codes, and how long the activation code on the invitation page works. Written once here, so the
// console's checkboxes, the server's checks and the page's sentence cannot disagree.

/** What a key may do: read a person's status and invitation, or record that a person started the app. */
// answers:read gives a person's ordinary answers (issue 52); answers:sensitive:read adds their health answers, never
// given unless chosen (a key starts with no scope) and audited on every call.
export const apiScopes = ['people:read', 'activations:write', 'answers:read', 'answers:sensitive:read'] as const
export type ApiScope = (typeof apiScopes)[number]
export const isApiScope = (value: unknown): value is ApiScope => apiScopes.some((scope) => scope === value)

/** The versioned API's base path, and its OpenAPI document beside it. */
export const apiV1Base = '/api/v1'
export const apiV1DocumentPath = `${apiV1Base}/openapi.json`

/** Every key starts so, for secret scanners and for people who find one in a log; then its public prefix. */
export const apiKeyMark = 'wlk_'
/** Characters of the secret shown in the console to recognise a key: public, never enough to use it. */
export const apiKeyPrefixLength = 8

/** A key's name, as the team types it in the console. */
export const apiKeyNameMax = 80

/** One key as the console lists it: never the key or its hash. Times are ISO 8601; null until it happens. */
export type ApiKeyRow = {
  id: number
  name: string
  scopes: ApiScope[]
  /** `wlk_` and the first characters of the secret, the way the key itself starts. */
  prefix: string
  createdBy: string
  createdAt: string
  lastUsedAt: string | null
  revokedAt: string | null
}
export type ApiKeysReply = { keys: ApiKeyRow[] }
/** A key just made: the only reply that ever carries the key itself. */
export type MadeApiKey = { key: ApiKeyRow; secret: string }
/** What the console posts to make a key. */
export type MakeApiKey = { name: string; scopes: ApiScope[] }

/** The console's paths for keys, under /api/admin. */
export const apiKeysPath = '/api-keys'
export const revokeApiKeyPath = (id: number) => `${apiKeysPath}/${id}/revoke`

/** The stable codes of the API's errors (`{ "error": { "code", "message" } }`): a client acts on the code, never
 * on the message, which may be reworded. */
export const apiErrorCodes = [
  'unauthorized',
  'insufficient_scope',
  'rate_limited',
  'invalid_request',
  'body_too_large',
  'person_not_found',
  'invitation_not_found',
  'code_not_found',
  'not_invited',
  'not_found',
  'server_error',
  'unavailable',
] as const
export type ApiErrorCode = (typeof apiErrorCodes)[number]

/** How long the activation code shown after a claim works: a month to install the app and start it. */
export const activationCodeLifetimeMs = 30 * 86_400_000
