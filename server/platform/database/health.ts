// What GET /healthz asks the database (server/platform/http/healthz.ts answers it): does it take a write, and is the outbox
// draining, and each wing's transport of it (the webhooks' posts)? The write is one upsert of one settings row, never a signup; the outbox question reads only the
// outbox. Both go through the stores' own connection (or pool), so a stuck pool, or a SQLite file held by
// another process, fails the check as it would fail a signup.
import { silentLogger, type Logger } from '../observability/logger'
import type { Database } from './database'
import type { HealthCheckFn, HealthVerdict } from './health-check'
import type { WatchedQueue } from '../observability/watched-queue'
import { heldSince } from './held'

/** An email still unfinished this long after it was queued means mail is not flowing: the sender's first six
 * attempts fit in about two minutes (platform/outbox/outbox-sender.ts). A permanent refusal (5yz) finishes an email at
 * once; one recipient whose server keeps answering "try later" (4yz) also shows here, until the sender gives up
 * on that email after its twelfth attempt (about 40 minutes). */
export const outboxStallMs = 15 * 60_000
/** The longest a check may take before it counts as the database failing it. */
export const healthTimeoutMs = 3000
/** How long the check's write waits for a lock another connection holds (the SQLite file, a locked table):
 * on SQLite that wait holds the process's one connection, so it is kept short. */
const healthLockWaitMs = 1000

export function healthCheck(database: Database, logger: Pick<Logger, 'warn'> = silentLogger, queues: readonly WatchedQueue[] = []): HealthCheckFn {
  const { db } = database
  // A load balancer asks every few seconds: say what went wrong once, not at every poll.
  let said = ''
  const log = (line: string) => {
    if (line !== said) logger.warn(line)
    said = line
  }
  const probe = async (now: Date): Promise<HealthVerdict> => {
    // Damage the check of the stored data found (database.ts checkStoredData) is for good: the file is restored,
    // or moved aside, with the server stopped.
    const damage = database.damage()
    if (damage) {
      log(`healthz: ${damage}`)
      return 'database'
    }
    try {
      await database.withBriefLockWait(healthLockWaitMs, (db) =>
        db
          .insertInto('consent_settings')
          .values({ key: 'health_checked_at', value: now.toISOString() })
          .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') }))
          .execute(),
      )
    } catch (error) {
      log(`healthz: the database refused the health check's write (${(error as Error).message})`)
      return 'database'
    }
    // A held database sends nothing, so its outbox waits by design: it says so instead.
    if (await heldSince(db)) return 'held'
    const stalled = await db
      .selectFrom('outbox')
      .select('id')
      .where('finished_at', 'is', null)
      .where('transport', '=', 'mail')
      .where('created_at', '<', database.instant(new Date(now.getTime() - outboxStallMs).toISOString()))
      .limit(1)
      .executeTakeFirst()
    if (stalled) {
      log(`healthz: an email has waited in the outbox for more than ${outboxStallMs / 60_000} minutes`)
      return 'outbox'
    }
    // Each wing's transport of the outbox (the webhooks' posts) says whether it stalls, in its own word.
    for (const queue of queues) {
      const line = await queue.stalled(now)
      if (line === undefined) continue
      log(`healthz: ${line}`)
      return queue.name
    }
    said = ''
    return 'ok'
  }
  return (now) =>
    new Promise<HealthVerdict>((resolve) => {
      const timer = setTimeout(() => {
        log(`healthz: no answer from the database within ${healthTimeoutMs / 1000} s`)
        resolve('database')
      }, healthTimeoutMs)
      probe(now)
        .catch(() => 'database' as const)
        .then(resolve)
        .finally(() => clearTimeout(timer))
    })
}
