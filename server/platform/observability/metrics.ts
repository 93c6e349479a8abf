// The endpoint's metrics, in Prometheus's text format through prom-client (the client Prometheus's own docs
// list for Node): what the outbox did (counters), how it and the database pool stand (gauges read at each
// scrape), and how long replies took per route (a histogram). Each feature adds its own counters to the same
// registry (features/signup/counted-signups.ts, for example). One registry per process, never prom-client's
// global one, so every test builds its own.
//
// A feature's counters may say what no reply tells (the signup's, whether an address was listed), so the
// metrics are never served to the public (metrics-server.ts): on a port of their own, or behind a token.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { OutboxStats } from '../outbox/outbox-store'
import type { WatchedQueue } from './watched-queue'
import type { PoolUse } from '../database/database'
import type { EventLoopWatch, Stall } from './event-loop'

/** sent; skipped (nobody to send it to any more); over_budget (put back until its inbox's budget allows it, at
 * most 10 minutes: platform/mail/mailbox-budget.ts); retry (failed for now, tried again later); failed (refused for good,
 * or given up on after the last attempt). */
export type SendOutcome = 'sent' | 'skipped' | 'over_budget' | 'retry' | 'failed'

const sendOutcomes: SendOutcome[] = ['sent', 'skipped', 'over_budget', 'retry', 'failed']
/** A reply takes milliseconds; the 15 s the visitor's form waits is the far end. */
const latencyBuckets = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15]
/** Scrapes within this long of a read of the outbox (or of a wing's queue) share it, as /healthz's polls share its check. */
const outboxReadShareMs = 1000

export type Metrics = ReturnType<typeof createMetrics>

const ageSeconds = (now: () => Date, since: Date | undefined) => (since ? Math.max(0, now().getTime() - since.getTime()) / 1000 : 0)

export function createMetrics() {
  const registry = new Registry()
  // The process's own: CPU, memory, heap, event-loop delay, open handles.
  collectDefaultMetrics({ register: registry })
  const registers = [registry]

  const outboxSends = new Counter({
    name: 'waitlist_outbox_sends_total',
    help: 'Emails the outbox tried to send, by kind (each kind a feature registers: platform/outbox/outbox-kinds.ts) and outcome (sent, skipped, over_budget, retry, failed).',
    labelNames: ['kind', 'outcome'] as const,
    registers,
  })
  const retentionRemoved = new Counter({
    name: 'waitlist_retention_removed_total',
    help: 'Rows the retention sweep removed, by table: consent_tokens (link tokens past their end), outbox (emails finished long ago). platform/retention/retention.ts.',
    labelNames: ['table'] as const,
    registers,
  })
  const httpDuration = new Histogram({
    name: 'waitlist_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: latencyBuckets,
    registers,
  })

  // A queue's gauges, read at each scrape from one read that scrapes within outboxReadShareMs share.
  function queueGauges<Stats>(read: (now: Date) => Promise<Stats>, now: () => Date, gauges: [name: string, help: string, value: (read: Stats) => number][]) {
    let last: { at: number; stats: Promise<Stats | undefined> } | undefined
    const stats = () => {
      const at = now().getTime()
      if (!last || at - last.at >= outboxReadShareMs) last = { at, stats: read(new Date(at)).catch(() => undefined) }
      return last.stats
    }
    // The database not answering shows as NaN: no number at all, rather than a queue that looks empty.
    for (const [name, help, value] of gauges)
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          const read = await stats()
          this.set(read ? value(read) : Number.NaN)
        },
      })
  }

  // Every series at 0 from the start, so that a rate over the first increment is not lost.

  return {
    registry,
    outboxSends,
    httpDuration,
    /** Counts the outbox's attempts (the sender's onAttempt), every registered kind's series from 0. */
    countOutboxSends(kinds: readonly string[]) {
      for (const kind of kinds) for (const outcome of sendOutcomes) outboxSends.inc({ kind, outcome }, 0)
      return (kind: string, outcome: SendOutcome) => outboxSends.inc({ kind, outcome })
    },
    /** Counts what the retention sweep removes (its onBatch), each table's series from 0. */
    countRetention(tables: readonly string[]) {
      for (const table of tables) retentionRemoved.inc({ table }, 0)
      return (table: string, removed: number) => retentionRemoved.inc({ table }, removed)
    },
    /** The outbox's gauges, read from the store at each scrape (one read shared by all four). */
    watchOutbox(read: (now: Date) => Promise<OutboxStats>, now: () => Date) {
      queueGauges(read, now, [
        ['waitlist_outbox_waiting', 'Emails in the outbox not finished yet: due now, or waiting out a retry.', (read) => read.waiting],
        ['waitlist_outbox_due', 'Emails due now: nothing but the sender stands between them and their send.', (read) => read.due],
        ['waitlist_outbox_oldest_due_age_seconds', 'How long ago the oldest email due now was queued (0 when none is due).', (read) => ageSeconds(now, read.oldestDueQueuedAt)],
        ['waitlist_outbox_oldest_waiting_age_seconds', 'How long ago the oldest unfinished email was queued (0 when none waits).', (read) => ageSeconds(now, read.oldestQueuedAt)],
      ])
    },
    /** A wing's transport of the outbox (watched-queue.ts), in the outbox's gauges under its own name, and how
     * many of what it sends to fail now; read at each scrape (one read shared by all five). */
    watchQueue(queue: WatchedQueue, now: () => Date) {
      const { name, words } = queue
      queueGauges((at) => queue.stats(at), now, [
        [`waitlist_${name}_waiting`, `${words.items} not finished yet: due now, or waiting out a retry.`, (read) => read.waiting],
        [`waitlist_${name}_due`, `${words.items} due now: nothing but the deliverer stands between them and their send.`, (read) => read.due],
        [`waitlist_${name}_oldest_due_age_seconds`, `How long ago the oldest of the ${words.items.toLowerCase()} due now was queued (0 when none is due).`, (read) => ageSeconds(now, read.oldestDueQueuedAt)],
        [`waitlist_${name}_oldest_waiting_age_seconds`, `How long ago the oldest of the unfinished ${words.items.toLowerCase()} was queued (0 when none waits).`, (read) => ageSeconds(now, read.oldestQueuedAt)],
        [`waitlist_${name}_failing`, words.failing, (read) => read.failing],
      ])
    },
    /** The event loop's delay (Node's monitorEventLoopDelay, through the watch: event-loop.ts) since the last scrape,
     * read and reset at each scrape; and the turns over the watch's limit, counted by what ran in them. Returns
     * what the watch calls at each such turn. */
    watchEventLoop(watch: Pick<EventLoopWatch, 'delay' | 'takeLongest'>): (stall: Stall) => void {
      new Gauge({
        name: 'waitlist_event_loop_delay_seconds',
        help: 'How late the event loop ran what was due, since the last scrape (perf_hooks.monitorEventLoopDelay): median, 99th percentile, and the longest (quantile 1).',
        labelNames: ['quantile'] as const,
        registers,
        collect() {
          const { delay } = watch
          // An empty histogram (no turn since the last scrape) reads as 0, not as its sentinel.
          const seconds = (nanoseconds: number) => (delay.count > 0 ? nanoseconds / 1e9 : 0)
          this.set({ quantile: '0.5' }, seconds(delay.percentile(50)))
          this.set({ quantile: '0.99' }, seconds(delay.percentile(99)))
          this.set({ quantile: '1' }, seconds(delay.max))
          delay.reset()
        },
      })
      new Gauge({
        name: 'waitlist_event_loop_longest_turn_seconds',
        help: 'The longest turn of the event loop since the last scrape, as the watch timed it (platform/observability/event-loop.ts).',
        registers,
        collect() {
          this.set(watch.takeLongest().ms / 1000)
        },
      })
      const stalls = new Counter({
        name: 'waitlist_event_loop_stalls_total',
        help: 'Turns of the event loop over EVENT_LOOP_STALL_MS (100 ms by default), by what was running in them: a clock (clock:<name>) or a route (METHOD /pattern); a turn with several counts once for each.',
        labelNames: ['running'] as const,
        registers,
      })
      return ({ running }) => {
        for (const name of running.length > 0 ? running : ['nothing marked']) stalls.inc({ running: name })
      }
    },
    /** The database's connections, read at each scrape. */
    watchPool(poolUse: () => PoolUse) {
      // A figure the engine does not report (SQLite's idle and waiting) is left out rather than shown as 0.
      const gauge = (name: string, help: string, value: (pool: PoolUse) => number | undefined) => {
        if (value(poolUse()) === undefined) return
        new Gauge({
          name,
          help,
          registers,
          collect() {
            this.set(value(poolUse()) ?? Number.NaN)
          },
        })
      }
      gauge('waitlist_db_pool_size', 'Connections the pool may open (DATABASE_POOL_SIZE; 1 on SQLite, whose one connection is always open).', (pool) => pool.size)
      gauge('waitlist_db_pool_open_connections', 'Connections open now.', (pool) => pool.open)
      gauge('waitlist_db_pool_idle_connections', 'Open connections lent to no query (PostgreSQL only).', (pool) => pool.idle)
      gauge('waitlist_db_pool_waiting_queries', 'Queries waiting for a connection (PostgreSQL only).', (pool) => pool.waiting)
    },
  }
}
