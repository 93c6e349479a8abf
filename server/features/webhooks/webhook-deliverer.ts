// Sends the webhooks' outbox (webhook-outbox.ts). Each run claims the due deliveries with a lease (on PostgreSQL
// FOR UPDATE SKIP LOCKED: several instances share the table and never take the same row; on SQLite one process
// owns the file), posts each (webhook-post.ts), and records what came back: status, time, attempt, the reply's
// status and its first words. A failure is tried again on the specification's schedule, about a day in all; an
// endpoint whose deliveries have failed for a day is turned off with a note the console shows. A delivery is
// sent at least once: twice only if its instance died between the post and the record (the lease then ends, and
// another takes it), which is why the receiver dedupes by webhook-id.
import type { Database } from '../../platform/database/database'
import type { Logger } from '../../platform/observability/logger'
import type { Resolve } from './address-guard'
import { postWebhook, type PostResult } from './webhook-post'
import { webhookHeaders } from './webhook-secrets'

const second = 1000
const minute = 60 * second
const hour = 60 * minute

export const deliveryRules = {
  /** The wait after each failed attempt (the Standard Webhooks specification's example schedule): after the
   * last, the delivery is given up. 27.6 hours from the first attempt to the last. */
  retryAfterMs: [5 * second, 5 * minute, 30 * minute, 2 * hour, 5 * hour, 10 * hour, 10 * hour],
  /** An endpoint failing this long, with no success between, is turned off. */
  turnOffAfterMs: 24 * hour,
  /** How long a claim holds its rows: longer than an exchange may take (webhook-post.ts, 10 s). */
  leaseMs: minute,
  batchSize: 20,
} as const

export const failingNote = (since: string) => `Turned off: every delivery failed for a day, since ${since}. Turn it back on once the receiver answers again.`

export type DeliverySettings = {
  allowPrivate: boolean
  /** A test's resolver, run through the address guard as DNS would be. */
  resolve?: Resolve
  timeoutMs?: number
  batchSize?: number
  log?: Pick<Logger, 'warn'>
  /** The clock each batch reads (the composition's, which tests drive). */
  now: () => Date
  /** Another schedule (bench:webhooks runs the specification's, compressed, to finish in minutes). */
  retryAfterMs?: readonly number[]
}

export type Deliverer = {
  /** Delivers every due delivery, batch after batch, and says how many went and how many failed. */
  deliverDue(): Promise<{ delivered: number; failed: number }>
}

export function webhookDeliverer(database: Database, settings: DeliverySettings): Deliverer {
  const { db, lockRows } = database
  const batchSize = settings.batchSize ?? deliveryRules.batchSize
  const iso = (date: Date) => date.toISOString()
  const clock = settings.now

  async function claim(now: Date) {
    const due = db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('finished_at', 'is', null)
      .where('next_attempt_at', '<=', iso(now))
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', iso(now))]))
      // A test goes to an endpoint that is off too: the team may be trying the receiver before turning it on.
      .where((eb) => eb.or([eb('type', '=', 'webhook.test'), eb('endpoint_id', 'in', eb.selectFrom('webhook_endpoints').select('id').where('enabled', '=', 1))]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(batchSize)
    return db
      .updateTable('webhook_deliveries')
      .set((eb) => ({ claimed_until: iso(new Date(now.getTime() + deliveryRules.leaseMs)), attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', lockRows(due, { skipLocked: true }))
      .returning(['id', 'endpoint_id', 'webhook_id', 'body', 'attempts', 'erasure', 'created_at'])
      .execute()
  }

  type Claimed = Awaited<ReturnType<typeof claim>>[number]

  async function record(delivery: Claimed, result: PostResult, at: Date) {
    const retryAfter = (settings.retryAfterMs ?? deliveryRules.retryAfterMs)[delivery.attempts - 1]
    const givenUp = !result.ok && retryAfter === undefined
    const finished = result.ok || givenUp
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('webhook_deliveries')
        .set({
          status: result.ok ? 'delivered' : givenUp ? 'failed' : 'pending',
          finished_at: finished ? iso(at) : null,
          next_attempt_at: finished || retryAfter === undefined ? iso(at) : iso(new Date(at.getTime() + retryAfter)),
          claimed_until: null,
          last_attempt_at: iso(at),
          reply_status: result.status,
          reply_excerpt: result.excerpt,
          last_error: result.ok ? null : result.error,
          // An erasure's own body (the address), and any reply that echoed it, are kept only as long as delivering it needs.
          ...(finished && delivery.erasure === 1 && { body: null, reply_excerpt: null }),
        })
        .where('id', '=', delivery.id)
        .execute()
      if (result.ok) {
        await trx.updateTable('webhook_endpoints').set({ failing_since: null }).where('id', '=', delivery.endpoint_id).where('failing_since', 'is not', null).execute()
        return
      }
      const endpoint = await lockRows(trx.selectFrom('webhook_endpoints').select(['failing_since', 'enabled']).where('id', '=', delivery.endpoint_id)).executeTakeFirst()
      if (!endpoint) return
      const since = endpoint.failing_since ?? iso(at)
      if (endpoint.enabled === 1 && at.getTime() - new Date(since).getTime() >= deliveryRules.turnOffAfterMs) {
        await trx.updateTable('webhook_endpoints').set({ enabled: 0, off_reason: 'failing', off_at: iso(at), failing_since: since }).where('id', '=', delivery.endpoint_id).execute()
        settings.log?.warn({ endpoint: delivery.endpoint_id }, 'webhooks: an endpoint failed for a day and is turned off')
      } else if (endpoint.failing_since === null) await trx.updateTable('webhook_endpoints').set({ failing_since: since }).where('id', '=', delivery.endpoint_id).execute()
    })
  }

  async function deliver(delivery: Claimed, now: Date): Promise<boolean> {
    const endpoint = await db
      .selectFrom('webhook_endpoints')
      .select(['url', 'secret', 'previous_secret', 'previous_secret_until'])
      .where('id', '=', delivery.endpoint_id)
      .executeTakeFirst()
    const body = delivery.body
    let result: PostResult
    if (!endpoint || body === null) result = { ok: false, status: null, excerpt: null, error: endpoint ? 'its body was cleared' : 'its endpoint was deleted' }
    else {
      const stillValid = endpoint.previous_secret !== null && endpoint.previous_secret_until !== null && new Date(endpoint.previous_secret_until) > now
      const secrets = stillValid ? [endpoint.secret, endpoint.previous_secret!] : [endpoint.secret]
      result = await postWebhook(endpoint.url, webhookHeaders(secrets, delivery.webhook_id, now, body), body, {
        allowPrivate: settings.allowPrivate,
        resolve: settings.resolve,
        timeoutMs: settings.timeoutMs,
      })
    }
    await record(delivery, result, clock())
    return result.ok
  }

  return {
    async deliverDue() {
      let delivered = 0
      let failed = 0
      for (;;) {
        const now = clock()
        const claimed = await claim(now)
        const results = await Promise.all(claimed.map((delivery) => deliver(delivery, now)))
        for (const ok of results) if (ok) delivered++
        else failed++
        if (claimed.length < batchSize) return { delivered, failed }
      }
    },
  }
}
