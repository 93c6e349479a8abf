// What GET /healthz asks the database (server/healthz.ts answers it): does it take a write, and is the outbox
// draining? The write is one upsert of one settings row, never a signup; the outbox question reads only the
// outbox. Both go over a small connection of the health check's own (the engines' modules keep theirs
// private), and the store's own connection is asked one read, so a stuck pool fails the check too.
import { createClient, LibsqlError, type Client } from '@libsql/client'
import pg from 'pg'
import type { SignupStore } from './contract'
import type { HealthCheckFn, HealthVerdict } from './health-check'
import { isPostgresUrl } from './database-url'

/** An email still unfinished this long after it was queued means mail is not flowing: the sender's first six
 * attempts fit in about two minutes (consent/outbox-sender.ts). A permanent refusal (5yz) finishes an email at
 * once; one recipient whose server keeps answering "try later" (4yz) also shows here, until the sender gives up
 * on that email after its twelfth attempt (about 40 minutes). */
export const outboxStallMs = 15 * 60_000
/** The longest a check may take before it counts as the database failing it. */
export const healthTimeoutMs = 3000
// SQLite: our own process may hold the write lock between two awaits (a consent transaction); try again
// for this long before calling the database unwritable.
const sqliteBusyRetryMs = 1000

type Run = (sql: string, args: string[]) => Promise<unknown[]>
export type HealthCheck = { check: HealthCheckFn; close(): Promise<void> }

const markChecked = `INSERT INTO consent_settings (key, value) VALUES ('health_checked_at', $1)
  ON CONFLICT (key) DO UPDATE SET value = excluded.value`
const stalledEmail = 'SELECT 1 FROM outbox WHERE finished_at IS NULL AND created_at < $1 LIMIT 1'

export function openHealthCheck(databaseUrl: string, store: SignupStore, print: (line: string) => void = console.error): HealthCheck {
  // A load balancer asks every few seconds: say what went wrong once, not at every poll.
  let said = ''
  const log = (line: string) => {
    if (line !== said) print(line)
    said = line
  }
  const connection = isPostgresUrl(databaseUrl) ? postgresConnection(databaseUrl) : sqliteConnection(databaseUrl)
  const probe = async (now: Date): Promise<HealthVerdict> => {
    try {
      await connection.run(markChecked, [now.toISOString()])
      await store.consent.unfinishedOutbox()
    } catch (error) {
      log(`healthz: the database refused the health check's write (${(error as Error).message})`)
      return 'database'
    }
    const stalled = await connection.run(stalledEmail, [new Date(now.getTime() - outboxStallMs).toISOString()])
    if (stalled.length > 0) log(`healthz: an email has waited in the outbox for more than ${outboxStallMs / 60_000} minutes`)
    else said = ''
    return stalled.length > 0 ? 'outbox' : 'ok'
  }
  return {
    check: (now) =>
      new Promise<HealthVerdict>((resolve) => {
        const timer = setTimeout(() => {
          log(`healthz: no answer from the database within ${healthTimeoutMs / 1000} s`)
          resolve('database')
        }, healthTimeoutMs)
        probe(now)
          .catch(() => 'database' as const)
          .then(resolve)
          .finally(() => clearTimeout(timer))
      }),
    close: connection.close,
  }
}

function postgresConnection(databaseUrl: string): { run: Run; close: () => Promise<void> } {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 1,
    idleTimeoutMillis: 30_000,
    // Under the check's own bound, so that the driver's reason is the one logged.
    connectionTimeoutMillis: healthTimeoutMs - 500,
    query_timeout: healthTimeoutMs - 500,
  })
  pool.on('error', () => {}) // an idle connection dropped by the server is replaced at the next check
  let closed = false
  return {
    run: async (sql, args) => (await pool.query(sql, args)).rows,
    close: async () => {
      if (closed) return
      closed = true
      await pool.end()
    },
  }
}

function sqliteConnection(databaseUrl: string): { run: Run; close: () => Promise<void> } {
  let client: Client | undefined
  const run: Run = async (sql, args) => {
    client ??= createClient({ url: databaseUrl, concurrency: 1 })
    const statement = { sql: sql.replace(/\$\d+/g, '?'), args }
    const deadline = Date.now() + sqliteBusyRetryMs
    for (;;) {
      try {
        return (await client.execute(statement)).rows
      } catch (error) {
        const busy = error instanceof LibsqlError && /^SQLITE_(BUSY|LOCKED)/.test(error.code)
        if (!busy || Date.now() >= deadline) throw error
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    }
  }
  return {
    run,
    close: async () => {
      client?.close()
      client = undefined
    },
  }
}
