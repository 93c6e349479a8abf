// `npm run bench:slow-smtp`: a benchmark with real timings, not a test. Does a slow mail server get each email
// once? A real SMTP server in this process (tools/slow-smtp.ts) answers MAIL FROM, RCPT TO and the end of
// DATA only after a delay, and delivers a message it got whole even when the client has hung up by then (RFC
// 1047, the worst case for doubles). The real endpoint (server/main.ts, a process of its own on a SQLite file,
// with its default timeouts and lease) takes signups over HTTP and sends their confirmations through it. Two
// servers at once: one taking 11 to 16 s at each step (3 signups), one taking 120 s (1 signup). Each runs
// until every confirmation is finished or its time is up, then the endpoint is stopped (SIGTERM) and the SMTP
// server finishes what it holds; the emails each signup received are printed. About 7 minutes;
// BENCH_SCENARIOS ("11-16" or "120") runs one. It always stops by itself.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { killGroup, startServerProcess, type ServerProcess } from '../tools/processes'
import { startSlowSmtp, type SlowDelays, type SlowStep } from '../tools/slow-smtp'
import { sleep } from '../tools/until'
import { printHeader } from './harness/print'
import { listOf } from './harness/settings'
import { benchTeardown } from './harness/teardown'

/** The form's fields as the tests post them (test/server/harness.ts validSignup); each signup its own email. */
const signup = { firstName: 'Ann', source: 'stride-marketing-site' }

const chosen: string[] = listOf('BENCH_SCENARIOS', ['11-16', '120'])

type Scenario = { name: string; signups: number; delays: SlowDelays; limitMs: number }
const steps: SlowStep[] = ['mailFrom', 'rcptTo', 'dataEnd']
const scenarios = ([
  {
    name: '11-16',
    signups: 3,
    // 11, 12, … 16 s in turn over the steps of successive transactions.
    delays: (step, transaction) => (11 + ((transaction * steps.length + steps.indexOf(step)) % 6)) * 1000,
    limitMs: 4 * 60_000,
  },
  { name: '120', signups: 1, delays: () => 120_000, limitMs: 8 * 60_000 },
] satisfies Scenario[]).filter((scenario) => chosen.includes(scenario.name))

const dir = mkdtempSync(join(tmpdir(), 'waitlist-bench-slow-smtp-'))
const smtps = await Promise.all(scenarios.map((scenario) => startSlowSmtp(scenario.delays)))
const cleanUp = benchTeardown({ smtp: { close: () => smtps.forEach((smtp) => void smtp.close()) }, dir })
const minutes = (ms: number) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`

async function run(scenario: Scenario, index: number): Promise<string> {
  const smtp = smtps[index]!
  const databaseUrl = `file:${join(dir, `waitlist-${index}.db`)}`
  const server: ServerProcess = await startServerProcess({ DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, PUBLIC_SITE_URL: 'http://127.0.0.1:3000' })
  const addresses = Array.from({ length: scenario.signups }, (_, n) => `slow-${scenario.name}-${n}@bench.example`)
  const started = performance.now()
  for (const email of addresses) {
    const reply = await fetch(`${server.origin}/api/waitlist`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ ...signup, email }) })
    if (reply.status !== 200) throw new Error(`the signup of ${email} got ${reply.status}: ${await reply.text()}`)
  }
  const database = createClient({ url: databaseUrl })
  const unfinished = async () => Number((await database.execute('SELECT count(*) AS n FROM outbox WHERE finished_at IS NULL')).rows[0]!.n)
  let left = await unfinished()
  while (left > 0 && performance.now() - started < scenario.limitMs) {
    await sleep(1000)
    left = await unfinished()
  }
  const stoppedAt = performance.now() - started
  database.close()
  killGroup(server.child, 'SIGTERM')
  await server.exited
  // A message whose end of DATA arrived is delivered when the server is done with it, client or not.
  await smtp.settled()
  const delivered = smtp.delivered()
  const perSignup = addresses.map((address) => delivered.get(address) ?? 0)
  const connections = new Set(smtp.transactions().map((transaction) => transaction.connection)).size
  const warnings = (pattern: RegExp) => server.output().split('\n').filter((line) => pattern.test(line)).length
  return [
    `${scenario.name} s at each of MAIL FROM, RCPT TO and the end of DATA, ${scenario.signups} signup(s):`,
    `  emails received per signup: ${perSignup.join(', ')} (${perSignup.reduce((sum, n) => sum + n, 0)} in all), over ${smtp.transactions().length} SMTP transaction(s) on ${connections} connection(s)`,
    left === 0
      ? `  every confirmation finished ${minutes(stoppedAt)} after the signups`
      : `  ${left} confirmation(s) still unfinished when the endpoint was stopped, ${minutes(stoppedAt)} after the signups`,
    `  the sender's retry lines: ${warnings(/not sent \(attempt/)} "not sent", ${warnings(/may have been delivered/)} "may have been delivered"`,
  ].join('\n')
}

try {
  printHeader(`Slow SMTP: ${scenarios.map((scenario) => `${scenario.name} s (up to ${scenario.limitMs / 60_000} min)`).join(' and ')}, run side by side; the endpoint with its defaults, on SQLite`)
  for (const report of await Promise.all(scenarios.map(run))) console.log(`\n${report}`)
} finally {
  cleanUp()
}
