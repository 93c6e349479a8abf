// Every event's payload, once (docs/webhooks.md describes each). A payload is the Standard Webhooks envelope
// (`type`, `timestamp`, `data`) with a `version`: a change a receiver could trip over is a new version, never
// an edit of this one. Each is minimal: ids, and a name or an address only where the receiver needs them to act
// (an invitation to let someone in, a confirmation to add them to a copy, an erasure to erase that copy).
import type { WebhookEventType } from '../../../shared/webhook-rows'
import type { SuppressionReason, SuppressionSource } from '../../../shared/suppression'

export const payloadVersion = 1

type Person = { id: number }

export type WebhookData = {
  'signup.confirmed': { person: Person & { email: string; firstName: string } }
  /** The person credited only: the friend's id would outlive the friend's erasure in the referrer's deliveries. */
  'referral.credited': { referrer: Person & { credits: number } }
  'invitation.sent': { invitation: { id: number; waveId: number; expiresAt: string }; person: Person & { email: string; firstName: string } }
  'invitation.claimed': { invitation: { id: number }; person: Person }
  'person.unsubscribed': { person: Person }
  /** The address only: what a downstream copy needs to find and erase the person, and nothing else. */
  'person.erased': { person: { email: string } }
  'person.activated': { person: Person; invitation: { id: number } | null }
  /** Why and from where: no address, no provider's words (the console shows those to the team). */
  'person.suppressed': { person: Person; suppression: { reason: SuppressionReason; source: SuppressionSource } }
  'webhook.test': { message: string }
}

export type WebhookPayload<Type extends WebhookEventType = WebhookEventType> = { type: Type; version: typeof payloadVersion; timestamp: string; data: WebhookData[Type] }

/** The body of one event, as every endpoint that wants it receives it. */
export const payloadOf = <Type extends WebhookEventType>(type: Type, at: Date, data: WebhookData[Type]): string =>
  JSON.stringify({ type, version: payloadVersion, timestamp: at.toISOString(), data } satisfies WebhookPayload<Type>)
