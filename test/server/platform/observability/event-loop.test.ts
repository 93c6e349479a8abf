// @vitest-environment node
// The guard on the event loop (issue 53, platform/observability/event-loop.ts): a turn over 100 ms is one log line
// naming the clock or the route that ran in it, and the loop's delay and its long turns are metrics. Each test holds
// the loop itself, for longer than the limit, and waits for the line or the count it expects.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { sql } from 'kysely'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { featureMigrations } from '../../../../server/feature-migrations'
import { openDatabase } from '../../../../server/platform/database/open'
import { every } from '../../../../server/platform/clock/every'
import { eventLoopRules, markRunning, watchEventLoop, type EventLoopWatch } from '../../../../server/platform/observability/event-loop'
import { createLogger } from '../../../../server/platform/observability/logger'
import { createMetrics } from '../../../../server/platform/observability/metrics'
import { observeRequests } from '../../../../server/platform/observability/observe-requests'
import { until } from '../../../../tools/until'
import { onlyOn } from '../../../utils/store-suite'

onlyOn('sqlite', "a statement that holds the event loop, as only libsql's synchronous driver can; the other tests use no database")

/** Holds the event loop for `ms`, as a synchronous statement on SQLite's one connection would. */
function holdTheLoop(ms: number) {
  const end = performance.now() + ms
  while (performance.now() < end) {
    // Nothing else runs meanwhile.
  }
}

const heldMs = eventLoopRules.stallMs + 80

function capturedLog() {
  const lines: string[] = []
  const log = createLogger({
    level: 'info',
    destination: { write: (line: string) => void lines.push(line.trimEnd()) },
  })
  const stalls = () =>
    lines
      .map(
        (line) =>
          JSON.parse(line) as {
            level: string
            turnMs?: number
            running?: string[]
            heldBy?: { name: string; ms: number }[]
            collectedMs?: number
            msg: string
          },
      )
      .filter((line) => line.turnMs !== undefined)
  return { log, stalls }
}

let watch: EventLoopWatch | undefined
afterEach(() => watch?.stop())
const dir = mkdtempSync(join(tmpdir(), 'event-loop-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the event loop guard', () => {
  it('logs a turn over 100 ms in one line naming the clock that ran in it', async () => {
    const { log, stalls } = capturedLog()
    watch = watchEventLoop({ log })
    const clock = every({
      name: 'probe',
      everyMs: 60_000,
      run: async () => holdTheLoop(heldMs),
      done: () => undefined,
      failure: 'probe failed',
      now: () => new Date(),
    })
    // A busy machine may hold the process now and then too: the line looked for is the clock's.
    const probe = () => stalls().find((line) => line.running?.includes('clock:probe'))
    await until(() => probe() !== undefined, 10_000, 'the line of the long turn')
    await clock.stop()
    const stall = probe()
    expect(stall).toMatchObject({ level: 'warn', running: ['clock:probe'] })
    expect(stall!.turnMs).toBeGreaterThanOrEqual(eventLoopRules.stallMs)
    // A collection may fall in the turn too (a loaded machine's test run allocates beside it): said after, if so.
    expect(stall!.msg).toMatch(/^event loop: one turn held it for \d+ ms, while running clock:probe(; garbage collection \d+ ms)?$/)
  })

  it('says how long the garbage collector paused the turn', async () => {
    const { log, stalls } = capturedLog()
    watch = watchEventLoop({ log })
    // A turn that makes objects and keeps a tenth of them, as a result's rows kept until its last arrives: the young
    // generation fills many times over and its survivors are copied.
    const kept: unknown[] = []
    const ended = markRunning('clock:making')
    await new Promise((resolve) => setImmediate(resolve))
    const end = performance.now() + heldMs
    for (let i = 0; performance.now() < end; i++) {
      const made = { i, text: `row ${i}` }
      if (i % 10 === 0) kept.push(made)
    }
    ended()
    const made = () => stalls().find((line) => line.running?.includes('clock:making'))
    await until(() => made() !== undefined, 10_000, 'the line of the long turn')
    expect(kept.length).toBeGreaterThan(0)
    expect(made()!.collectedMs).toBeGreaterThan(0)
    expect(made()!.msg).toMatch(/; garbage collection \d+ ms$/)
  })

  it('says whose statement on SQLite held the loop: the clock it ran under', async () => {
    const { log, stalls } = capturedLog()
    const database = await openDatabase(`file:${join(dir, 'held.db')}`, { migrations: featureMigrations })
    try {
      watch = watchEventLoop({ log })
      // A statement that counts for a while on the one connection, as a count over a busy day would.
      const long = sql<{ n: number }>`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000) SELECT count(*) AS n FROM n`
      const clock = every({ name: 'counting', everyMs: 60_000, run: () => long.execute(database.db), done: () => undefined, failure: 'counting failed', now: () => new Date() })
      const counted = () => stalls().find((line) => line.heldBy?.some((held) => held.name === 'clock:counting'))
      await until(() => counted() !== undefined, 30_000, 'the line of the statement’s turn')
      await clock.stop()
      expect(counted()!.heldBy![0]!.name).toBe('clock:counting')
      expect(counted()!.heldBy![0]!.ms).toBeGreaterThanOrEqual(eventLoopRules.stallMs)
      expect(counted()!.msg).toMatch(/; statements on the loop: clock:counting \d+ ms/)
    } finally {
      await database.close()
    }
  })

  it('names a request by its route pattern, never its path', async () => {
    const { log, stalls } = capturedLog()
    watch = watchEventLoop({ log })
    const app = new Hono()
    app.use(observeRequests({ log, trustRequestId: false }))
    app.get('/people/:id/slow', (c) => {
      holdTheLoop(heldMs)
      return c.text('done')
    })
    expect((await app.request('/people/ann@example.com/slow')).status).toBe(200)
    await until(() => stalls().some((line) => line.running?.length), 10_000, 'the line of the long turn')
    expect(stalls().find((line) => line.running?.length)!.running).toEqual(['GET /people/:id/slow'])
    expect(JSON.stringify(stalls())).not.toContain('ann@example.com')
  })

  it('exports the loop’s delay and counts the long turns by what ran, in the registry', async () => {
    const { log } = capturedLog()
    const metrics = createMetrics()
    let counted = 0
    watch = watchEventLoop({
      log,
      onStall: (stall) => (count(stall), counted++),
    })
    const count = metrics.watchEventLoop(watch)
    const ended = markRunning('clock:probe')
    await new Promise((resolve) => setImmediate(resolve))
    holdTheLoop(heldMs)
    ended()
    await until(() => counted > 0, 10_000, 'the long turn counted')
    const text = await metrics.registry.metrics()
    expect(text).toContain('waitlist_event_loop_stalls_total{running="clock:probe"} 1')
    const sample = (series: string) => Number(/ (\S+)$/.exec(text.split('\n').find((line) => line.startsWith(`${series} `)) ?? '')?.[1])
    // The delay histogram samples on its own timer, so one held turn shows in it only as a delay of some size (it
    // read 0.010 s in 2 of 3 runs, 2026-12-03); the longest turn is measured by the guard itself.
    expect(sample('waitlist_event_loop_delay_seconds{quantile="1"}')).toBeGreaterThan(0)
    expect(sample('waitlist_event_loop_longest_turn_seconds')).toBeGreaterThanOrEqual(eventLoopRules.stallMs / 1000)
  })
})
