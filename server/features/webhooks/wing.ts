// The webhooks' wing (platform/wing/wing.ts): each event of the other wings queued, in its own transaction, for
// the endpoints that want it, and delivered by a clock every second that a commit which queued one pokes; the
// delivery log's bodies are kept 7 days, then only the status rows. Last in the list: it follows every bus after
// the other followers, whose locks come first.
import { every, type Clock } from '../../platform/clock/every'
import { removeInTurns } from '../../platform/database/in-turns'
import type { Wing } from '../../platform/wing/wing'
import { countPosts, watchedDeliveries } from './delivery-watch'
import { endpointStore, type EndpointStore } from './endpoint-store'
import { webhookMigrations } from './migrations'
import { webhookDeliverer, type DeliverySettings } from './webhook-deliverer'
import { clearOldBodies } from './webhook-outbox'
import { webhookRoutes } from './webhook-routes'
import { webhooksPerson } from './webhooks-person'
import { webhooksFollowActivations, webhooksFollowConsent, webhooksFollowLaunch, webhooksFollowReferrals, webhooksFollowSuppression } from './webhooks-follow'

declare module '../../platform/wing/wing' {
  interface Ports {
    webhookEndpoints: EndpointStore
  }
  interface WingOverrides {
    /** A test's changes to the delivery: a resolver to pass through the address guard, a short time-out, a
     * compressed retry schedule (the benchmark's). */
    webhookDelivery: Pick<DeliverySettings, 'resolve' | 'timeoutMs' | 'retryAfterMs'>
  }
}

export const webhooksWing: Wing = {
  migrations: webhookMigrations,
  build({ database, config, now, log, metrics, outbox, overrides, poke }) {
    const endpoints = endpointStore(database, { allowPrivate: config.webhooks.allowPrivate })
    const onPosted = metrics && countPosts(metrics)
    return {
      offers: { webhookEndpoints: endpoints },
      follows: { consent: webhooksFollowConsent, launch: webhooksFollowLaunch, referral: webhooksFollowReferrals, activation: webhooksFollowActivations, suppression: webhooksFollowSuppression },
      consoleRoutes: [({ audit, now: at }) => webhookRoutes({ endpoints, audit, now: at, onQueued: poke })],
      personRecord: webhooksPerson,
      queue: watchedDeliveries(database, outbox),
      clocks: [
        {
          name: 'webhooks',
          everyMs: 1000,
          poked: true,
          start: ({ everyMs }): Clock => {
            const deliverer = webhookDeliverer(database, outbox, { allowPrivate: config.webhooks.allowPrivate, log, now, onPosted, ...overrides.webhookDelivery })
            const clock = every({ name: 'webhooks', everyMs, run: () => deliverer.deliverDue(), done: () => undefined, failure: 'webhooks: cannot deliver now; will try again', now, log })
            // The deliverer's lanes run on after each run of its clock: their posts in flight end with it.
            return { poke: clock.poke, stop: async () => (await clock.stop(), await deliverer.stop()) }
          },
        },
        {
          name: 'webhook-bodies',
          everyMs: 60 * 60_000,
          start: ({ everyMs }) =>
            every({
              name: 'webhook-bodies',
              everyMs,
              // In batches of about 10 ms, the loop handed back between them (platform/database/in-turns.ts).
              run: (at) => removeInTurns(database, 1000, (size) => clearOldBodies(database, at, size)),
              done: (cleared) => cleared > 0 && log.info({ cleared }, `webhooks: ${cleared} delivery bodies past their 7 days cleared`),
              failure: 'webhooks: cannot clear old delivery bodies now; will try again',
              now,
              log,
            }),
        },
      ],
    }
  },
}
