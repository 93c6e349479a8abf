// Sends the webhooks' deliveries: the one queue's HTTP transport (platform/outbox/: its claim, lease, finish and
// retry are the outbox's own, each delivery an entry of transport `http` whose subject is its log row in
// webhook_deliveries). Each endpoint is a lane of the queue: a lane claims that endpoint's due entries, up to
// `perEndpoint` at once, with the outbox's lease (on PostgreSQL FOR UPDATE SKIP LOCKED: several instances share the
// table and never take the same entry; on SQLite one process owns the file), posts them (webhook-post.ts), records
// what came back in the log (status, time, attempt, the reply's status and its first words) in the transaction that
// finishes the entry or sets its retry, and claims again until nothing of its lane is due. So a receiver that
// answers slowly, or never, holds back its own deliveries only: every other endpoint's lane goes on. Each run of
// the clock starts a lane for every endpoint with something due that has none running in this instance, and does
// not wait for them.
//
// A failure is tried again on the specification's schedule (the entry's retry names it), about a day in all; an
// endpoint whose deliveries have failed for a day is turned off with a note the console shows, and its lane held.
// A delivery is sent at least once: twice only if its instance died between the post and the record (the lease
// then ends, and another takes it), which is why the receiver dedupes by webhook-id.
import type { Database, Db } from '../../platform/database/database'
import { holdLane } from '../../platform/outbox/outbox-queue'
import type { OutboxStore } from '../../platform/outbox/outbox-store'
import { listedSchedule } from '../../platform/outbox/retry-schedule'
import type { Logger } from '../../platform/observability/logger'
import type { Resolve } from './address-guard'
import { postWebhook, type PostResult } from './webhook-post'
import { httpTransport, laneOf, untilDelivered, webhookKind } from './webhook-outbox'
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

export function webhookDeliverer(database: Database, outbox: OutboxStore, settings: DeliverySettings): Deliverer {
  const { db, lockRows } = database
  const perEndpoint = settings.perEndpoint ?? deliveryRules.perEndpoint
  const iso = (date: Date) => date.toISOString()
  const clock = settings.now
  const lanes = new Map<string, Promise<void>>()
  let stopped = false
  // The two schedules an entry's retry names (webhook-outbox.ts), in the queue's one backoff
  // (platform/outbox/retry-schedule.ts).
  const waits = settings.retryAfterMs ?? deliveryRules.retryAfterMs
  const standard = listedSchedule(waits)
  const untilDone = listedSchedule(waits, { untilDone: true })

  type Claimed = Awaited<ReturnType<OutboxStore['claim']>>[number]
  type Logged = { id: number; endpoint_id: number; webhook_id: string; body: string | null; erasure: number }

  // The delivery's log row and the queue's entry are written in one transaction: the log says what the console
  // shows (status, attempts, the reply), the entry when it is tried again or that it is finished.
  async function record(entry: Claimed, delivery: Logged, result: PostResult, at: Date) {
    // An erasure is never given up while it has its address to send: past the schedule it is tried at the
    // schedule's last wait, and waits while its endpoint is off (a day of failures turns it off), until delivered.
    const retryAfter = (entry.retry === untilDelivered && delivery.body !== null ? untilDone : standard)(entry.attempts)
    const givenUp = !result.ok && retryAfter === undefined
    const finished = result.ok || givenUp
    const nextAt = finished || retryAfter === undefined ? at : new Date(at.getTime() + retryAfter)
    const logged = async (trx: Db) => {
      await trx
        .updateTable('webhook_deliveries')
        .set({
          status: result.ok ? 'delivered' : givenUp ? 'failed' : 'pending',
          finished_at: finished ? iso(at) : null,
          next_attempt_at: iso(nextAt),
          last_attempt_at: iso(at),
          reply_status: result.status,
          reply_excerpt: result.excerpt,
          last_error: result.ok ? null : result.error,
          // An erasure's own body (the address), and any reply that echoed it, are kept only as long as delivering it needs.
          ...(finished && delivery.erasure === 1 && { body: null, reply_excerpt: null }),
        })
        .where('id', '=', delivery.id)
        // One cancelled while in flight (its person erased: their entries taken back) stays cancelled.
        .where('finished_at', 'is', null)
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
        // Its deliveries wait, held, until the team turns it on again (endpoint-store.ts setEnabled).
        await holdLane(trx, laneOf(delivery.endpoint_id), webhookKind, at)
        settings.log?.warn({ endpoint: delivery.endpoint_id }, 'webhooks: an endpoint failed for a day and is turned off')
      } else if (endpoint.failing_since === null) await trx.updateTable('webhook_endpoints').set({ failing_since: since }).where('id', '=', delivery.endpoint_id).execute()
    }
    if (finished) await outbox.finish(entry.id, at, result.ok ? 'sent' : 'failed', result.ok ? undefined : result.error, logged)
    else await outbox.retry(entry.id, nextAt, result.ok ? '' : result.error, logged)
    settings.onPosted?.(result.ok ? 'delivered' : givenUp ? 'failed' : 'retry')
  }

  async function deliver(entry: Claimed, delivery: Logged | undefined, now: Date): Promise<boolean> {
    // Its log row is gone with its endpoint (endpoint-store.ts remove): nothing to post, nothing to record.
    if (!delivery) {
      await outbox.finish(entry.id, clock(), 'skipped')
      return false
    }
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
      // The point before sending: a check that may stop a post (a suppression) goes here, as the mail's goes before
      // the sender's send (platform/outbox/outbox-sender.ts).
      result = await postWebhook(endpoint.url, webhookHeaders(secrets, delivery.webhook_id, now, body), body, {
        allowPrivate: settings.allowPrivate,
        resolve: settings.resolve,
        timeoutMs: settings.timeoutMs,
      })
    }
    await record(entry, delivery, result, clock())
    return result.ok
  }

  // One endpoint's lane of the queue, a few at a time, until none is due; a failure of the database ends the lane
  // (its claims' leases end, and a later lane takes them up).
  async function lane(name: string) {
    try {
      while (!stopped) {
        const now = clock()
        const claimed = await outbox.claim(now, perEndpoint, deliveryRules.leaseMs, { transport: httpTransport, lane: name })
        if (claimed.length === 0) return
        // The log counts an attempt once it is taken, as an erasure reads it (webhook-outbox.ts forgetPerson: an
        // endpoint being sent the person hears of their erasure), and gives back what each post carries, in one
        // statement for the batch.
        const ids = claimed.flatMap((entry) => (entry.subjectId === null ? [] : [entry.subjectId]))
        const logged =
          ids.length === 0
            ? []
            : await db
                .updateTable('webhook_deliveries')
                .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
                .where('id', 'in', ids)
                .returning(['id', 'endpoint_id', 'webhook_id', 'body', 'erasure'])
                .execute()
        const logOf = new Map(logged.map((row) => [Number(row.id), row]))
        const settled = await Promise.allSettled(claimed.map((entry) => deliver(entry, entry.subjectId === null ? undefined : logOf.get(Number(entry.subjectId)), now)))
        const failure = settled.find((result) => result.status === 'rejected')
        if (failure) throw failure.reason
      }
    } catch (error) {
      settings.log?.warn({ err: error, lane: name }, 'webhooks: cannot deliver to an endpoint now; will try again')
    }
  }

  return {
    async deliverDue() {
      if (stopped) return { started: 0 }
      const idle = (await outbox.dueLanes(clock(), httpTransport)).filter((name) => !lanes.has(name))
      for (const name of idle) lanes.set(name, lane(name).finally(() => lanes.delete(name)))
      return { started: idle.length }
    },
    async stop() {
      stopped = true
      await Promise.all(lanes.values())
    },
  }
}
