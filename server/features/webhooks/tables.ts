// The webhooks' tables, merged into the platform's `Tables` (platform/database/schema.ts says how).
import type { Generated } from 'kysely'
import type { DeliveryStatus, EndpointOffReason } from '../../../shared/webhook-rows'

declare module '../../platform/database/schema' {
  interface Tables {
    webhook_endpoints: {
      id: Generated<number>
      url: string
      /** The event types it wants, as a JSON list. */
      events: string
      /** whsec_ and base64 of 24 random bytes (webhook-secrets.ts). */
      secret: string
      /** A rotated-out secret, still signed with until `previous_secret_until`. */
      previous_secret: string | null
      previous_secret_until: string | null
      /** 1 on, 0 off (both engines store it as an integer). */
      enabled: number
      off_reason: EndpointOffReason | null
      off_at: string | null
      /** The first failure since the last success: a day of failures turns the endpoint off. */
      failing_since: string | null
      created_at: string
      created_by: string
    }
    webhook_deliveries: {
      id: Generated<number>
      endpoint_id: number
      /** The Standard Webhooks message id: one per event, the same for each endpoint and each attempt. */
      webhook_id: string
      type: string
      /** The person it names, until they are erased (their bodies are cleared then). */
      signup_id: number | null
      /** 1 for a person.erased delivery: its body is cleared once delivered or given up. */
      erasure: number
      body: string | null
      created_at: string
      next_attempt_at: string
      attempts: Generated<number>
      /** The lease, before the one queue held it (outbox claimed_until, since 2026-12-06); no longer written. */
      claimed_until: string | null
      status: DeliveryStatus
      finished_at: string | null
      last_attempt_at: string | null
      reply_status: number | null
      reply_excerpt: string | null
      last_error: string | null
    }
  }
}
