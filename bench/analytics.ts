// `npm run bench:analytics`: a benchmark, not a test (issue 32, "Measured"). Counting visits, against the real server
// (server/main.ts, a process of its own, TRUST_PROXY=1 as behind a load balancer), on SQLite and on PostgreSQL (a
// throwaway cluster with fsync on). It prints, with the date, the machine and its load average at each part:
// 1. beacon ingest: POST /api/analytics/visit as fast as the server answers (bench/analytics/beacons.ts, a process
//    of its own, BENCH_CONNECTIONS (32) connections with BENCH_PIPELINING (4) requests in flight on each, for
//    BENCH_SECONDS after a 2 s warm-up), each visitor an address of their own (the beacon's limit is 300 a minute per
//    address) and a browser's User-Agent: requests/s, p50 and p99, the answers, the rows stored once the server has
//    written its last batch against the beacons it answered 204 (lost, which must be 0), and the CPU time a beacon
//    cost the server and the load generator;
// 2. the console's funnel over 90 days of 10 million page views (bench/analytics/seed.ts: 89 days rolled up, the last
//    also raw, today raw, 100,000 signups; cached in data/bench/ as bench/console.ts caches its list): p50 and p99 of
//    GET /api/admin/analytics for the 90 days and the 30 days to today (and the 89 finished days alone), each
//    repeated until BENCH_CALL_BUDGET_S (20) is spent, with /healthz every 100 ms beside them, signed in through the
//    emailed link; then today's counts timed without the server, by the store's statement and in one pass;
// 3. storage per million page views: raw (analytics_views and its index, from the ingest's own rows) and rolled up
//    (analytics_daily with its key and index, from the 90 days);
// 4. new signups/s (POST /api/waitlist, autocannon at 50 connections, as bench/endpoint.ts) alone and with 500
//    beacons a second beside them, alternately on fresh SQLite databases, and the ratio.
// BENCH_PARTS (ingest,funnel,signups), BENCH_ENGINES (sqlite,postgres), BENCH_SECONDS (10), BENCH_ROUNDS (2 pairs
// of signup loads), BENCH_DAYS (90), BENCH_VIEWS_PER_DAY (111,111) and BENCH_SIGNUPS (100,000) shorten a run (4–6
// minutes with the seed cached, 2 more to seed it); BENCH_CACHE_DIR moves the cache. It always stops by itself and
// leaves nothing running, Ctrl-C included.
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { repoRoot, stopAll } from '../tools/processes'
import { startPostgres, type TestPostgres } from '../tools/postgres'
import { adminEmail, countViews, percentile, signInByMail, storageOf, timeFunnel, todaysCounts, type Engine, type FunnelRun, type Storage } from './analytics/console'
import { postgresCopy, seededCopy } from './analytics/cache'
import { visitorOf } from './analytics/traffic'
import type { BeaconLoad, BeaconResult } from './analytics/beacons'
import { cpuMsOf, startMeasuredServer, type MeasuredServer } from './console/server'
import { startSinkProcess } from './harness/mail-sink'
import { loadAverage, printHeader } from './harness/print'
import { listOf, positiveNumber, text, wholeNumber } from './harness/settings'
import { benchTeardown } from './harness/teardown'

const seconds = wholeNumber('BENCH_SECONDS', 10)
const connections = wholeNumber('BENCH_CONNECTIONS', 32)
const pipelining = wholeNumber('BENCH_PIPELINING', 4)
const parts: string[] = listOf('BENCH_PARTS', ['ingest', 'funnel', 'signups'])
const engines: Engine[] = listOf('BENCH_ENGINES', ['sqlite', 'postgres'])
const rounds = wholeNumber('BENCH_ROUNDS', 2)
const shape = { days: wholeNumber('BENCH_DAYS', 90), viewsPerDay: wholeNumber('BENCH_VIEWS_PER_DAY', 111_111), signups: wholeNumber('BENCH_SIGNUPS', 100_000) }
const callBudgetS = positiveNumber('BENCH_CALL_BUDGET_S', 20)
const cacheDir = text('BENCH_CACHE_DIR', join(repoRoot, 'data', 'bench'))
const goals = { ingestPerSecond: 5000, funnelP99Ms: 200, signupsKept: 0.9, beaconsPerSecond: 500 }

const dir = mkdtempSync(join(tmpdir(), 'waitlist-bench-analytics-'))
let cluster: TestPostgres | undefined
// Signups' confirmations go to an SMTP server that drops them, in a process of its own (mail-sink.ts startSinkProcess).
let sink: { url: string; close: () => void } | undefined
const cleanUp = benchTeardown({ smtp: { close: () => sink?.close() }, cluster: () => cluster, dir })
const say = (line: string) => console.log(line)
const count = (n: number) => Math.round(n).toLocaleString('en-US')
const engineName = (engine: Engine) => (engine === 'sqlite' ? 'SQLite' : 'PostgreSQL')
const megabytes = (bytes: number) => (bytes / 1e6).toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 })
const verdicts: string[] = []
const verdict = (ok: boolean, text: string) => verdicts.push(`${ok ? 'pass' : 'FAIL'}  ${text}`)

async function databaseFor(engine: Engine, name: string): Promise<string> {
  if (engine === 'sqlite') return `file:${join(dir, `${name}.db`)}`
  cluster ??= await startPostgres({ durable: true })
  return cluster.createDatabase()
}

/** The beacons process: its result, and (for a stream beside another load) a promise that it has started. */
function beacons(load: Omit<BeaconLoad, 'onStart'>): { started: Promise<void>; done: Promise<BeaconResult> } {
  const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), [join(repoRoot, 'bench/analytics/beacons.ts'), JSON.stringify(load)], { stdio: ['ignore', 'pipe', 'inherit'] })
  let output = ''
  let markStarted = () => {}
  const started = new Promise<void>((resolve) => (markStarted = resolve))
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
    if (output.startsWith('started\n')) markStarted()
  })
  const done = new Promise<BeaconResult>((resolve, reject) =>
    child.once('exit', (code) => {
      const last = output.trim().split('\n').at(-1) ?? ''
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as BeaconResult)
      else reject(new Error(`the beacons' process ended with ${code}: ${output.slice(-500)}`))
    }),
  )
  return { started, done }
}

async function withServer<T>(databaseUrl: string, name: string, extra: Record<string, string>, work: (server: MeasuredServer) => Promise<T>): Promise<T> {
  const server = await startMeasuredServer(databaseUrl, join(dir, `mail-${name}`), { TRUST_PROXY: '1', ADMIN_EMAILS: adminEmail, ...extra })
  try {
    return await work(server)
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- the server's last lines:\n${server.tail()}`, { cause: error })
  } finally {
    stopAll()
    await server.server.exited
  }
}

const ingestStorage = new Map<Engine, Storage>()

async function ingest(engine: Engine) {
  const databaseUrl = await databaseFor(engine, 'ingest')
  const row = await withServer(databaseUrl, `ingest-${engine}`, {}, async (server) => {
    const load = { origin: server.origin, connections, pipelining }
    const warm = await beacons({ ...load, seconds: 2, firstVisitor: 0 }).done
    const measured = beacons({ ...load, seconds, firstVisitor: 10_000_000 })
    await measured.started
    const cpuBefore = cpuMsOf(server.pid)
    const run = await measured.done
    const cpuMs = cpuMsOf(server.pid) - cpuBefore
    const answered = (warm.statuses['204'] ?? 0) + (run.statuses['204'] ?? 0)
    // Written with the next batch: wait (at most 30 s) until the last batch is in.
    const waiting = performance.now()
    let stored = await countViews(engine, databaseUrl)
    while (stored < answered && performance.now() - waiting < 30_000) stored = await new Promise((resolve) => setTimeout(resolve, 100)).then(() => countViews(engine, databaseUrl))
    return { run, answered, stored, waitedMs: performance.now() - waiting, cpuMs }
  })
  ingestStorage.set(engine, await storageOf(databaseUrl))
  const { run, answered, stored, waitedMs, cpuMs } = row
  const others = Object.entries(run.statuses).filter(([status]) => status !== '204')
  const perSecond = (run.statuses['204'] ?? 0) / run.seconds
  say(
    `  ${engineName(engine).padEnd(10)} ${count(perSecond).padStart(6)}/s  p50 ${run.p50.toFixed(1)} ms  p99 ${run.p99.toFixed(1)} ms  max ${run.max.toFixed(0)} ms  ` +
      `${count(run.statuses['204'] ?? 0)} answered 204 in ${run.seconds.toFixed(1)} s${others.length ? ` (and ${others.map(([status, n]) => `${count(n)} ${status}`).join(', ')})` : ''}${run.failed ? `, failed: ${run.failed}` : ''}; ` +
      `with the warm-up ${count(answered)} answered 204, ${count(stored)} stored (${waitedMs < 150 ? 'all in at once' : `after ${(waitedMs / 1000).toFixed(1)} s`}), lost ${count(Math.max(0, answered - stored))}; ` +
      `CPU a beacon: the server ${count((1000 * cpuMs) / run.sent)} µs (${count((100 * cpuMs) / (run.seconds * 1000))} % of a core), the load generator ${count((1000 * run.cpuMs) / run.sent)} µs`,
  )
  if (engine === 'sqlite') verdict(perSecond >= goals.ingestPerSecond, `SQLite: beacon ingest ≥ ${count(goals.ingestPerSecond)}/s (${count(perSecond)}/s, p99 ${run.p99.toFixed(0)} ms)`)
  verdict(stored === answered && others.length === 0, `${engineName(engine)}: every beacon answered 204 stored (${count(stored)} of ${count(answered)}${others.length ? `; ${others.length} other answers` : ''})`)
}

const funnelStorage = new Map<Engine, Storage>()

async function funnel(engine: Engine, seed: Awaited<ReturnType<typeof seededCopy>>) {
  const now = new Date()
  const copying = performance.now()
  const databaseUrl = engine === 'sqlite' ? `file:${seed.file}` : await postgresCopy(() => databaseFor('postgres', 'funnel'), seed.file, say)
  const copied = engine === 'sqlite' ? '' : `, the seed copied from SQLite in ${((performance.now() - copying) / 1000).toFixed(0)} s`
  say(`  ${engineName(engine)}${copied} (${loadAverage()})`)
  const run: FunnelRun = await withServer(databaseUrl, `funnel-${engine}`, {}, async (server) => {
    const cookie = await signInByMail(server.origin, join(dir, `mail-funnel-${engine}`))
    return timeFunnel(server.origin, cookie, now, callBudgetS * 1000, say)
  })
  const beat = run.healthz.ms
  say(`  /healthz every 100 ms meanwhile: n=${beat.length} p50 ${percentile(beat, 0.5).toFixed(1)} p99 ${percentile(beat, 0.99).toFixed(0)} max ${percentile(beat, 1).toFixed(0)} ms${run.healthz.failures ? ` (${run.healthz.failures} failed)` : ''}`)
  const today = await todaysCounts(databaseUrl, now)
  say(`  today's counts from its ${count(seed.facts.rawViews / 2)} raw views, no server: the store's dayCounts ${(today.storeMs / 1000).toFixed(2)} s, in one pass ${(today.onePassMs / 1000).toFixed(2)} s (${count(today.rows)} rows)`)
  funnelStorage.set(engine, await storageOf(databaseUrl))
  for (const [index, range] of ['90 days', '30 days'].entries()) {
    const p99 = percentile(run.calls[index]!.ms, 0.99)
    verdict(p99 <= goals.funnelP99Ms && !run.calls[index]!.failed, `${engineName(engine)}: funnel p99 ≤ ${goals.funnelP99Ms} ms at ${count(seed.facts.views)} views, ${range} (${count(p99)} ms)`)
  }
}

/** New signups/s for BENCH_SECONDS on a fresh SQLite database, with or without 500 beacons a second beside them. */
async function signupRound(round: number, withBeacons: boolean, smtpUrl: string) {
  const databaseUrl = await databaseFor('sqlite', `signups-${round}-${withBeacons}`)
  return withServer(databaseUrl, `signups-${round}-${withBeacons}`, { SMTP_URL: smtpUrl }, async (server) => {
    const stream = withBeacons ? beacons({ origin: server.origin, connections: 4, pipelining: 1, seconds: seconds + 1, perSecond: goals.beaconsPerSecond, firstVisitor: (round + 2) * 10_000_000 }) : undefined
    await stream?.started
    const cpuBefore = cpuMsOf(server.pid)
    let index = 0
    const result = await autocannon({
      url: `${server.origin}/api/waitlist`,
      connections: 50,
      duration: seconds,
      method: 'POST',
      requests: [
        {
          setupRequest: (request) => {
            const n = index++
            // A browser's signup, through the proxy, so the join to its visit runs as in production.
            const visitor = visitorOf(round * 10_000_000 + n)
            const body = JSON.stringify({ firstName: 'Bench', email: `new-${round}-${withBeacons}-${n}@bench.example`, source: 'stride-marketing-site', submissionId: `s-${round}-${withBeacons}-${n}` })
            return { ...request, body, headers: { 'content-type': 'text/plain', 'user-agent': visitor.userAgent, 'x-forwarded-for': visitor.address } }
          },
        },
      ],
    })
    const cpuMs = cpuMsOf(server.pid) - cpuBefore
    const beaconRun = await stream?.done
    return { perSecond: result.requests.total / result.duration, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx, beacons: beaconRun, cpuMs, total: result.requests.total, duration: result.duration }
  })
}

async function signupsBesideBeacons() {
  sink = await startSinkProcess()
  const smtpUrl = sink.url
  const alone: number[] = []
  const beside: number[] = []
  for (let round = 0; round < rounds; round++) {
    for (const withBeacons of [false, true]) {
      const run = await signupRound(round, withBeacons, smtpUrl)
      ;(withBeacons ? beside : alone).push(run.perSecond)
      const stream = run.beacons
        ? `; beacons ${count((run.beacons.statuses['204'] ?? 0) / run.beacons.seconds)}/s, p99 ${run.beacons.p99.toFixed(0)} ms${Object.keys(run.beacons.statuses).some((status) => status !== '204') ? ` (${JSON.stringify(run.beacons.statuses)})` : ''}`
        : ''
      const cpu = `the server's CPU ${(run.cpuMs / run.total).toFixed(2)} ms a signup (${count((100 * run.cpuMs) / (run.duration * 1000))} % of a core)`
      say(`  round ${round + 1}, ${withBeacons ? `with ${goals.beaconsPerSecond} beacons/s` : 'alone'}: ${count(run.perSecond)} signups/s, p99 ${run.p99.toFixed(0)} ms, ${run.errors} errors, ${cpu}${stream}`)
    }
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
  const ratio = mean(beside) / mean(alone)
  say(`  mean ${count(mean(alone))} signups/s alone, ${count(mean(beside))} with the beacons: ${(100 * ratio).toFixed(1)} %`)
  verdict(ratio >= goals.signupsKept, `SQLite: signups keep ≥ ${goals.signupsKept * 100} % with ${goals.beaconsPerSecond} beacons/s (${(100 * ratio).toFixed(1)} %)`)
}

function storageLines() {
  const perMillion = (bytes: number, rows: number) => `${megabytes((bytes / rows) * 1e6)} MB per million`
  for (const engine of engines) {
    const raw = ingestStorage.get(engine)
    const daily = funnelStorage.get(engine)
    const rawText = raw ? `raw ${perMillion(raw.rawBytes, raw.rawRows)} (${megabytes(raw.rawBytes)} MB for ${count(raw.rawRows)} beacons' rows)` : 'raw not measured'
    const dailyText = daily
      ? `rolled up ${perMillion(daily.dailyBytes, daily.dailyViews)} (${megabytes(daily.dailyBytes)} MB, ${count(daily.dailyRows)} daily rows for ${count(daily.dailyViews)} views)`
      : 'rolled up not measured'
    say(`  ${engineName(engine).padEnd(10)} ${rawText}; ${dailyText}`)
  }
}

try {
  const now = new Date()
  printHeader('bench:analytics', now)
  if (parts.includes('ingest')) {
    say('')
    say(`1. Beacon ingest: POST /api/analytics/visit, ${connections} connections × ${pipelining} in flight, ${seconds} s after a 2 s warm-up, a new address every 3 beacons (${loadAverage()})`)
    for (const engine of engines) await ingest(engine)
  }
  if (parts.includes('funnel')) {
    say('')
    say(`2. The console's funnel over ${shape.days} days, each call until ${callBudgetS} s are spent (${loadAverage()})`)
    const seed = await seededCopy(shape, cacheDir, dir, now, say)
    const { facts } = seed
    say(
      `  ${count(facts.views)} page views, ${count(facts.dailyRows)} daily rows, ${count(facts.rawViews)} raw views (yesterday and today), ${count(facts.signups)} signups; ` +
        `${seed.built ? `seeded now in ${facts.seconds.toFixed(0)} s` : `seeded ${facts.builtAt.slice(0, 16)} in ${facts.seconds.toFixed(0)} s, from the cache`}; ${facts.check}`,
    )
    for (const engine of engines) await funnel(engine, seed)
  }
  if (parts.includes('ingest') || parts.includes('funnel')) {
    say('')
    say('3. Storage per million page views')
    storageLines()
  }
  if (parts.includes('signups')) {
    say('')
    say(`4. New signups/s (autocannon, 50 connections, ${seconds} s, fresh SQLite each) alone and with ${goals.beaconsPerSecond} beacons/s (${loadAverage()})`)
    await signupsBesideBeacons()
  }
  say('')
  for (const line of verdicts) say(line)
  say(`${loadAverage()} at the end`)
} finally {
  cleanUp()
}
