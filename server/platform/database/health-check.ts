// The shape of GET /healthz's question to the database, apart from its implementation (health.ts, over the
// stores' own Kysely database), so that the app (app.ts, also for serverless and edge hosts) imports no store.
import type { WatchedQueue } from '../observability/watched-queue'

/** GET /healthz's answer: 'ok'; 'held', a restored database that sends nothing until `npm run waitlist:go-live`
 * (held.ts), which serves all the same; or the one word that says what is failing: the database, the outbox, or
 * the name of a wing's queue that stalls (platform/observability/watched-queue.ts: 'webhooks'). */
export type HealthVerdict = 'ok' | 'held' | 'database' | 'outbox' | WatchedQueue['name']
export type HealthCheckFn = (now: Date) => Promise<HealthVerdict>
