// The shape of GET /healthz's question to the store, apart from its implementation (health.ts, which loads
// both database drivers) so that the app (app.ts, also for serverless and edge hosts) imports no driver.
import type { SignupStore } from './contract'

/** GET /healthz's answer: 'ok', or the one word that says what is failing. */
export type HealthVerdict = 'ok' | 'database' | 'outbox'
export type HealthCheckFn = (now: Date) => Promise<HealthVerdict>
/** A store as `openStore` returns it: with its health check (the engines' modules know nothing of it). */
export type HealthCheckedStore = SignupStore & { healthCheck: HealthCheckFn }

/** The store's health check, when it came from `openStore` (a test's stand-in has none). */
export const healthCheckOf = (store: SignupStore): HealthCheckFn | undefined => (store as Partial<HealthCheckedStore>).healthCheck
