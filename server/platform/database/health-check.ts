// The shape of GET /healthz's question to the database, apart from its implementation (health.ts, over the
// stores' own Kysely database), so that the app (app.ts, also for serverless and edge hosts) imports no store.

/** GET /healthz's answer: 'ok'; 'held', a restored database that sends nothing until `npm run waitlist:go-live`
 * (held.ts), which serves all the same; or the one word that says what is failing. */
export type HealthVerdict = 'ok' | 'held' | 'database' | 'outbox'
export type HealthCheckFn = (now: Date) => Promise<HealthVerdict>
