// Shared by the server tests: a real server on 127.0.0.1 (port 0) over a real database, plus helpers to post
// signups and read the table back. `close()` removes everything. The database is a fresh SQLite file in a
// temp folder, or, with WAITLIST_TEST_ENGINE=postgres (vitest.config.ts's `postgres` project, which runs every
// file that says `runsOnBothEngines()`: test/utils/store-suite.ts), a fresh database on the run's throwaway
// PostgreSQL cluster (test/utils/postgres-for-run.ts).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import pg from 'pg'
import { freshPostgresDatabase } from '../utils/shared-postgres'
import { noteDatabaseUse } from '../utils/store-suite'
import type { ServerConfig } from '../../server/config'
import type { Database } from '../../server/platform/database/database'
import { featureMigrations } from '../../server/feature-migrations'
import { openDatabase } from '../../server/platform/database/open'
import type { SenderOverrides } from '../../server/compose'
import type { OutboxSender } from '../../server/platform/outbox/outbox-sender'
import { afterRepliesSettled } from '../../server/platform/http/after-reply'
import { createMailer } from '../../server/platform/mail/mailer'
import { listen, socketAddress } from '../../server/platform/http/node-server'
import type { Logger } from '../../server/platform/observability/logger'
import { composeForTests, type Stores } from '../../tools/open-store'
import type { Selectable } from 'kysely'
import type { Tables } from '../../server/platform/database/schema'

/** The columns `rows()` reads back, as the store's schema types them. */
export type SignupRow = Pick<Selectable<Tables['signups']>, 'id' | 'email_normalized' | 'email' | 'first_name' | 'source' | 'submission_id' | 'created_at' | 'status'>

export const validSignup = { firstName: 'Ann', email: 'ann@example.com', source: 'stride-marketing-site' }

export async function makeTempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'waitlist-test-'))
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) }
}

export const testEngine = process.env.WAITLIST_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite'

/** A fresh, empty database of the engine under test (a SQLite file in `dir`, or a database on the run's cluster). */
export async function freshDatabase(dir: string): Promise<string> {
  if (testEngine === 'postgres') return freshPostgresDatabase()
  noteDatabaseUse('sqlite')
  return `file:${join(dir, 'waitlist.db')}`
}

/** Every row of the signups table, read over a connection of its own. */
export async function readRows(databaseUrl: string): Promise<SignupRow[]> {
  if (databaseUrl.startsWith('postgres')) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      const result = await client.query(`SELECT id::int AS id, email_normalized, email, first_name, source, submission_id,
        to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, status FROM signups ORDER BY id`)
      return result.rows as SignupRow[]
    } finally {
      await client.end()
    }
  }
  const client = createClient({ url: databaseUrl })
  try {
    const result = await client.execute('SELECT id, email_normalized, email, first_name, source, submission_id, created_at, status FROM signups ORDER BY id')
    return result.rows.map((row) => ({ ...row }) as unknown as SignupRow)
  } finally {
    client.close()
  }
}

/** One SQL statement over a connection of its own, on either engine (`$1`-style parameters on both). */
export async function queryDatabase(databaseUrl: string, sql: string, args: (string | number | null)[] = []): Promise<Record<string, unknown>[]> {
  if (databaseUrl.startsWith('postgres')) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      return (await client.query(sql, args)).rows
    } finally {
      await client.end()
    }
  }
  const client = createClient({ url: databaseUrl })
  try {
    // The server's own writes (its work after each reply, the outbox's marks) can hold the file for a moment:
    // a write from here waits for the lock, as the server's connection does, instead of failing with SQLITE_BUSY.
    await client.execute('PRAGMA busy_timeout = 10000')
    return (await client.execute({ sql: sql.replace(/\$\d+/g, '?'), args })).rows.map((row) => ({ ...row }))
  } finally {
    client.close()
  }
}

export type TestServer = {
  url: string
  origin: string
  databaseUrl: string
  dir: string
  store: Stores
  post: (body: unknown, init?: { headers?: Record<string, string> }) => Promise<Response>
  rows: () => Promise<SignupRow[]>
  /** The server's clock, moved by a test instead of waiting (0: the system's). */
  clock: { offsetMs: number }
  /** The outbox sender, when started with `mail`. */
  sender: OutboxSender | undefined
  close: () => Promise<void>
}

export type TestServerOptions = Partial<Pick<ServerConfig, 'allowedOrigins' | 'trustedProxies' | 'rateLimit' | 'publicSiteUrl'>> & {
  /** Over this database rather than a fresh one (several instances on one PostgreSQL; a failing database). */
  database?: Database
  /** The outbox is delivered over SMTP to this URL (the tests' in-process inbox), by a sender with these overrides. */
  mail?: { smtpUrl: string } & SenderOverrides
  /** INVITE_URL. */
  inviteUrl?: string
  consentRateLimit?: { max: number; windowMs: number }
  log?: Logger
  site?: (request: Request) => Promise<Response>
}

type App = Parameters<typeof listen>[0]

/** What a test server stands on before its app exists: a folder of its own; its database (a fresh one of the run's
 * engine unless `databaseUrl` names one, opened with every feature's migrations unless an open `database` is given);
 * and its socket on 127.0.0.1. Links in emails need the server's address, known once it listens: it listens first,
 * and answers with the app it is given (`serve`), composed with that address. */
export async function prepareServer(given: { databaseUrl?: string; database?: Database } = {}) {
  const temp = await makeTempDir()
  const databaseUrl = given.databaseUrl ?? (await freshDatabase(temp.dir))
  const database = given.database ?? (await openDatabase(databaseUrl, { migrations: featureMigrations }))
  let app: App | undefined
  const server = await listen({ fetch: (request, env) => app!.fetch(request, env) }, { port: 0, host: '127.0.0.1' })
  return { temp, databaseUrl, database, server, origin: `http://127.0.0.1:${server.port}`, serve: (composed: App) => void (app = composed) }
}

/** Requests to the server at `origin` as the console's client makes them: with the Cookie header given, this
 * server's Origin on a state-changing request (unless the test sets its own), JSON's content type on a text body,
 * and a redirect returned rather than followed. */
export function consoleRequests(origin: string) {
  return (path: string, init: RequestInit & { cookie?: string } = {}): Promise<Response> => {
    const { cookie, ...rest } = init
    const headers = new Headers(rest.headers)
    if (cookie) headers.set('cookie', cookie)
    if (rest.method && rest.method !== 'GET' && !headers.has('origin')) headers.set('origin', origin)
    if (typeof rest.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json')
    return fetch(`${origin}${path}`, { ...rest, headers, redirect: 'manual' })
  }
}

/** The server as the tests' composition (tools/open-store.ts) builds it, on 127.0.0.1. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { temp, databaseUrl, database, server, origin, serve } = await prepareServer({ database: options.database })
  const url = `${origin}/api/waitlist`
  const { mail, inviteUrl, allowedOrigins, trustedProxies, rateLimit, publicSiteUrl } = options
  const clock = { offsetMs: 0 }
  const mailer = mail && createMailer({ smtpUrl: mail.smtpUrl, mailFrom: 'Stride Health <no-reply@stridehealth.example>', mailDir: temp.dir })
  const { composition, stores: store } = composeForTests(database, {
    config: { allowedOrigins, trustedProxies, rateLimit: rateLimit ?? { max: 1_000_000, windowMs: 60_000 }, publicSiteUrl },
    invitations: { url: inviteUrl },
    publicUrl: publicSiteUrl ?? origin,
    mailer,
    log: options.log,
    now: () => new Date(Date.now() + clock.offsetMs),
    clientAddress: socketAddress,
    site: options.site,
    limits: { consent: options.consentRateLimit },
  })
  serve(composition.app)
  const { smtpUrl: _smtpUrl, ...senderOverrides } = mail ?? {}
  const sender = mail && (await store.startSender({ pollMs: 50, ...senderOverrides }))
  return {
    url,
    origin,
    databaseUrl,
    dir: temp.dir,
    store,
    clock,
    post: (body, init = {}) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...init.headers },
        body: typeof body === 'string' || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body),
      }),
    rows: () => readRows(databaseUrl),
    // Idle once the work after the replies (which queues emails, up to afterReplyDelayMs later) and the
    // signups' own (a repeat's email queued again) have run too.
    sender: sender && {
      ...sender,
      idle: async () => {
        await afterRepliesSettled()
        await store.settled()
        await sender.idle()
      },
    },
    close: async () => {
      await server.close()
      await store.close()
      await temp.remove()
    },
  }
}

/** A deterministic PRNG (mulberry32), so a failing fuzz case can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Runs `task` for every item with at most `limit` in flight. */
export async function inParallel<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index] as T, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
