// Sends the webhooks' outbox (webhook-outbox.ts). Each endpoint has a lane of its own: a lane claims that
// endpoint's due deliveries, up to `perEndpoint` at once, with a lease (on PostgreSQL FOR UPDATE SKIP LOCKED:
// several instances share the table and never take the same row; on SQLite one process owns the file), posts
// them (webhook-post.ts), records what came back (status, time, attempt, the reply's status and its first words),
// and claims again until nothing of its endpoint is due. So a receiver that answers slowly, or never, holds back
// its own deliveries only: every other endpoint's lane goes on. Each run of the clock starts a lane for every
// endpoint with something due that has none running in this instance, and does not wait for them.
//
// A failure is tried again on the specification's schedule, about a day in all; an endpoint whose deliveries
// have failed for a day is turned off with a note the console shows. A delivery is sent at least once: twice
// only if its instance died between the post and the record (the lease then ends, and another takes it), which
// is why the receiver dedupes by webhook-id.
import type { ExpressionBuilder } from 'kysely'
import type { Database } from '../../platform/database/database'
import type { Tables } from '../../platform/database/schema'
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
  /** How many deliveries of one endpoint are posted at once, in each instance. */
  perEndpoint: 4,
} as const

export const failingNote = (since: string) => `Turned off: every delivery failed for a day, since ${since}. Turn it back on once the receiver answers again.`

/** A delivery the deliverer takes once it is due: its endpoint is on, or it is a test (the team may be trying the
 * receiver before turning it on). One that waits for its endpoint to be turned on is held, not due. */
export const deliverable = (eb: ExpressionBuilder<Tables, 'webhook_deliveries'>) =>
  eb.or([eb('type', '=', 'webhook.test'), eb('endpoint_id', 'in', eb.selectFrom('webhook_endpoints').select('id').where('enabled', '=', 1))])

/** How a post ended: delivered (a 2xx), retry (failed, tried again on the schedule), failed (given up). */
export type PostOutcome = 'delivered' | 'retry' | 'failed'

export type DeliverySettings = {
  allowPrivate: boolean
  /** A test's resolver, run through the address guard as DNS would be. */
  resolve?: Resolve
  timeoutMs?: number
  perEndpoint?: number
  log?: Pick<Logger, 'warn'>
  /** The clock each batch reads (the composition's, which tests drive). */
  now: () => Date
  /** Another schedule (bench:webhooks runs the specification's, compressed, to finish in minutes). */
  retryAfterMs?: readonly number[]
  /** Told how each post ended, once recorded, for the metrics (delivery-watch.ts countPosts). */
  onPosted?: (outcome: PostOutcome) => void
}

export type Deliverer = {
  /** Starts a lane for every endpoint with a delivery due and no lane running here, and says how many it started;
   * the lanes run on after it returns. */
  deliverDue(): Promise<{ started: number }>
  /** Lets no lane take more, and waits for the posts in flight and their records. */
  stop(): Promise<void>
}

export function webhookDeliverer(database: Database, settings: DeliverySettings): Deliverer {
  const { db, lockRows } = database
  const perEndpoint = settings.perEndpoint ?? deliveryRules.perEndpoint
  const iso = (date: Date) => date.toISOString()
  const clock = settings.now
  const lanes = new Map<number, Promise<void>>()
  let stopped = false

  /** The deliveries due now: their lease over or never taken, and deliverable. */
  const due = (now: Date) =>
    db
      .selectFrom('webhook_deliveries')
      .where('finished_at', 'is', null)
      .where('next_attempt_at', '<=', iso(now))
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', iso(now))]))
      .where(deliverable)

  async function claim(now: Date, endpointId: number) {
    const claimable = due(now).select('id').where('endpoint_id', '=', endpointId).orderBy('next_attempt_at').orderBy('id').limit(perEndpoint)
    return db
      .updateTable('webhook_deliveries')
      .set((eb) => ({ claimed_until: iso(new Date(now.getTime() + deliveryRules.leaseMs)), attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', lockRows(claimable, { skipLocked: true }))
      .returning(['id', 'endpoint_id', 'webhook_id', 'body', 'attempts', 'erasure', 'created_at'])
      .execute()
  }

  type Claimed = Awaited<ReturnType<typeof claim>>[number]

  async function record(delivery: Claimed, result: PostResult, at: Date) {
    const schedule = settings.retryAfterMs ?? deliveryRules.retryAfterMs
    // An erasure is never given up while it has its address to send: past the schedule it is tried at the
    // schedule's last wait, and waits while its endpoint is off (a day of failures turns it off), until delivered.
    const tries = delivery.erasure === 1 && delivery.body !== null ? Math.min(delivery.attempts, schedule.length) : delivery.attempts
    const retryAfter = schedule[tries - 1]
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
    settings.onPosted?.(result.ok ? 'delivered' : givenUp ? 'failed' : 'retry')
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

  // One endpoint's deliveries, a few at a time, until none is due; a failure of the database ends the lane (its
  // claims' leases end, and a later lane takes them up).
  async function lane(endpointId: number) {
    try {
      while (!stopped) {
        const now = clock()
        const claimed = await claim(now, endpointId)
        if (claimed.length === 0) return
        const settled = await Promise.allSettled(claimed.map((delivery) => deliver(delivery, now)))
        const failure = settled.find((result) => result.status === 'rejected')
        if (failure) throw failure.reason
      }
    } catch (error) {
      settings.log?.warn({ err: error, endpoint: endpointId }, 'webhooks: cannot deliver to an endpoint now; will try again')
    }
  }

  return {
    async deliverDue() {
      if (stopped) return { started: 0 }
      const waiting = await due(clock()).select('endpoint_id').distinct().execute()
      const idle = waiting.map((row) => Number(row.endpoint_id)).filter((id) => !lanes.has(id))
      for (const id of idle) lanes.set(id, lane(id).finally(() => lanes.delete(id)))
      return { started: idle.length }
    },
    async stop() {
      stopped = true
      await Promise.all(lanes.values())
    },
  }
}
