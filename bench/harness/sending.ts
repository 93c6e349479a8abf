// What the benchmarks that send through real server processes share (bench/waves.ts, bench/updates.ts): confirmed
// people seeded in one INSERT … SELECT, an SMTP server in the benchmark's process that counts what each recipient
// received in full and from which instance (each sends from its own MAIL_FROM), the instances started and watched,
// a kill -9 and its recovery on each engine, counts read beside the instances, and the two setups run in turn
// (SQLite with one instance, PostgreSQL with two on a throwaway cluster), cleaned up at their end or at Ctrl-C.
import { mkdtempSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { sql } from 'kysely'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { bucketSize } from '../../server/features/referral/line'
import type { Database } from '../../server/platform/database/database'
import { killGroup, startServerProcess, type ServerProcess } from '../../tools/processes'
import { startPostgres, type TestPostgres } from '../../tools/postgres'
import { sleep } from '../../tools/until'
import { benchTeardown } from './teardown'

export const count = (n: number) => n.toLocaleString('en-US')

/** `people` confirmed people in line, in order, at `${prefix}-<n>@bench.example` (n from 1), written in one
 * INSERT … SELECT as bench/endpoint.ts placeLookups writes its line of a million, with the line's counts per range
 * and its counter to match; `news`: each also holds news and updates, as if they had asked on the confirmed page. */
export async function seedConfirmed(database: Database, { people, prefix, news = false }: { people: number; prefix: string; news?: boolean }) {
  const { db } = database
  const at = '2026-11-24T00:00:00.000Z'
  const numbers =
    database.engine === 'sqlite'
      ? sql`WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${people}) SELECT i FROM n`
      : sql`SELECT i FROM generate_series(1, ${people}::int) AS i`
  const newsAt = news ? at : null
  const newsVersion = news ? '2026-11-27' : null
  await sql`INSERT INTO signups (email_normalized, email, first_name, source, created_at, status, confirmed_at, confirm_seq, line_score, news_given_at, news_consent_version)
    SELECT ${prefix} || '-' || i || '@bench.example', ${prefix} || '-' || i || '@bench.example', 'Bench', 'bench', ${at}, 'confirmed', ${at}, i, i, ${newsAt}, ${newsVersion}
    FROM (${numbers}) AS numbers`.execute(db)
  await sql`INSERT INTO line_buckets (bucket, people)
    SELECT line_score / ${sql.lit(bucketSize)}, count(*) FROM signups WHERE line_score IS NOT NULL GROUP BY line_score / ${sql.lit(bucketSize)}`.execute(db)
  await sql`UPDATE line_counter SET last_seq = ${people} WHERE id = 1`.execute(db)
  if (database.engine === 'postgres') await sql`ANALYZE signups`.execute(db)
}

export type CountingSink = {
  url: string
  /** Per counted recipient, the instance (MAIL_FROM) of each message received in full. */
  received: Map<string, string[]>
  /** When each message to a counted recipient arrived (performance.now()), in order. */
  arrivals: number[]
  /** The next message to `to`, whole as it came (a sign-in link's email, say); `to` is not counted. */
  nextMessage(to: string): Promise<Buffer>
  /** Forgets what it received, for the next setup. */
  reset(): void
  close(): void
}

/** An SMTP server in this process that accepts everything and counts the messages to the recipients `counted`
 * says, per recipient and per sender. */
export async function startCountingSink(counted: (address: string) => boolean = () => true): Promise<CountingSink> {
  const received = new Map<string, string[]>()
  const arrivals: number[] = []
  const waiting = new Map<string, (message: Buffer) => void>()
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    // Counted at the stream's end: the whole message is here, and the 250 reply that tells the sender so goes
    // after done(). A message cut off by the kill is destroyed by smtp-server, never ended, so never counted.
    onData: (stream, session, done) => {
      const recipients = session.envelope.rcptTo.map(({ address }) => address)
      const kept = recipients.some((address) => waiting.has(address)) ? ([] as Buffer[]) : undefined
      stream.on('data', (chunk: Buffer) => kept?.push(chunk))
      stream.once('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '(no sender)'
        let any = false
        for (const address of recipients) {
          const waiter = waiting.get(address)
          if (waiter && kept) {
            waiting.delete(address)
            waiter(Buffer.concat(kept))
          } else if (counted(address)) {
            received.set(address, [...(received.get(address) ?? []), from])
            any = true
          }
        }
        if (any) arrivals.push(performance.now())
        done()
      })
    },
  })
  // An instance killed mid-message is no fault of the sink's.
  smtp.on('error', () => {})
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    received,
    arrivals,
    nextMessage: (to) => new Promise((resolve) => waiting.set(to, resolve)),
    reset() {
      received.clear()
      arrivals.length = 0
      waiting.clear()
    },
    close: () => smtp.close(),
  }
}

/** Counts and rows from the database, on a connection of our own beside the instances'. */
export type DatabaseReader = { count: (query: string) => Promise<number>; rows: <Row>(query: string) => Promise<Row[]>; close: () => Promise<void> }

export function databaseReader(databaseUrl: string): DatabaseReader {
  if (databaseUrl.startsWith('file:')) {
    const client = createClient({ url: databaseUrl })
    const rows = async <Row>(query: string) => (await client.execute(query)).rows as unknown as Row[]
    return { count: async (query) => Number((await rows<{ n: unknown }>(query))[0]!.n), rows, close: async () => client.close() }
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
  const rows = async <Row>(query: string) => (await pool.query(query)).rows as Row[]
  return { count: async (query) => Number((await rows<{ n: unknown }>(query))[0]!.n), rows, close: () => pool.end() }
}

export type Instance = { letter: string; from: string; server: ServerProcess; killed: boolean; gone: boolean }

/** An instance of the server (server/main.ts) with `env`, sending from `<letter>@bench.example`. */
export async function startInstance(env: Record<string, string>, letter: string): Promise<Instance> {
  const server = await startServerProcess({ ...env, MAIL_FROM: `Bench ${letter.toUpperCase()} <${letter}@bench.example>` })
  const instance = { letter, from: `${letter}@bench.example`, server, killed: false, gone: false }
  void server.exited.then(() => (instance.gone = true))
  return instance
}

/** Polls `done` every `everyMs`, failing at once if an instance stops by itself, and at `deadline` (performance.now()),
 * with the instances' last output and `progress()` in the message. */
export async function waitFor(
  done: () => boolean | Promise<boolean>,
  what: string,
  { instances, deadline, everyMs, progress }: { instances: Instance[]; deadline: number; everyMs: number; progress: () => string },
) {
  const outputs = () => instances.map((instance) => `--- ${instance.from}:\n${instance.server.output().slice(-3000)}`).join('\n')
  while (!(await done())) {
    const stopped = instances.find((instance) => instance.gone && !instance.killed)
    if (stopped) throw new Error(`${stopped.from} stopped by itself while waiting for ${what}:\n${outputs()}`)
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what} (${progress()}):\n${outputs()}`)
    await sleep(everyMs)
  }
}

/** Kills the first instance with kill -9 and recovers as each engine would: SQLite's one instance is started again
 * at once as b@ (its start releases the leases the killed process held); on PostgreSQL the other instance carries
 * on and a replacement, c@, joins 5 s after the kill. When the kill was, and when the instances were whole again. */
export async function killFirst(instances: Instance[], start: (letter: string) => Promise<Instance>): Promise<{ killedAt: number; wholeAt: number }> {
  const victim = instances[0]!
  victim.killed = true
  killGroup(victim.server.child, 'SIGKILL')
  const killedAt = performance.now()
  await victim.server.exited
  if (instances.length === 1) instances.push(await start('b'))
  else {
    await sleep(5000)
    instances.push(await start('c'))
  }
  return { killedAt, wholeAt: performance.now() }
}

/** Each sender's share of the messages received, as "a@bench.example 4,000 (40.0 %), …". */
export function shares(received: Map<string, string[]>): string {
  const bySender = new Map<string, number>()
  for (const senders of received.values()) for (const from of senders) bySender.set(from, (bySender.get(from) ?? 0) + 1)
  const total = [...bySender.values()].reduce((sum, n) => sum + n, 0)
  return [...bySender]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([from, n]) => `${from} ${count(n)} (${((100 * n) / total).toFixed(1)} %)`)
    .join(', ')
}

/** "load average 1.51, 2.46, 2.99" (1, 5 and 15 minutes), as uptime prints it. */
export const loadAverage = () => `load average ${loadavg().map((n) => n.toFixed(2)).join(', ')}`

export type Setup = (name: string, databaseUrl: string, instanceCount: 1 | 2) => Promise<boolean>

/** Prints `title` with the date, Node, the machine and its load, then runs each setup BENCH_SETUPS names ("sqlite",
 * "postgres"; both unless told): SQLite in a temp folder with one instance, PostgreSQL on a throwaway cluster with
 * fsync on, with two. A setup says false when it failed; then `failure` is printed and the exit code is 1. It always
 * stops by itself, and leaves nothing behind. */
export async function runSetups(title: string, sink: CountingSink, setup: Setup, failure: string) {
  const dir = mkdtempSync(join(tmpdir(), 'waitlist-bench-sending-'))
  let cluster: TestPostgres | undefined
  const cleanUp = benchTeardown({ smtp: sink, cluster: () => cluster, dir })
  try {
    const now = new Date().toISOString()
    console.log(
      `${title}; ${now.slice(0, 10)} ${now.slice(11, 16)} UTC, Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), ${loadAverage()}`,
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
      console.log(`\nFAIL  ${failure}`)
      process.exitCode = 1
    }
  } finally {
    cleanUp()
  }
}
