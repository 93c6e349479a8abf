// The shape of GET /healthz's question to the database, apart from its implementation (health.ts, over the
// stores' own Kysely database), so that the app (app.ts, also for serverless and edge hosts) imports no store.

/** GET /healthz's answer: 'ok', or the one word that says what is failing. */
export type HealthVerdict = 'ok' | 'database' | 'outbox'
export type HealthCheckFn = (now: Date) => Promise<HealthVerdict>
