// `npm run bench:loop`: a benchmark, not a test (issue 53). Holds the background clocks to the event loop: the real
// server (server/main.ts, a process of its own, every clock at its default period) over bench-console's cached list
// of a million signups (BENCH_SIGNUPS), made a launch day (bench/loop-turns.ts: 100,000 signups today and today's
// page views), on SQLite and on PostgreSQL (BENCH_ENGINES=sqlite, postgres or both, the default; PostgreSQL gets
// the same rows, as bench:console gives them, bench/console/postgres.ts). The server logs every turn of its loop
// over 20 ms with what was running (EVENT_LOOP_STALL_MS, server/platform/observability/event-loop.ts); this reads
// those lines and prints, per phase,
// the longest turn and which clock or route ran in it, with /healthz (every 50 ms) and a signup (every 100 ms):
// - the start-up catch-up: from the spawn until BENCH_CATCHUP_S (default 30) after /healthz's first 200;
// - steady and quiet: the next BENCH_QUIET_S (default 70, more than the analytics' 60 s period);
// - steady with the console's export running (GET /api/admin/signups.csv, a million rows).
// BENCH_ANALYTICS=on, off or both (the default: on) runs the server with ANALYTICS set so. Goal: the longest turn
// ≤ 50 ms in every phase. It always stops by itself, and leaves nothing running, Ctrl-C included.
import { closeSync, copyFileSync, fsyncSync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { startPostgres, type TestPostgres } from '../tools/postgres'
import { repoRoot, stopAll } from '../tools/processes'
import { sleep } from '../tools/until'
import { builtSqlite } from './console/build'
import { consoleClient, freshSignups, healthz, onBeat, timeExport } from './console/measure'
import { postgresWithList } from './console/postgres'
import { beat, exportLines } from './console/print'
import { signIn, startMeasuredServer } from './console/server'
import { loggedTurnMs, makeLaunchDay, turnsFromLog, turnsLine } from './loop-turns'
import { count, loadAverage, printHeader } from './harness/print'
import { oneOf, positiveNumber, text, wholeNumber } from './harness/settings'
import { benchTeardown } from './harness/teardown'

const size = wholeNumber('BENCH_SIGNUPS', 1_000_000, { min: 1000 })
const catchUpMs = positiveNumber('BENCH_CATCHUP_S', 30) * 1000
const quietMs = positiveNumber('BENCH_QUIET_S', 70) * 1000
const analytics = oneOf('BENCH_ANALYTICS', 'on', ['on', 'off', 'both'])
const engines = oneOf('BENCH_ENGINES', 'both', ['sqlite', 'postgres', 'both'])
const cacheDir = text('BENCH_CACHE_DIR', join(repoRoot, 'data', 'bench'))

const dir = mkdtempSync(join(tmpdir(), 'waitlist-bench-loop-'))
let cluster: TestPostgres | undefined
const cleanUp = benchTeardown({
  smtp: { close: () => {} },
  cluster: () => cluster,
  dir,
})
const say = (line: string) => console.log(line)
const load = loadAverage

/** A fresh copy of the launch day for one run, its URL, and how to drop it after. */
type LaunchCopy = { name: string; url: string; drop: () => Promise<void> }

/** One server over a fresh copy of the launch day, with ANALYTICS set to `setting`. */
async function measure(copy: () => Promise<LaunchCopy>, setting: 'on' | 'off') {
  const launch = await copy()
  say('')
  say(`${launch.name}, ANALYTICS=${setting} (${load()} at its start)`)
  const turns = turnsFromLog()
  const spawned = Date.now()
  const server = await startMeasuredServer(launch.url, join(dir, `mail-${launch.name}-${setting}`), { ANALYTICS: setting, EVENT_LOOP_STALL_MS: String(loggedTurnMs) }, turns.onLine)
  try {
    say(`  start-up: /healthz 200 after ${(server.healthyMs / 1000).toFixed(1)} s`)
    const phase = async (name: string, during: () => Promise<void>, signups = true) => {
      const from = Date.now()
      const health = onBeat(50, healthz(server.origin))
      const signing = signups ? onBeat(100, freshSignups(server.origin, `loop-${setting}-${from}`)) : undefined
      await during()
      const [healthzMs, signupMs] = [await health.stop(), await signing?.stop()]
      // The server logs a turn once it has ended: a moment for the last line to arrive.
      await sleep(200)
      say(`  ${name}: ${beat('GET /healthz', healthzMs)}${signupMs ? `; ${beat('POST /api/waitlist', signupMs)}` : ''}`)
      say(`    ${turnsLine(turns.between(name.startsWith('start-up') ? spawned : from, Date.now()))}; ${load()}`)
    }
    await phase(`start-up catch-up (spawn to ${catchUpMs / 1000} s after /healthz's first 200)`, async () => void (await sleep(catchUpMs)), false)
    await phase(`steady, quiet (${quietMs / 1000} s)`, async () => void (await sleep(quietMs)))
    const client = consoleClient(server.origin, await signIn(server.origin, launch.url))
    await phase('steady, during the export', async () => {
      const exported = await timeExport(client, server.pid, 120_000, `loop-export-${Date.now()}`, 10 * 60_000, 5_000)
      for (const line of exportLines(exported)) say(`    ${line}`)
    })
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- the server's last lines:\n${server.tail()}`, { cause: error })
  } finally {
    stopAll()
    await server.server.exited
    await launch.drop()
  }
}

/** SQLite: the launch day made on a copy of the cached file; each run gets a copy of that, on the disk before the
 * server starts, as bench-console.ts does, so the first checkpoint does not write it all. */
async function sqliteCopies(cachedFile: string, now: Date): Promise<(setting: string) => () => Promise<LaunchCopy>> {
  const launchFile = join(dir, 'launch-day.db')
  copyFileSync(cachedFile, launchFile)
  await makeLaunchDay(`file:${launchFile}`, now, say)
  return (setting) => async () => {
    const file = join(dir, `waitlist-${setting}.db`)
    copyFileSync(launchFile, file)
    const written = openSync(file, 'r+')
    fsyncSync(written)
    closeSync(written)
    return { name: 'SQLite', url: `file:${file}`, drop: async () => rmSync(file, { force: true }) }
  }
}

/** PostgreSQL: the cached list on a throwaway cluster (fsync on), made a launch day; each run gets a database
 * copied from it (CREATE DATABASE … TEMPLATE), dropped after. */
async function postgresCopies(cachedFile: string, now: Date): Promise<(setting: string) => () => Promise<LaunchCopy>> {
  cluster = await startPostgres({ durable: true })
  const started = performance.now()
  const { url, copied } = await postgresWithList(cluster, cachedFile, cachedFile.replace(/\.db$/, ''), dir, say)
  say(`PostgreSQL: ${copied ? 'copied from the SQLite build' : 'the cached cluster started'} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  await makeLaunchDay(url, now, say)
  const template = new URL(url).pathname.slice(1)
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: cluster!.url })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  return (setting) => async () => {
    const name = `bench_loop_${setting}`
    const copying = performance.now()
    await admin(`CREATE DATABASE ${name} TEMPLATE ${template}`)
    await admin('CHECKPOINT')
    say(`PostgreSQL: the launch day copied for ANALYTICS=${setting} in ${((performance.now() - copying) / 1000).toFixed(1)} s`)
    const copyUrl = new URL(url)
    copyUrl.pathname = `/${name}`
    return { name: 'PostgreSQL', url: copyUrl.toString(), drop: () => admin(`DROP DATABASE ${name}`) }
  }
}

try {
  const now = new Date()
  printHeader(`The event loop over ${count(size)} signups`, now)
  const sqlite = await builtSqlite(size, cacheDir, dir, say)
  say(`${sqlite.built ? 'Built' : 'From the cache'}: ${sqlite.file}`)
  const settings = analytics === 'both' ? (['on', 'off'] as const) : [analytics]
  if (engines !== 'postgres') {
    const copyFor = await sqliteCopies(sqlite.file, now)
    for (const setting of settings) await measure(copyFor(setting), setting)
  }
  if (engines !== 'sqlite') {
    const copyFor = await postgresCopies(sqlite.file, now)
    for (const setting of settings) await measure(copyFor(setting), setting)
  }
} finally {
  cleanUp()
}
