// GET /healthz, for load balancers and uptime checks: 200 "ok" only when the database takes a write and the
// outbox is draining (platform/database/health.ts), 200 "held" on a restored database that sends nothing until an
// owner runs `npm run waitlist:go-live` (platform/database/held.ts); otherwise 503 and one word, "database" or "outbox", never a detail
// about who is listed. It sits outside /api/*, so no rate limit turns a busy poller away; a flood of polls
// still costs the database at most one check a second, since polls in that window share the last answer.
import { Hono } from 'hono'
import type { HealthCheckFn, HealthVerdict } from '../database/health-check'

export const healthzPath = '/healthz'
/** Polls within this long of a check share its answer (and no two checks run at once). */
export const healthCheckShareMs = 1000

/** Mounted at healthzPath. */
export function healthRoutes(check: HealthCheckFn, now: () => Date): Hono {
  let answer: { at: number; verdict: HealthVerdict } | undefined
  let pending: Promise<HealthVerdict> | undefined
  const verdict = (): Promise<HealthVerdict> => {
    const at = now()
    if (answer && at.getTime() - answer.at < healthCheckShareMs) return Promise.resolve(answer.verdict)
    pending ??= check(at)
      .catch(() => 'database' as const)
      .then((settled) => {
        answer = { at: now().getTime(), verdict: settled }
        return settled
      })
      .finally(() => (pending = undefined))
    return pending
  }
  return new Hono().get('/', async (c) => {
    const settled = await verdict()
    // A held database (platform/database/held.ts) serves: it only sends nothing yet, and its outbox waits.
    return c.text(`${settled}\n`, settled === 'ok' || settled === 'held' ? 200 : 503, { 'Cache-Control': 'no-store' })
  })
}
