// `npm run bench:console`: a benchmark, not a test (issue 35). The team console over a list of a million
// signups (BENCH_SIGNUPS; 20000 for a quick run), on SQLite and on PostgreSQL (BENCH_ENGINES=sqlite, postgres
// or both, the default), each with one instance of the real server (server/main.ts, a process of its own, no
// SMTP: its emails go to files). The list is built through the project's own stores and cached between runs
// (bench/console/build.ts says how, and what is bulk SQL; bench/console/postgres.ts how PostgreSQL gets the same
// rows). For each engine it prints:
// - the start-up, from the spawn to /healthz's first 200, and the size of the file (SQLite, with its WAL) or of
//   the database (PostgreSQL, pg_database_size);
// - the median and 99th percentile of every console call, each after 3 warm-ups and up to BENCH_REPEATS times
//   (default 40), a call's repeats ending early once BENCH_CALL_BUDGET_S (default 30) is spent;
// - the export (GET /api/admin/signups.csv, read to its end and dropped in a thread of its own, so that the
//   beats' times are the server's, not this process's): its time, its rows, how long the server
//   took to answer /healthz again after it (an aborted export may go on in the server), and the server's memory
//   before, at its peak and 5 s after that; meanwhile /healthz and a new signup every 100 ms, and their times;
// - /healthz every 100 ms during the other console calls;
// - a wave of 10 started 5 times, last, since it changes the list;
// - (issue 53) on both engines, the list made a launch day first (bench/loop-turns.ts: its newest 100,000 signups moved
//   to today, and 300,000 page views of today); the start-up catch-up, /healthz every 50 ms for BENCH_CATCHUP_S
//   (default 30) after its first 200, reported apart from the steady state; and for each phase the longest turn of
//   the server's event loop and what ran in it (its EVENT_LOOP_STALL_MS lines). Every clock runs at its default
//   period throughout, as main.ts starts them: the analytics' count, the launch's, the updates', the webhooks'
//   deliverer and body sweep, the retention sweep and the outbox sender;
// - (issue 47) each console area's first view: the calls src/admin/area-list.ts says it sends when it opens, sent
//   together, after the same warm-ups and repeats as every call (bench/console/areas.ts), against 200 ms; and the
//   Overview in Chromium, each time in a new tab, from the navigation to /admin/ with the session's cookie until its
//   totals are shown (and, printed beside, until every other part of it is in its place), BENCH_PAGE_REPEATS times
//   (default 20) on a warm cache (a returning member's browser profile) and as many on a cold one (a first visit),
//   against 300 ms. The server
//   serves dist/ when it holds the console (npm run build), else the console is built alone for the run;
// and one line of the goals against the figures. A request is aborted after 60 s (the export after
// BENCH_EXPORT_TIMEOUT_S, default 60) and printed as "> 60 s". The cache is in BENCH_CACHE_DIR (default
// data/bench/, git-ignored). It always stops by itself, and leaves nothing running, Ctrl-C included.
import { closeSync, copyFileSync, fsyncSync, openSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { repoRoot, stopAll } from '../tools/processes'
import { sleep } from '../tools/until'
import { startPostgres, type TestPostgres } from '../tools/postgres'
import { builtSqlite, sqliteBytes, type BuildFacts } from './console/build'
import { consoleCalls, waveStarts } from './console/calls'
import { consoleSite, firstViews, overviewPage, phasesLine, slowestLine, type PageTiming } from './console/areas'
import { callTimeoutMs, consoleClient, healthz, onBeat, timeExport } from './console/measure'
import { postgresBytes, postgresWithList } from './console/postgres'
import { beat, exportLines, goalsLine, tableHead, tableRow, type EngineReport } from './console/print'
import { loggedTurnMs, makeLaunchDay, turnsFromLog, turnsLine } from './loop-turns'
import { signIn, startMeasuredServer } from './console/server'
import { count, loadAverage, printHeader } from './harness/print'
import { oneOf, positiveNumber, text, wholeNumber } from './harness/settings'
import { benchTeardown } from './harness/teardown'

const size = wholeNumber('BENCH_SIGNUPS', 1_000_000, { min: 1000 })
const chosen = oneOf('BENCH_ENGINES', 'both', ['sqlite', 'postgres', 'both'])
const repeats = { warmups: 3, repeats: wholeNumber('BENCH_REPEATS', 40), budgetMs: positiveNumber('BENCH_CALL_BUDGET_S', 30) * 1000 }
const pageRepeats = wholeNumber('BENCH_PAGE_REPEATS', 20)
const catchUpMs = positiveNumber('BENCH_CATCHUP_S', 30) * 1000
const exportTimeoutMs = positiveNumber('BENCH_EXPORT_TIMEOUT_S', callTimeoutMs / 1000) * 1000
const cacheDir = text('BENCH_CACHE_DIR', join(repoRoot, 'data', 'bench'))
// An aborted export may go on in the server for minutes: the waves wait for it (at most this long).
const settleMs = 10 * 60_000

const dir = mkdtempSync(join(tmpdir(), 'waitlist-bench-console-'))
let cluster: TestPostgres | undefined
// No SMTP server to close: the server writes its emails to files in `dir`.
const cleanUp = benchTeardown({ cluster: () => cluster, dir })
const say = (line: string) => console.log(line)

/** Everything measured on one engine, with one server over `databaseUrl`, printed as it is measured. */
async function measure(name: string, databaseUrl: string, sizeOf: () => Promise<string>, facts: BuildFacts, staticDir: string): Promise<EngineReport> {
  say('')
  say(`${name} (${loadAverage()} at its start)`)
  const turns = turnsFromLog()
  const spawned = Date.now()
  const server = await startMeasuredServer(databaseUrl, join(dir, `mail-${name.split(',')[0]!.toLowerCase()}`), { EVENT_LOOP_STALL_MS: String(loggedTurnMs), STATIC_DIR: staticDir }, turns.onLine)
  const turnsSince = (from: number) => `  ${turnsLine(turns.between(from, Date.now()))}; ${loadAverage()}`
  try {
    say(`  start-up: listening ${seconds(server.listeningMs)} s after the spawn, /healthz 200 after ${seconds(server.healthyMs)} s; ${await sizeOf()}`)
    // The start-up catch-up (each clock's first run, the retention sweep, the file's check), apart from the steady state.
    const catchingUp = onBeat(50, healthz(server.origin))
    await sleep(catchUpMs)
    say(`  start-up catch-up, the first ${seconds(catchUpMs)} s after /healthz's first 200: ${beat('GET /healthz', await catchingUp.stop())}`)
    say(`${turnsSince(spawned)} (from the spawn)`)
    const steady = Date.now()
    const cookie = await signIn(server.origin, databaseUrl)
    const client = consoleClient(server.origin, cookie)
    for (const line of tableHead()) say(`  ${line}`)
    const reading = onBeat(100, healthz(server.origin))
    const views = await firstViews(client, repeats, (timing) => say(`  ${tableRow(timing)}`))
    const calls = await consoleCalls(client, repeats, facts.commonestDomain, (timing) => say(`  ${tableRow(timing)}`))
    const duringReads = await reading.stop()
    say(`${turnsSince(steady)} (during the console calls)`)
    const browsing = Date.now()
    let pages: PageTiming[] = []
    try {
      pages = await overviewPage(server.origin, cookie, pageRepeats)
      for (const page of pages) say(`  ${tableRow(page)}${page.until === 'totals' ? `\n    median ms from the navigation: ${phasesLine(page.phases)}\n    the slowest load: ${slowestLine(page.phases)}` : ''}`)
      say(`  (the browser: ${pages[0]?.browser})`)
    } catch (error) {
      say(`  the Overview in Chromium: not measured: ${(error as Error).message.split('\n')[0]}`)
    }
    say(`${turnsSince(browsing)} (during the Overview in Chromium)`)
    const exporting = Date.now()
    const exported = await timeExport(client, server.pid, exportTimeoutMs, `export-${Date.now()}`, settleMs)
    for (const line of exportLines(exported)) say(`  ${line}`)
    say(`${turnsSince(exporting)} (during the export and the quiet after it)`)
    const starting = onBeat(100, healthz(server.origin))
    const waves = await waveStarts(client, 5)
    const duringWaves = await starting.stop()
    say(`  ${tableRow(waves)}`)
    const consoleHealthz = { ms: [...duringReads.ms, ...duringWaves.ms], failures: duringReads.failures + duringWaves.failures }
    say(`  during the other console calls: ${beat('GET /healthz', consoleHealthz)}; ${loadAverage()} at the end`)
    return { name, calls: [...calls, waves], exported, consoleHealthz, firstViews: views, overviewPage: pages }
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- the server's last lines:\n${server.tail()}`, { cause: error })
  } finally {
    stopAll()
    await server.server.exited
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(1)
const megabytes = (bytes: number) => `${(bytes / 1e6).toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`

try {
  printHeader(`The console over ${count(size)} signups`)
  const site = await consoleSite(dir)
  say(`The site served: ${site.how}`)
  const sqlite = await builtSqlite(size, cacheDir, dir, say)
  const { facts } = sqlite
  say(
    `${sqlite.built ? `Built in ${facts.buildSeconds} s` : `Built ${facts.builtAt.slice(0, 16)} in ${facts.buildSeconds} s, from the cache`} (${sqlite.file}): ` +
      `${count(facts.signups)} signups, ${((100 * facts.confirmed) / facts.signups).toFixed(1)} % confirmed, ` +
      `${(facts.tokens / facts.signups).toFixed(2)} link tokens and ${(facts.finishedEmails / facts.signups).toFixed(2)} sent emails each; referrals ` +
      Object.entries(facts.referrals)
        .map(([outcome, n]) => `${outcome} ${count(n)}`)
        .join(', '),
  )
  const reports: EngineReport[] = []
  // One engine's failure is printed, and the other is still measured.
  const measured = (engine: () => Promise<EngineReport>) =>
    engine().then(
      (report) => void reports.push(report),
      (error: unknown) => {
        say(`  stopped: ${(error as Error).stack ?? String(error)}`)
        process.exitCode = 1
      },
    )
  if (chosen !== 'postgres') {
    const file = join(dir, 'waitlist.db')
    copyFileSync(sqlite.file, file)
    await makeLaunchDay(`file:${file}`, new Date(), say)
    // On the disk before the server starts, as a database that has lived there is: else the first checkpoint's
    // fsync writes out the whole fresh copy, and holds the server's one connection (and its event loop) for it.
    const written = openSync(file, 'r+')
    fsyncSync(written)
    closeSync(written)
    await measured(() =>
      measure(
        'SQLite, 1 instance',
        `file:${file}`,
        async () => {
          const bytes = sqliteBytes(file)
          return `file ${megabytes(bytes.file)} + WAL ${megabytes(bytes.wal)}`
        },
        facts,
        site.staticDir,
      ),
    )
    rmSync(file, { force: true })
  }
  if (chosen !== 'sqlite') {
    cluster = await startPostgres({ durable: true })
    const started = performance.now()
    const { url, copied } = await postgresWithList(cluster, sqlite.file, sqlite.file.replace(/\.db$/, ''), dir, say)
    say(`PostgreSQL: ${copied ? 'copied from the SQLite build' : 'the cached cluster started'} in ${seconds(performance.now() - started)} s (a throwaway cluster, fsync on; one server instance)`)
    await makeLaunchDay(url, new Date(), say)
    await measured(() => measure('PostgreSQL, 1 instance', url, async () => `database ${megabytes(await postgresBytes(url))} (pg_database_size)`, facts, site.staticDir))
  }
  say('')
  for (const report of reports) say(goalsLine(report))
} finally {
  cleanUp()
}
