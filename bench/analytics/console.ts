// The console's side of bench/analytics.ts: a session got as the team gets one (test/server/admin-harness.ts: an
// address on ADMIN_EMAILS asks for a link, the link's token from the email, here an .eml file the server wrote into
// MAIL_DIR, is posted to /sign-in/verify), the funnel's calls timed with /healthz on a beat beside them, and what
// the visits take on disk.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import SqliteFile from 'libsql'
import pg from 'pg'
import { dayCounts } from '../../server/features/analytics/analytics-report'
import { featureMigrations } from '../../server/feature-migrations'
import { openDatabase } from '../../server/platform/database/open'
import { sleep } from '../../tools/until'
import { callTimeoutMs, consoleClient, healthz, noAnswer, onBeat, type Answer, type Timing } from '../console/measure'
import { dayCountsInOnePass } from './seed'

export const adminEmail = 'analytics-bench@company.example'

/** The session cookie of a sign-in through the emailed link. */
export async function signInByMail(origin: string, mailDir: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${origin}/api/admin${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify(body) })
  const asked = await post('/sign-in/request', { email: adminEmail })
  if (asked.status !== 202) throw new Error(`the sign-in request was answered ${asked.status}`)
  let token: string | undefined
  for (let waited = 0; !token; waited += 50) {
    if (waited > 20_000) throw new Error(`no sign-in email in ${mailDir} after 20 s`)
    await sleep(50)
    const files = (() => {
      try {
        return readdirSync(mailDir).filter((name) => name.endsWith('.eml'))
      } catch {
        return []
      }
    })()
    for (const name of files) {
      // Quoted-printable: lines broken with a trailing '=', and '=' itself written =3D.
      const text = readFileSync(join(mailDir, name), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=')
      token ??= /#token=([A-Za-z0-9_-]+)/.exec(text)?.[1]
    }
  }
  const verified = await post('/sign-in/verify', { token })
  const cookie = verified.headers.getSetCookie().find((line) => line.startsWith('stride_admin='))
  if (verified.status !== 200 || !cookie) throw new Error(`sign-in refused (${verified.status}): ${await verified.text()}`)
  return cookie.split(';')[0]!
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

export type FunnelRun = { calls: Timing[]; healthz: { ms: number[]; failures: number } }

/** GET /api/admin/analytics for the 90 days and the 30 days that end today, and for the 89 finished days alone
 * (read from their daily counts only, with no raw day to count); /healthz every 100 ms meanwhile. */
export async function timeFunnel(origin: string, cookie: string, now: Date, budgetMs: number, say: (line: string) => void): Promise<FunnelRun> {
  const client = consoleClient(origin, cookie)
  const today = Date.parse(`${dayOf(now.getTime())}T00:00:00Z`)
  const back = (days: number) => dayOf(today - days * 86_400_000)
  const ranges: [string, string, string][] = [
    ['90 days to today', back(89), back(0)],
    ['30 days to today', back(29), back(0)],
    ['89 finished days (no raw day)', back(89), back(1)],
  ]
  // The clock's first run at start counts today and reads the console's three ranges as of that count; until it
  // has, a look reads its range itself. What is timed below is every look after that, as the team's are.
  const waiting = performance.now()
  for (const [, from, to] of ranges.slice(0, 2)) {
    for (;;) {
      const { status, text } = await client.get(`/analytics?from=${from}&to=${to}`)
      if (status === 200 && JSON.parse(text).countedAt) break
      if (performance.now() - waiting > 120_000) throw new Error('the server had not counted today 2 minutes after its start')
      await sleep(100)
    }
  }
  say(`  the server's clock had counted today, and the first looks at 90 and 30 days were answered, ${((performance.now() - waiting) / 1000).toFixed(1)} s after the sign-in`)
  const beat = onBeat(100, healthz(origin))
  const calls: Timing[] = []
  for (const [name, from, to] of ranges) {
    const timing = await timeRepeatedly(`GET /api/admin/analytics, ${name}`, () => client.get(`/analytics?from=${from}&to=${to}`), budgetMs)
    say(`  ${timingLine(timing)}`)
    calls.push(timing)
  }
  return { calls, healthz: await beat.stop() }
}

/**
 * `call` once to warm up, then again and again, timed, until `budgetMs` is spent (40 times at most, twice at least).
 * A first call of seconds is counted, not thrown away: it warms nothing that matters beside its own length, and a
 * call of 30 s repeated after a warm-up would hold the run for minutes. A reply other than 200, or none within a
 * minute, ends it.
 */
async function timeRepeatedly(name: string, call: () => Promise<Answer>, budgetMs: number): Promise<Timing> {
  const timing: Timing & { first?: number } = { name, ms: [] }
  const started = performance.now()
  for (let round = 0; timing.ms.length < 40 && (timing.ms.length < 2 || performance.now() - started < budgetMs); round++) {
    const at = performance.now()
    const answer = await call().catch((error: unknown) => error as Error)
    if (answer instanceof Error) return answer.name === 'TimeoutError' ? { ...timing, timedOutAfterS: callTimeoutMs / 1000 } : { ...timing, failed: noAnswer(answer) }
    const { status, text } = answer
    const ms = performance.now() - at
    if (status !== 200) return { ...timing, failed: `${status} ${text.slice(0, 100)}` }
    if (round > 0 || ms > 2000) timing.ms.push(ms)
    else timing.first = ms
    timing.note = `${Math.round(text.length / 1000)} KB`
  }
  return timing
}

export const percentile = (ms: number[], p: number) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.max(0, Math.ceil(p * ms.length) - 1))] ?? Number.NaN
const fixed = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1))

export function timingLine(timing: Timing & { first?: number }): string {
  const [p50, p99, max] = [0.5, 0.99, 1].map((p) => fixed(percentile(timing.ms, p)))
  const end = timing.failed ? `; failed: ${timing.failed}` : timing.timedOutAfterS ? `; a request was aborted after ${timing.timedOutAfterS} s` : ''
  return `${timing.name.padEnd(60)} n=${String(timing.ms.length).padStart(2)}  p50 ${p50!.padStart(7)}  p99 ${p99!.padStart(7)}  max ${max!.padStart(7)} ms  (${timing.note ?? '–'}${timing.first === undefined ? '' : `; the first ${fixed(timing.first)} ms`})${end}`
}

export type Storage = { rawRows: number; rawBytes: number; dailyRows: number; dailyBytes: number; dailyViews: number }

/** What analytics_views (with its index) and analytics_daily (with its key and index) take: SQLite's pages of each
 * (dbstat), PostgreSQL's pg_total_relation_size; and the page views the daily counts stand for. */
export async function storageOf(databaseUrl: string): Promise<Storage> {
  const views = `SELECT (SELECT count(*) FROM analytics_views) AS raw_rows, (SELECT count(*) FROM analytics_daily) AS daily_rows,
    (SELECT coalesce(sum(views), 0) FROM analytics_daily WHERE dimension = 'all') AS daily_views`
  if (databaseUrl.startsWith('file:')) {
    const file = new SqliteFile(databaseUrl.slice('file:'.length), { readonly: true })
    try {
      const counts = file.prepare(views).get() as Record<string, number>
      const bytes = (names: string[]) =>
        Number((file.prepare(`SELECT coalesce(sum(pgsize), 0) AS n FROM dbstat WHERE name IN (${names.map(() => '?').join(', ')})`).get(...names) as { n: number }).n)
      return {
        rawRows: Number(counts.raw_rows),
        rawBytes: bytes(['analytics_views', 'analytics_views_day']),
        dailyRows: Number(counts.daily_rows),
        dailyBytes: bytes(['analytics_daily', 'sqlite_autoindex_analytics_daily_1', 'analytics_daily_day']),
        dailyViews: Number(counts.daily_views),
      }
    } finally {
      file.close()
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const counts = (await client.query<Record<string, string>>(views)).rows[0]!
    const sizes = (await client.query<Record<string, string>>(`SELECT pg_total_relation_size('analytics_views') AS raw, pg_total_relation_size('analytics_daily') AS daily`)).rows[0]!
    return { rawRows: Number(counts.raw_rows), rawBytes: Number(sizes.raw), dailyRows: Number(counts.daily_rows), dailyBytes: Number(sizes.daily), dailyViews: Number(counts.daily_views) }
  } finally {
    await client.end()
  }
}

/** Today's counts from its raw views, once by the store's statement (analytics-report.ts dayCounts, what the clock
 * runs every ANALYTICS_COUNT_SECONDS off the reads connection) and once in one pass (bench/analytics/seed.ts): each's
 * time, with no server. */
export async function todaysCounts(databaseUrl: string, now: Date): Promise<{ storeMs: number; onePassMs: number; rows: number }> {
  const database = await openDatabase(databaseUrl, { migrations: featureMigrations })
  try {
    const day = dayOf(now.getTime())
    let started = performance.now()
    const rows = (await dayCounts(database.engine, day).execute(database.db)).rows.length
    const storeMs = performance.now() - started
    started = performance.now()
    await dayCountsInOnePass(database, day).execute(database.db)
    return { storeMs, onePassMs: performance.now() - started, rows }
  } finally {
    await database.close()
  }
}

export type Engine = 'sqlite' | 'postgres'

/** The page views stored so far. */
export async function countViews(engine: Engine, databaseUrl: string): Promise<number> {
  const query = 'SELECT count(*) AS n FROM analytics_views'
  if (engine === 'sqlite') {
    const file = new SqliteFile(databaseUrl.slice('file:'.length), { readonly: true })
    try {
      return Number((file.prepare(query).get() as { n: number }).n)
    } finally {
      file.close()
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return Number((await client.query<{ n: string }>(query)).rows[0]!.n)
  } finally {
    await client.end()
  }
}
