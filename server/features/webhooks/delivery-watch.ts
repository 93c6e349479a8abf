// The webhooks' deliveries as the platform watches a queue beside the outbox (platform/observability/watched-queue.ts):
// the outbox's figures for the deliveries the deliverer takes (webhook-deliverer.ts deliverable; one held for an
// endpoint that is off is not waiting), the endpoints failing now, and a stall for /healthz. A receiver that fails
// is not this server failing: its deliveries wait out their retries, and only the gauge of failing endpoints says
// so. A stall is a delivery due and untaken past deliveryStallMs, which the deliverer's clock (every second) would
// have taken: the deliverer is not running, or cannot keep up. And the posts by outcome, as the outbox's sends.
import { sql } from 'kysely'
import { Counter } from 'prom-client'
import type { Database } from '../../platform/database/database'
import type { Metrics } from '../../platform/observability/metrics'
import type { WatchedQueue } from '../../platform/observability/watched-queue'
import { deliverable, type PostOutcome } from './webhook-deliverer'

/** As long as the outbox's emails may wait (platform/database/health.ts outboxStallMs). */
export const deliveryStallMs = 15 * 60_000

export function watchedDeliveries(database: Database): WatchedQueue {
  const { db } = database
  const iso = (date: Date) => date.toISOString()
  return {
    name: 'webhooks',
    words: {
      items: 'Webhook deliveries',
      failing: 'Webhook endpoints, on, whose deliveries have failed since their last success (a day of it turns one off).',
    },
    async stats(now) {
      const isDue = sql<boolean>`next_attempt_at <= ${database.instant(iso(now))}`
      const [row, failing] = await Promise.all([
        db
          .selectFrom('webhook_deliveries')
          .select((eb) => [
            eb.fn.countAll<number>().as('waiting'),
            eb.fn.min('created_at').as('oldest'),
            sql<number>`count(CASE WHEN ${isDue} THEN 1 END)`.as('due'),
            sql<string | null>`min(CASE WHEN ${isDue} THEN created_at END)`.as('oldest_due'),
          ])
          .where('finished_at', 'is', null)
          .where('created_at', '<=', iso(now))
          .where(deliverable)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('webhook_endpoints')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('enabled', '=', 1)
          .where('failing_since', 'is not', null)
          .executeTakeFirstOrThrow(),
      ])
      const date = (value: string | null) => (value === null ? undefined : new Date(value))
      return { waiting: Number(row.waiting), oldestQueuedAt: date(row.oldest), due: Number(row.due), oldestDueQueuedAt: date(row.oldest_due), failing: Number(failing.n) }
    },
    async stalled(now) {
      const untaken = await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('finished_at', 'is', null)
        .where('next_attempt_at', '<', iso(new Date(now.getTime() - deliveryStallMs)))
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', iso(now))]))
        .where(deliverable)
        .limit(1)
        .executeTakeFirst()
      return untaken && `a webhook delivery has been due for more than ${deliveryStallMs / 60_000} minutes and no deliverer took it`
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
