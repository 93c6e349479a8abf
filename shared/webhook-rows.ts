// What the console's API says about webhooks (server/features/webhooks/, issue 33) and the console reads: one
// description for both sides. An endpoint is a URL the team adds, the events it wants, and a signing secret shown
// once; each event it wants becomes a delivery, signed as the Standard Webhooks specification says, retried on a
// schedule, and logged. docs/webhooks.md describes each event's payload.

/** Every event an endpoint may ask for. `webhook.test` is sent only by the console's "send a test". */
export const webhookEventTypes = [
  'signup.confirmed',
  'referral.credited',
  'invitation.sent',
  'invitation.claimed',
  'person.unsubscribed',
  'person.erased',
  'person.activated',
  'person.suppressed',
] as const
export type WebhookEventType = (typeof webhookEventTypes)[number] | 'webhook.test'
export const isWebhookEventType = (value: unknown): value is (typeof webhookEventTypes)[number] => webhookEventTypes.some((type) => type === value)

export const webhookEventWords: Record<(typeof webhookEventTypes)[number], string> = {
  'signup.confirmed': 'A person confirmed their address',
  'referral.credited': 'A referral was credited to the person who shared',
  'invitation.sent': 'A wave invited a person',
  'invitation.claimed': 'A person claimed their invitation',
  'person.unsubscribed': 'A person unsubscribed',
  'person.erased': 'A person was erased (carries their address, so copies can erase too)',
  'person.activated': 'A person installed the app and signed in',
  'person.suppressed': 'A person\'s address went on the suppression list (a bounce, a complaint, or the team)',
}

/** Where a delivery stands. */
export const deliveryStatuses = ['pending', 'delivered', 'failed', 'cancelled'] as const
export type DeliveryStatus = (typeof deliveryStatuses)[number]

/** Why an endpoint is off: the team turned it off, or its deliveries failed for a day. */
export type EndpointOffReason = 'team' | 'failing'

export type WebhookEndpointRow = {
  id: number
  url: string
  events: (typeof webhookEventTypes)[number][]
  enabled: boolean
  /** Set when it is off: why, when, and a note for the console. */
  off: { reason: EndpointOffReason; at: string; note: string } | null
  /** While a rotation's old secret is still accepted (signed with too): until when. */
  previousSecretUntil: string | null
  createdAt: string
  createdBy: string
  /** Erasures (person.erased) still waiting to reach it: a deletion drops them, and the system it feeds keeps those
   * people. */
  erasuresWaiting: number
}

export type WebhookDeliveryRow = {
  id: number
  webhookId: string
  type: WebhookEventType
  status: DeliveryStatus
  createdAt: string
  attempts: number
  lastAttemptAt: string | null
  nextAttemptAt: string | null
  replyStatus: number | null
  replyExcerpt: string | null
  error: string | null
  /** The body sent, for 7 days (then only the status row), and never once its person is erased. */
  body: string | null
}

/** GET /webhooks. */
export type WebhookEndpointsReply = { endpoints: WebhookEndpointRow[]; eventTypes: typeof webhookEventTypes }
/** POST /webhooks and POST /webhooks/:id/rotate: the secret, shown this once. */
export type WebhookSecretReply = { endpoint: WebhookEndpointRow; secret: string }
/** GET /webhooks/:id/deliveries: a page, newest first; `older` is the cursor of the next page (null: none); `lookedAt`
 * is the server's time of the read, which the console shows as when it last looked. */
export type WebhookDeliveriesReply = { deliveries: WebhookDeliveryRow[]; older: string | null; lookedAt: string }
/** POST /webhooks and PATCH /webhooks/:id: what the team sends. */
export type WebhookEndpointInput = { url: string; events: string[] }

export const deliveryPageSize = 25

/** The refusals the console shows in words. */
export type WebhookRefusal = 'bad-url' | 'no-events' | 'same-url' | 'not-found'
