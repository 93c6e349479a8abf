// An endpoint's signing secret and the Standard Webhooks signature made with it
// (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md, "Signature scheme").
//
// Unlike every other secret of the service (platform/secrets/tokens.ts), this one cannot be kept as a hash: each
// delivery is signed with the secret itself, so the database holds it as it was made. Encrypting it under a key
// from the environment would put that key beside the database on the hosts this runs on, and add a key to rotate,
// for little: whoever reads the database can already read every payload it would protect. What the secret guards
// is one receiver's trust in our signature, and rotation (endpoint-store.ts) ends a leaked one. It is shown once,
// when made, and never logged or sent back by the API after that.
import { createHmac, randomBytes } from 'node:crypto'

export const secretPrefix = 'whsec_'
/** 24 random bytes: the specification asks for between 24 and 64. */
export const secretBytes = 24

export const newWebhookSecret = () => `${secretPrefix}${randomBytes(secretBytes).toString('base64')}`

/** `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed by the secret's base64-decoded bytes. */
export function signature(secret: string, webhookId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(secretPrefix.length), 'base64')
  return `v1,${createHmac('sha256', key).update(`${webhookId}.${timestampSeconds}.${body}`, 'utf8').digest('base64')}`
}

/** The three headers of a delivery. While a rotation's old secret is still valid, both sign: the signatures are
 * separated by a space, as the specification allows, so a receiver holding either secret verifies. */
export function webhookHeaders(secrets: readonly string[], webhookId: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000)
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signature(secret, webhookId, timestamp, body)).join(' '),
  }
}

export const newWebhookId = () => `msg_${randomBytes(18).toString('base64url')}`
