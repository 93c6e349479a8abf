// `npm run bench:endpoint`: a benchmark, not a test. Drives POST /api/waitlist with autocannon (the standard
// Node HTTP load tool) against the real server (server/main.ts, in processes of its own) in three setups:
// SQLite with one instance, PostgreSQL with one instance, PostgreSQL with two instances (each taking half the
// connections, as behind a load balancer). PostgreSQL is a throwaway cluster with fsync on, started here and
// removed after. Each setup runs new signups, then (once the outbox has sent their confirmations) repeats of one
// email, then the engine's own limit (plain durable single-row inserts with no HTTP, 50 in flight), and with one
// instance a place looked up in a line of a million (BENCH_LINE_SIZE). BENCH_SECONDS (default 10) and
// BENCH_CONNECTIONS (default 50) adjust the run, BENCH_DRAIN_SECONDS the wait for the outbox; BENCH_SETUPS (e.g.
// "sqlite" or "postgres-1,postgres-2") runs only those setups. It always stops by itself.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import pg from 'pg'
import { startServerProcess, stopAll, type ServerProcess } from '../tools/processes'
import { composeForTests } from '../tools/open-store'
import { startPostgres } from '../tools/postgres'
import { sql } from 'kysely'
import { bucketSize } from '../server/features/referral/line'
import { openDatabase } from '../server/platform/database/open'
import { featureMigrations } from '../server/feature-migrations'
import { databaseReader } from './harness/database'
import { startCountingSink } from './harness/mail-sink'
import { printHeader } from './harness/print'
import { listOf, wholeNumber } from './harness/settings'
import { postSignups, signupBody } from './harness/signups'
import { benchTeardown } from './harness/teardown'

const seconds = wholeNumber('BENCH_SECONDS', 10)
const connections = wholeNumber('BENCH_CONNECTIONS', 50)
const drainSeconds = wholeNumber('BENCH_DRAIN_SECONDS', 180)
const lineSize = wholeNumber('BENCH_LINE_SIZE', 1_000_000)
const chosen: string[] = listOf('BENCH_SETUPS', ['sqlite', 'postgres-1', 'postgres-2'])
const dir = mkdtempSync(join(tmpdir(), 'waitlist-bench-'))
const cluster = await startPostgres({ durable: true })
// Every new signup queues a confirmation email, delivered by each instance's outbox sender while the load
// runs, as in production: to a real SMTP server in this process that accepts them and counts none.
const smtp = await startCountingSink(() => false)
const smtpUrl = smtp.url

type Row = { setup: string; load: string; perSecond: number; p50: number; p99: number; errors: number }
let run = 0

/** The load on each instance at once, the connections split between them. */
async function load(instances: ServerProcess[], name: string, bodyFor: (index: number) => string): Promise<Omit<Row, 'setup'>> {
  const tag = `${++run}`
  const origins = instances.map((instance) => instance.origin)
  const result = await postSignups(origins, { connections, seconds, bodyFor }).catch((error: unknown) => {
    throw new Error(`load ${tag} failed: ${String(error)}`)
  })
  return { load: name, ...result }
}

/** Waits (at most BENCH_DRAIN_SECONDS, default 180) until the instances' outbox senders have sent every email the last load
 * queued, so that the next load is measured on its own and not while they send the last one's; says how long
 * that took. */
async function outboxDrained(databaseUrl: string): Promise<string> {
  const reader = databaseReader(databaseUrl)
  const count = () => reader.count('SELECT count(*) AS n FROM outbox WHERE finished_at IS NULL')
  const started = performance.now()
  const queued = await count()
  while ((await count()) > 0 && performance.now() - started < drainSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, 250))
  const left = await count()
  await reader.close()
  const took = (performance.now() - started) / 1000
  return `${queued} emails were waiting after the load; ${left === 0 ? `all sent in ${took.toFixed(1)} s` : `${left} still waiting after ${took.toFixed(0)} s`}`
}

/** A place looked up (server/features/referral/line.ts placeOf) in a line of BENCH_LINE_SIZE (default 1,000,000)
 * confirmed people, some of them moved up by credits, for 2,000 people drawn at random: the time of each. */
async function placeLookups(databaseUrl: string): Promise<Omit<Row, 'setup'>> {
  const database = await openDatabase(databaseUrl, { migrations: featureMigrations })
  const { db } = database
  const numbers =
    database.engine === 'sqlite'
      ? sql`WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${lineSize}) SELECT i FROM n`
      : sql`SELECT i FROM generate_series(1, ${lineSize}::int) AS i`
  // Everyone confirmed in order; one in five has credits (up to 4, 10 places each), so keys share ranges.
  await sql`INSERT INTO signups (email_normalized, email, first_name, source, created_at, status, confirmed_at, confirm_seq, line_score, referral_credits)
    SELECT 'line-' || i || '@bench.example', 'line-' || i || '@bench.example', 'Bench', 'bench', '2026-11-24T00:00:00.000Z', 'confirmed',
      '2026-11-24T00:00:00.000Z', i + 100000, i + 100000 - 10 * (i % 5), i % 5
    FROM (${numbers}) AS numbers`.execute(db)
  await sql`DELETE FROM line_buckets`.execute(db)
  await sql`INSERT INTO line_buckets (bucket, people)
    SELECT line_score / ${sql.lit(bucketSize)}, count(*) FROM signups WHERE line_score IS NOT NULL GROUP BY line_score / ${sql.lit(bucketSize)}`.execute(db)
  if (database.engine === 'postgres') await sql`ANALYZE signups`.execute(db)
  const ids = (await db.selectFrom('signups').select('id').where('email_normalized', 'like', 'line-%').execute()).map((row) => row.id)
  const placeOf = composeForTests(database).composition.stores.line.placeOf
  const latencies: number[] = []
  const started = performance.now()
  for (let lookup = 0; lookup < 2000; lookup++) {
    const id = ids[Math.floor(Math.random() * ids.length)]!
    const at = performance.now()
    if (!(await placeOf(id))) throw new Error(`no place for ${id}`)
    latencies.push(performance.now() - at)
  }
  const elapsed = (performance.now() - started) / 1000
  await database.close()
  latencies.sort((a, b) => a - b)
  const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0
  return { load: `place looked up, ${lineSize.toLocaleString('en-US')} in line`, perSecond: latencies.length / elapsed, p50: percentile(0.5), p99: percentile(0.99), errors: 0 }
}

/** Plain durable single-row inserts, `connections` in flight, no HTTP, no batching of ours: what the engine
 * itself can take. */
async function engineLimit(databaseUrl: string): Promise<Omit<Row, 'setup'>> {
  const table = `CREATE TABLE IF NOT EXISTS bench_inserts (id INTEGER PRIMARY KEY, email TEXT NOT NULL)`
  const deadline = performance.now() + seconds * 1000
  const latencies: number[] = []
  let insert: (index: number) => Promise<unknown>
  let close: () => Promise<void>
  if (databaseUrl.startsWith('file:')) {
    const client = createClient({ url: databaseUrl, concurrency: 1 })
    // The instances' process may still be letting go of the file.
    await client.execute('PRAGMA busy_timeout = 5000')
    await client.execute('PRAGMA journal_mode = WAL')
    await client.execute('PRAGMA synchronous = FULL')
    await client.execute(table)
    insert = (index) => client.execute({ sql: 'INSERT INTO bench_inserts (email) VALUES (?)', args: [`limit-${index}@bench.example`] })
    close = async () => client.close()
  } else {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: connections })
    await pool.query(table.replace('INTEGER PRIMARY KEY', 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY'))
    insert = (index) => pool.query('INSERT INTO bench_inserts (email) VALUES ($1)', [`limit-${index}@bench.example`])
    close = () => pool.end()
  }
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const sentAt = performance.now()
        await insert(next++)
        latencies.push(performance.now() - sentAt)
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  await close()
  latencies.sort((a, b) => a - b)
  const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0
  return { load: 'engine alone: durable inserts, no HTTP', perSecond: latencies.length / elapsed, p50: percentile(0.5), p99: percentile(0.99), errors: 0 }
}

async function setup(name: string, databaseUrl: string, instanceCount: number): Promise<Row[]> {
  await (await openDatabase(databaseUrl, { migrations: featureMigrations })).close() // migrate once before the instances start
  const instances = await Promise.all(Array.from({ length: instanceCount }, () => startServerProcess({ DATABASE_URL: databaseUrl, RATE_LIMIT_MAX: '1000000000', SMTP_URL: smtpUrl, PUBLIC_SITE_URL: 'http://127.0.0.1:3000' })))
  const rows = []
  try {
    rows.push(await load(instances, 'new signups', (index) => signupBody(`new-${run}-${index}@bench.example`, `new-${run}-${index}`)))
    console.log(`${name}: ${await outboxDrained(databaseUrl)}`)
    rows.push(await load(instances, 'repeats (one email)', (index) => signupBody('repeat@bench.example', `repeat-${run}-${index}`)))
  } finally {
    stopAll()
    await Promise.all(instances.map((instance) => instance.exited)) // the engine alone, with nobody else on it
  }
  rows.push(await engineLimit(databaseUrl))
  if (instanceCount === 1) rows.push(await placeLookups(databaseUrl))
  return rows.map((row) => ({ setup: name, ...row }))
}

function printTable(rows: Row[]) {
  const cells = [
    ['setup', 'load', 'req/s', 'p50 ms', 'p99 ms', 'errors'],
    ...rows.map((r) => [r.setup, r.load, r.perSecond.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1), String(r.errors)]),
  ]
  const widths = cells[0]!.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)))
  const line = (row: string[]) => row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')
  console.log(['', line(cells[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.slice(1).map(line)].join('\n'))
}

function verdicts(rows: Row[]) {
  const find = (setup: string, loadName: string) => rows.find((row) => row.setup === setup && row.load === loadName)!
  const sqliteNew = find('SQLite, 1 instance', 'new signups')
  const checks: [string, boolean][] = [
    [`SQLite: ≥ 3,000 new signups/s (${sqliteNew.perSecond.toFixed(0)})`, sqliteNew.perSecond >= 3000],
    [`SQLite: p99 ≤ 20 ms (${sqliteNew.p99.toFixed(1)} ms)`, sqliteNew.p99 <= 20],
    [
      `PostgreSQL: two instances faster than one (${find('PostgreSQL, 2 instances', 'new signups').perSecond.toFixed(0)} vs ${find('PostgreSQL, 1 instance', 'new signups').perSecond.toFixed(0)} req/s)`,
      find('PostgreSQL, 2 instances', 'new signups').perSecond > find('PostgreSQL, 1 instance', 'new signups').perSecond,
    ],
    ...['SQLite, 1 instance', 'PostgreSQL, 1 instance', 'PostgreSQL, 2 instances'].map((name): [string, boolean] => {
      const [fresh, repeat] = [find(name, 'new signups'), find(name, 'repeats (one email)')]
      return [`${name}: repeats not slower than new signups (${repeat.perSecond.toFixed(0)} vs ${fresh.perSecond.toFixed(0)} req/s)`, repeat.perSecond >= fresh.perSecond * 0.95]
    }),
  ]
  console.log(['', ...checks.map(([text, ok]) => `${ok ? 'pass' : 'FAIL'}  ${text}`)].join('\n'))
}

const cleanUp = benchTeardown({ smtp, cluster: () => cluster, dir })

try {
  printHeader(`POST /api/waitlist with autocannon, ${connections} connections, ${seconds} s per load`)
  console.log('SQLite: WAL + synchronous=FULL. PostgreSQL: a local cluster with fsync on, synchronous_commit on.')
  const setups: [string, () => Promise<Row[]>][] = [
    ['sqlite', () => setup('SQLite, 1 instance', `file:${join(dir, 'waitlist.db')}`, 1)],
    ['postgres-1', async () => setup('PostgreSQL, 1 instance', await cluster.createDatabase(), 1)],
    ['postgres-2', async () => setup('PostgreSQL, 2 instances', await cluster.createDatabase(), 2)],
  ]
  const rows = []
  for (const [key, run] of setups) if (chosen.includes(key)) rows.push(...(await run()))
  printTable(rows)
  if (setups.every(([key]) => chosen.includes(key))) verdicts(rows)
} finally {
  cleanUp()
}
