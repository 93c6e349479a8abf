// `npm run bench:waves`: a benchmark, not a test (issue 22). A wave of 10,000 invitations is started in one
// transaction (server/features/launch/invitations.ts startWave), then drained by the real server (server/main.ts, in
// processes of its own) through a real SMTP server in this process, at the configured rate (INVITE_SEND_RATE:
// the wave's emails are queued that far apart, for every instance together), with a kill -9 of an instance once
// 40 % have arrived. Two setups: SQLite with one instance, started again at once after the kill (its start
// releases the leases the killed process held); PostgreSQL with two, where the other carries on and takes the
// killed one's leased emails when their lease ends, and a replacement joins 5 s after the kill. Each instance
// sends from its own MAIL_FROM, so the SMTP server knows who sent what; it counts, per recipient, the messages
// it received in full. Lost (someone with no invitation) fails the run; doubled is printed. BENCH_INVITE_RATE
// (default 250 emails/s) sets the rate; BENCH_SETUPS ("sqlite" or "postgres") runs one setup. It always stops
// by itself.
import { mkdtempSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { sql } from 'kysely'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { outboxDefaults } from '../server/platform/outbox/outbox-sender'
import { bucketSize } from '../server/features/referral/line'
import type { Database } from '../server/platform/database/database'
import { openDatabase } from '../server/platform/database/open'
import { featureMigrations } from '../server/feature-migrations'
import { invitationRules } from '../shared/rules'
import { killGroup, startServerProcess, stopAll, type ServerProcess } from '../test/server/processes'
import { composeForTests } from '../test/utils/open-store'
import { startPostgres, type TestPostgres } from '../test/utils/postgres'
import { sleep } from '../test/utils/until'
import { benchTeardown } from './bench-teardown'

const people = 10_000
const rate = Number(process.env.BENCH_INVITE_RATE ?? 250)
// The server takes whole emails a second (server/config.ts INVITE_SEND_RATE).
if (!Number.isInteger(rate) || rate < 1) throw new Error(`BENCH_INVITE_RATE must be a whole number of emails a second, not ${process.env.BENCH_INVITE_RATE}`)
const killAt = Math.round(people * 0.4)
const setupTimeoutMs = 10 * 60_000
const count = (n: number) => n.toLocaleString('en-US')
const addressOf = (index: number) => `wave-${index}@bench.example`

// Per recipient, the instance (MAIL_FROM) of each message received in full, and when each arrived.
let received = new Map<string, string[]>()
let arrivals: number[] = []
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  disableReverseLookup: true,
  logger: false,
  // Counted at the stream's end: the whole message is here, and the 250 reply that tells the sender so goes
  // after done(). A message cut off by the kill is destroyed by smtp-server, never ended, so never counted.
  onData: (stream, session, done) =>
    stream.resume().once('end', () => {
      const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '(no sender)'
      for (const { address } of session.envelope.rcptTo) received.set(address, [...(received.get(address) ?? []), from])
      arrivals.push(performance.now())
      done()
    }),
})
// An instance killed mid-message is no fault of the sink's.
smtp.on('error', () => {})
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`

const dir = mkdtempSync(join(tmpdir(), 'waitlist-bench-waves-'))
let cluster: TestPostgres | undefined

/** 10,000 confirmed people in line, in order, written in one INSERT … SELECT as bench-endpoint.ts placeLookups
 * writes its line of a million, with the line's counts per range and its counter to match. */
async function seed(database: Database) {
  const { db } = database
  const numbers =
    database.engine === 'sqlite'
      ? sql`WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${people}) SELECT i FROM n`
      : sql`SELECT i FROM generate_series(1, ${people}::int) AS i`
  await sql`INSERT INTO signups (email_normalized, email, first_name, source, created_at, status, confirmed_at, confirm_seq, line_score)
    SELECT 'wave-' || i || '@bench.example', 'wave-' || i || '@bench.example', 'Bench', 'bench', '2026-11-24T00:00:00.000Z', 'confirmed',
      '2026-11-24T00:00:00.000Z', i, i
    FROM (${numbers}) AS numbers`.execute(db)
  await sql`INSERT INTO line_buckets (bucket, people)
    SELECT line_score / ${sql.lit(bucketSize)}, count(*) FROM signups WHERE line_score IS NOT NULL GROUP BY line_score / ${sql.lit(bucketSize)}`.execute(db)
  await sql`UPDATE line_counter SET last_seq = ${people} WHERE id = 1`.execute(db)
  if (database.engine === 'postgres') await sql`ANALYZE signups`.execute(db)
}

/** Migrates, seeds and starts the wave in this process, as the console's button does; the wave's time in ms. */
async function startWave(databaseUrl: string): Promise<number> {
  const database = await openDatabase(databaseUrl, { migrations: featureMigrations })
  try {
    await seed(database)
    const store = composeForTests(database, { invitations: { lifetimeMs: invitationRules.lifetimeMs, sendsPerSecond: rate } }).stores.invitations
    const started = performance.now()
    const wave = await store.startWave({ count: people, by: 'bench@company.example', kind: 'next', now: new Date() })
    const ms = performance.now() - started
    if (!wave.ok) throw new Error(`the wave did not start: ${wave.reason}`)
    if (wave.wave.funnel.invited !== people) throw new Error(`the wave invited ${wave.wave.funnel.invited}, not ${count(people)}`)
    return ms
  } finally {
    await database.close()
  }
}

/** One count from the database, on a connection of our own beside the instances'. */
function reader(databaseUrl: string): { count: (query: string) => Promise<number>; close: () => Promise<void> } {
  if (databaseUrl.startsWith('file:')) {
    const client = createClient({ url: databaseUrl })
    return { count: async (query) => Number((await client.execute(query)).rows[0]!.n), close: async () => client.close() }
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
  return { count: async (query) => Number((await pool.query<{ n: string }>(query)).rows[0]!.n), close: () => pool.end() }
}

type Instance = { from: string; server: ServerProcess; killed: boolean; gone: boolean }

async function startInstance(databaseUrl: string, letter: string): Promise<Instance> {
  const server = await startServerProcess({
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtpUrl,
    INVITE_URL: 'https://testflight.apple.com/join/bench',
    INVITE_SEND_RATE: String(rate),
    PUBLIC_SITE_URL: 'http://127.0.0.1:3000',
    MAIL_FROM: `Bench ${letter.toUpperCase()} <${letter}@bench.example>`,
  })
  const instance = { from: `${letter}@bench.example`, server, killed: false, gone: false }
  void server.exited.then(() => (instance.gone = true))
  return instance
}

/** Polls until `done`, failing at once if an instance stops by itself, and at the setup's deadline. */
async function waitFor(done: () => boolean | Promise<boolean>, instances: Instance[], deadline: number, what: string, everyMs: number) {
  const outputs = () => instances.map((instance) => `--- ${instance.from}:\n${instance.server.output().slice(-3000)}`).join('\n')
  while (!(await done())) {
    const stopped = instances.find((instance) => instance.gone && !instance.killed)
    if (stopped) throw new Error(`${stopped.from} stopped by itself while waiting for ${what}:\n${outputs()}`)
    if (performance.now() > deadline)
      throw new Error(`timed out after ${setupTimeoutMs / 60_000} minutes waiting for ${what} (${count(arrivals.length)} emails received):\n${outputs()}`)
    await sleep(everyMs)
  }
}

const unfinishedInvites = `SELECT count(*) AS n FROM outbox WHERE kind = 'invite' AND finished_at IS NULL`

/** Runs one setup and prints what it found; false when an invitation was lost, or its delivery not recorded. */
async function setup(name: string, databaseUrl: string, instanceCount: 1 | 2): Promise<boolean> {
  const waveMs = await startWave(databaseUrl)
  received = new Map()
  arrivals = []
  const started = performance.now()
  const deadline = started + setupTimeoutMs
  const database = reader(databaseUrl)
  const instances: Instance[] = []
  try {
    instances.push(...(await Promise.all(['a', 'b'].slice(0, instanceCount).map((letter) => startInstance(databaseUrl, letter)))))
    await waitFor(() => arrivals.length >= killAt, instances, deadline, `${count(killAt)} emails`, 20)
    const victim = instances[0]!
    victim.killed = true
    killGroup(victim.server.child, 'SIGKILL')
    const killedAt = performance.now()
    const atKill = arrivals.length
    await victim.server.exited
    let recovery: string
    if (instanceCount === 1) {
      // One process owns a SQLite file: its next start ends the leases the killed one left, and sends them.
      instances.push(await startInstance(databaseUrl, 'b'))
      recovery = 'started again at once (b@, its start releases the leases)'
    } else {
      await sleep(5000)
      instances.push(await startInstance(databaseUrl, 'c'))
      recovery = `b@ carried on and takes the killed one's leased emails when their ${outboxDefaults.leaseMs / 1000} s lease ends; c@ joined 5 s after the kill`
    }
    await waitFor(async () => (await database.count(unfinishedInvites)) === 0, instances, deadline, 'every invitation email to be finished', 1000)
    const drainSeconds = (performance.now() - started) / 1000
    const delivered = await database.count('SELECT count(*) AS n FROM invitations WHERE delivered_at IS NOT NULL')
    const notSent = await database.count(`SELECT count(*) AS n FROM outbox WHERE kind = 'invite' AND outcome <> 'sent'`)

    const lost = Array.from({ length: people }, (_, index) => addressOf(index + 1)).filter((address) => !received.has(address))
    const doubled = [...received].filter(([, senders]) => senders.length > 1)
    const extra = doubled.reduce((sum, [, senders]) => sum + senders.length - 1, 0)
    const strangers = [...received.keys()].filter((address) => !/^wave-\d+@bench\.example$/.test(address)).length
    const bySender = new Map<string, number>()
    for (const senders of received.values()) for (const from of senders) bySender.set(from, (bySender.get(from) ?? 0) + 1)
    // The steady stretch, before the kill and after the start's catch-up (the wave's first emails were due
    // while the instances were still starting).
    const tenth = Math.round(people * 0.1)
    const steadyRate = (killAt - tenth) / ((arrivals[killAt - 1]! - arrivals[tenth - 1]!) / 1000)
    const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`
    const lostNames = lost.length === 0 ? '' : ` (${lost.slice(0, 10).join(', ')}${lost.length > 10 ? ', …' : ''})`
    const doubledNames = doubled.map(([address, senders]) => `${address} from ${senders.join(' and ')}`).join('; ')
    const shares = [...bySender]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([from, n]) => `${from} ${count(n)} (${((100 * n) / arrivals.length).toFixed(1)} %)`)
      .join(', ')

    console.log(
      [
        '',
        name,
        `  wave started in one transaction: ${count(people)} invited (and their reminders queued) in ${waveMs.toFixed(0)} ms`,
        `  drained in ${drainSeconds.toFixed(1)} s from the instances' start: ${(people / drainSeconds).toFixed(0)} emails/s overall, ` +
          `${steadyRate.toFixed(0)} emails/s steady (10-40 % of the wave, before the kill), configured ${rate}/s`,
        `  kill -9 of a@ at ${count(atKill)} received, ${seconds(started, killedAt)} in; ${recovery}; ` +
          `the last email arrived ${seconds(killedAt, arrivals.at(-1)!)} after the kill`,
        `  lost: ${lost.length} of ${count(people)} people received no invitation${lostNames}`,
        `  doubled: ${extra} extra ${extra === 1 ? 'copy' : 'copies'}` +
          (extra === 0
            ? ''
            : ` (${doubledNames}): at least once, by design: an email whose SMTP transaction ended just before the kill, before its instance ` +
              'marked it sent, is sent again by the next (server/platform/outbox/outbox-sender.ts)'),
        `  sent by: ${shares}; ${count(arrivals.length)} messages in all${strangers > 0 ? `, ${strangers} to addresses nobody was invited at` : ''}`,
        `  invitations with delivered_at set: ${count(delivered)} of ${count(people)}; invite emails finished other than sent: ${notSent}`,
      ].join('\n'),
    )
    if (delivered !== people) console.log(`  FAIL  the funnel counts ${count(delivered)} delivered, not ${count(people)}`)
    return lost.length === 0 && delivered === people
  } finally {
    stopAll()
    await Promise.all(instances.map((instance) => instance.server.exited))
    await database.close()
  }
}

const cleanUp = benchTeardown({ smtp, cluster: () => cluster, dir })

try {
  const now = new Date().toISOString()
  console.log(
    `A wave of ${count(people)} invitations through a real SMTP server at ${rate} emails/s, kill -9 of an instance at ${count(killAt)} received; ` +
      `${now.slice(0, 10)} ${now.slice(11, 16)} UTC, Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'})`,
  )
  const chosen = (process.env.BENCH_SETUPS ?? 'sqlite,postgres').split(',').map((name) => name.trim())
  const setups: [string, () => Promise<boolean>][] = [
    ['sqlite', () => setup('SQLite, 1 instance', `file:${join(dir, 'waitlist.db')}`, 1)],
    [
      'postgres',
      async () => {
        cluster = await startPostgres({ durable: true })
        return setup('PostgreSQL, 2 instances', await cluster.createDatabase(), 2)
      },
    ],
  ]
  let clean = true
  for (const [key, run] of setups) if (chosen.includes(key)) clean = (await run()) && clean
  if (!clean) {
    console.log('\nFAIL  an invitation was lost or not recorded as delivered')
    process.exitCode = 1
  }
} finally {
  cleanUp()
}
