// `npm run bench:timing`: a benchmark, not a test. Does the time the waitlist server takes to answer tell an
// attacker who is listed? The words of the replies already do not (the same answer for a listed address and a
// new one, on signup, on an erasure request and on asking for a console sign-in link); this measures whether
// the clock gives it away instead. Each case is BENCH_PAIRS (default 200) interleaved pairs against the real
// server (server/main.ts in its own process) on SQLite and on a throwaway PostgreSQL cluster with fsync on:
// one request for a listed address, one for an unlisted one, the side that goes first alternating, sequential
// over one keep-alive connection, timed from request start to the last byte of the body. A row passes when
// the listed side was slower in about half of the pairs (within 2.6 standard deviations of a fair coin:
// 0.5 ± 1.3/√N) and its median is within 0.9–1.1 of the other's. Every request carries its own
// X-Forwarded-For (TRUST_PROXY=1), so that the per-client rate limits, which no setting raises, never answer
// instead of the code being measured. The rows marked "again" ask for one listed address over and over (every
// counted request is its second or later) against a new unlisted address each time: the later requests for
// one address must not be cheaper (a cache, a limiter's count, work skipped or deferred) than a first.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defaultSignInRateLimit } from '../server/features/console/sign-in-routes'
import { killGroup, startServerProcess, type ServerProcess } from '../tools/processes'
import { startPostgres, type TestPostgres } from '../tools/postgres'
import { startSinkProcess } from './harness/mail-sink'
import { printHeader } from './harness/print'
import { wholeNumber } from './harness/settings'
import { benchTeardown } from './harness/teardown'

const pairs = wholeNumber('BENCH_PAIRS', 200)
// A pause before each request, so each one is timed on its own, not behind the work the one before it left
// for after its reply (a queued email, a repeat's re-check), which the code does after replying on purpose.
// BENCH_GAP_MS=0 times them back to back, which also shows whether that later work gives anything away.
const gapMs = wholeNumber('BENCH_GAP_MS', 20, { min: 0 })
const pause = () => new Promise((resolve) => setTimeout(resolve, gapMs))
const warmUp = 30
const listedSignups = 20
// Each listed team address may ask at most defaultSignInRateLimit.max times: spread warm-up and pairs over enough.
const teamSize = Math.max(50, Math.ceil((warmUp + pairs) / (defaultSignInRateLimit.max - 1)))
const teamAddress = (index: number) => `team${String(index).padStart(4, '0')}@stridehealth.example`
const adminEmails = ['team@stridehealth.example', ...Array.from({ length: teamSize }, (_, index) => teamAddress(index))]
const bound = 1.3 / Math.sqrt(pairs)
const dir = mkdtempSync(join(tmpdir(), 'waitlist-timing-'))

// Confirmation, erasure and sign-in emails go out as in production, to an SMTP server that drops them, in a
// process of its own (bench/harness/mail-sink.ts startSinkProcess), so that receiving them takes nothing from the
// loop timing requests.
const smtp = await startSinkProcess()
let cluster: TestPostgres | undefined
let sent = 0
/** A client address no request has used yet: the per-client limits count each request as a new visitor. */
const nextClient = () => `10.${(++sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`

type Request = { path: string; body: unknown; admin?: boolean }
type Side = (index: number) => Request
type Case = { name: string; listed: Side; unlisted: Side; expected: number }
type Row = { name: string; listed: Stats; unlisted: Stats; ratio: number; listedSlower: number; counted: number; dropped: number; pass: boolean }
type Stats = { median: number; p90: number }

/** Wall time of one request, start to the body's last byte; the status, to refuse a pair a limiter answered. */
async function timed(origin: string, request: Request): Promise<{ ms: number; status: number }> {
  const headers: Record<string, string> = { 'Content-Type': 'text/plain;charset=UTF-8', 'X-Forwarded-For': nextClient() }
  if (request.admin) headers.Origin = origin // the console refuses a POST without its own Origin
  const started = performance.now()
  const response = await fetch(`${origin}${request.path}`, { method: 'POST', headers, body: JSON.stringify(request.body) })
  await response.text()
  return { ms: performance.now() - started, status: response.status }
}

function stats(values: number[]): Stats {
  if (values.length === 0) return { median: NaN, p90: NaN } // every pair dropped: the row fails, it is printed
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length / 2
  const median = sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2
  return { median, p90: sorted[Math.max(0, Math.ceil(0.9 * sorted.length) - 1)]! }
}

/** `count` pairs, the listed side first in even pairs and second in odd ones; the times of counted pairs. */
async function runPairs(origin: string, testCase: Case, count: number, offset: number) {
  const listed: number[] = []
  const unlisted: number[] = []
  let dropped = 0
  for (let index = 0; index < count; index++) {
    const sides = [testCase.listed(offset + index), testCase.unlisted(offset + index)]
    if (index % 2) sides.reverse()
    await pause()
    const first = await timed(origin, sides[0]!)
    await pause()
    const second = await timed(origin, sides[1]!)
    const [listedReply, unlistedReply] = index % 2 ? [second, first] : [first, second]
    if (listedReply.status !== testCase.expected || unlistedReply.status !== testCase.expected) {
      dropped++
      const throttled = listedReply.status === 429 || unlistedReply.status === 429
      console.error(`${throttled ? '!!! 429 RATE LIMITED' : '!!! unexpected status'}: ${testCase.name}, pair ${index}: listed ${listedReply.status}, unlisted ${unlistedReply.status} (expected ${testCase.expected}); pair not counted`)
      continue
    }
    listed.push(listedReply.ms)
    unlisted.push(unlistedReply.ms)
  }
  return { listed, unlisted, dropped }
}

function cases(engine: string): Case[] {
  const pad = (index: number) => String(index).padStart(6, '0')
  // Listed and new addresses of the same length, so that only being listed differs.
  const listedEmail = (index: number) => `l${pad(index % listedSignups)}@bench.example`
  const newEmail = (prefix: string) => (index: number) => `${prefix}${pad(index)}@${engine}.example`
  const signup = (email: string): Request => ({ path: '/api/waitlist', body: { email, firstName: 'Ann', source: 'stride-marketing-site' } })
  const erase = (email: string): Request => ({ path: '/api/waitlist/erase', body: { email } })
  const copy = (email: string): Request => ({ path: '/api/waitlist/copy', body: { email } })
  const signIn = (email: string): Request => ({ path: '/api/admin/sign-in/request', body: { email }, admin: true })
  return [
    { name: 'signup', listed: (i) => signup(listedEmail(i)), unlisted: (i) => signup(newEmail('n')(i)), expected: 200 },
    { name: 'erase request', listed: (i) => erase(listedEmail(i)), unlisted: (i) => erase(newEmail('e')(i)), expected: 200 },
    // A copy (issue 51) mails every address, listed or not, so the work after the reply differs in kind, not in amount.
    { name: 'copy request', listed: (i) => copy(listedEmail(i)), unlisted: (i) => copy(newEmail('c')(i)), expected: 200 },
    // Both sides cycle through as many addresses, so each side's per-address rate-limit count is as warm as the
    // other's (a first count is an INSERT on PostgreSQL, a later one an UPDATE): only being listed differs.
    { name: 'admin sign-in', listed: (i) => signIn(teamAddress(i % teamSize)), unlisted: (i) => signIn(`temp${String(i % teamSize).padStart(4, '0')}@stridehealth.example`), expected: 202 },
    { name: 'signup again', listed: () => signup(listedEmail(0)), unlisted: (i) => signup(newEmail('m')(i)), expected: 200 },
    { name: 'erase request again', listed: () => erase(listedEmail(0)), unlisted: (i) => erase(newEmail('f')(i)), expected: 200 },
    // One listed address and one unlisted address, each asked for over and over: the unlisted one's note still
    // waiting (one row per address) must answer no faster than the listed one's link.
    { name: 'copy request again', listed: () => copy(listedEmail(0)), unlisted: () => copy(newEmail('d')(0)), expected: 200 },
    { name: 'admin sign-in again', listed: () => signIn(teamAddress(0)), unlisted: (i) => signIn(`u${String(i).padStart(7, '0')}@stridehealth.example`), expected: 202 },
  ]
}

async function measureEngine(label: string, databaseUrl: string, smtpUrl: string): Promise<Row[]> {
  const env = { DATABASE_URL: databaseUrl, RATE_LIMIT_MAX: '100000000', TRUST_PROXY: '1', ADMIN_EMAILS: adminEmails.join(','), SMTP_URL: smtpUrl }
  const server: ServerProcess = await startServerProcess(env)
  try {
    const engineCases = cases(label.startsWith('SQLite') ? 'sqlite' : 'postgres')
    for (let index = 0; index < listedSignups; index++) {
      const { status } = await timed(server.origin, engineCases[0]!.listed(index))
      if (status !== 200) throw new Error(`signing up listed address ${index} answered ${status}`)
    }
    // Warm-up: every kind of request, both sides, warmUp times each, not counted. Its addresses are not
    // reused by the counted pairs (the index offset), so every "new" address stays new.
    for (const testCase of engineCases) await runPairs(server.origin, testCase, warmUp, 0)
    const rows: Row[] = []
    for (const testCase of engineCases) {
      const { listed, unlisted, dropped } = await runPairs(server.origin, testCase, pairs, warmUp)
      const [listedStats, unlistedStats] = [stats(listed), stats(unlisted)]
      const ratio = listedStats.median / unlistedStats.median
      const listedSlower = listed.filter((ms, index) => ms > unlisted[index]!).length / listed.length
      const pass = Math.abs(listedSlower - 0.5) <= bound && ratio >= 0.9 && ratio <= 1.1
      rows.push({ name: testCase.name, listed: listedStats, unlisted: unlistedStats, ratio, listedSlower, counted: listed.length, dropped, pass })
    }
    return rows
  } finally {
    killGroup(server.child, 'SIGKILL')
    await server.exited
  }
}

function printTable(title: string, rows: Row[]) {
  const cells = [
    ['request', 'listed med', 'unlisted med', 'listed p90', 'unlisted p90', 'ratio', 'listed slower', 'pairs', 'verdict'],
    ...rows.map((r) => [
      r.name,
      `${r.listed.median.toFixed(2)} ms`,
      `${r.unlisted.median.toFixed(2)} ms`,
      `${r.listed.p90.toFixed(2)} ms`,
      `${r.unlisted.p90.toFixed(2)} ms`,
      r.ratio.toFixed(2),
      `${(r.listedSlower * 100).toFixed(1)} %`,
      r.dropped ? `${r.counted} (${r.dropped} dropped)` : String(r.counted),
      r.pass ? 'pass' : 'FAIL',
    ]),
  ]
  const widths = cells[0]!.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)))
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : column === row.length - 1 ? cell : cell.padStart(widths[column]!))).join('  ')
  console.log(['', title, line(cells[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.slice(1).map(line)].join('\n'))
}

const cleanUp = benchTeardown({ smtp, cluster: () => cluster, dir })

try {
  const started = performance.now()
  printHeader('Reply timing, listed vs unlisted')
  console.log(
    `${pairs} interleaved pairs per request (${warmUp} warm-up pairs first), sequential, ${gapMs} ms apart, one keep-alive connection. ` +
      `Pass: listed slower in 50 % ± ${(bound * 100).toFixed(1)} % of pairs and ratio of medians (listed/unlisted) within 0.90–1.10.`,
  )
  const smtpUrl = smtp.url
  const all: { engine: string; row: Row }[] = []
  const sqlite = 'SQLite (WAL, synchronous=FULL)'
  const sqliteRows = await measureEngine(sqlite, `file:${join(dir, 'waitlist.db')}`, smtpUrl)
  printTable(sqlite, sqliteRows)
  all.push(...sqliteRows.map((row) => ({ engine: 'SQLite', row })))
  cluster = await startPostgres({ durable: true })
  const postgres = 'PostgreSQL (local cluster, fsync on)'
  const postgresRows = await measureEngine(postgres, await cluster.createDatabase(), smtpUrl)
  printTable(postgres, postgresRows)
  all.push(...postgresRows.map((row) => ({ engine: 'PostgreSQL', row })))
  const failed = all.filter(({ row }) => !row.pass)
  const dropped = all.reduce((sum, { row }) => sum + row.dropped, 0)
  console.log(
    `\nsummary: ${all.length - failed.length} of ${all.length} rows pass` +
      (failed.length ? `; FAIL: ${failed.map(({ engine, row }) => `${engine} ${row.name}`).join(', ')}` : '') +
      (dropped ? `; ${dropped} pairs dropped (see the lines marked !!!)` : '') +
      `; ${((performance.now() - started) / 1000).toFixed(0)} s`,
  )
} finally {
  cleanUp()
}
