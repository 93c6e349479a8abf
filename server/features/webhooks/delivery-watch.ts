// The webhooks' deliveries as the platform watches a transport of the one queue (platform/observability/
// watched-queue.ts): the outbox's figures for its HTTP entries (one held for an endpoint that is off is not
// waiting), the endpoints failing now, and a stall for /healthz. A receiver that fails is not this server failing:
// its deliveries wait out their retries, and only the gauge of failing endpoints says so. A stall is a delivery due
// and untaken past deliveryStallMs, which the deliverer's clock (every second) would have taken: the deliverer is not
// running, or cannot keep up. And the posts by outcome, as the outbox's sends.
import { Counter } from 'prom-client'
import type { Database } from '../../platform/database/database'
import type { Metrics } from '../../platform/observability/metrics'
import type { WatchedQueue } from '../../platform/observability/watched-queue'
import type { OutboxStore } from '../../platform/outbox/outbox-store'
import type { PostOutcome } from './webhook-deliverer'
import { httpTransport } from './webhook-outbox'

/** As long as the outbox's emails may wait (platform/database/health.ts outboxStallMs). */
export const deliveryStallMs = 15 * 60_000

export function watchedDeliveries(database: Database, outbox: OutboxStore): WatchedQueue {
  const { db } = database
  return {
    name: 'webhooks',
    words: {
      items: 'Webhook deliveries',
      failing: 'Webhook endpoints, on, whose deliveries have failed since their last success (a day of it turns one off).',
    },
    async stats(now) {
      const [queued, failing] = await Promise.all([
        outbox.stats(now, httpTransport),
        db
          .selectFrom('webhook_endpoints')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('enabled', '=', 1)
          .where('failing_since', 'is not', null)
          .executeTakeFirstOrThrow(),
      ])
      return { ...queued, failing: Number(failing.n) }
    },
    async stalled(now) {
      const untaken = await outbox.untakenSince(now, new Date(now.getTime() - deliveryStallMs), httpTransport)
      return untaken ? `a webhook delivery has been due for more than ${deliveryStallMs / 60_000} minutes and no deliverer took it` : undefined
    },
  }
}

/** Counts the deliverer's posts by outcome (its onPosted), every series from 0, as the outbox counts its sends. */
export function countPosts(metrics: Metrics): (outcome: PostOutcome) => void {
  const counter = new Counter({
    name: 'waitlist_webhooks_posts_total',
    help: 'Webhook deliveries posted, by outcome: delivered (a 2xx), retry (failed, tried again on the schedule), failed (the last attempt failed: given up).',
    labelNames: ['outcome'] as const,
    registers: [metrics.registry],
  })
  for (const outcome of ['delivered', 'retry', 'failed'] satisfies PostOutcome[]) counter.inc({ outcome }, 0)
  return (outcome) => counter.inc({ outcome })
}
