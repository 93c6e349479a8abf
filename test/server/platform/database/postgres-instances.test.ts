// @vitest-environment node
// Several endpoint instances on one PostgreSQL (a throwaway cluster this file starts): the rate limit is one
// count for all of them, a database that goes away turns into a plain 503 (never an ok for an unstored
// signup) and the instances recover by themselves, and start-up failures are one clear line.
import pg from 'pg'
import { expect, it } from 'vitest'
import { messages } from '../../../../shared/messages'
import { silentLogger } from '../../../../server/platform/observability/logger'
import { featureMigrations } from '../../../../server/feature-migrations'
import { openDatabase } from '../../../../server/platform/database/open'
import { openStore } from '../../../../tools/open-store'
import { freePort } from '../../../../tools/ports'
import { postgresForFile } from '../../../utils/postgres-for-file'
import { startTestServer, validSignup } from '../../harness'
import { failingStart } from '../../../../tools/processes'
import { onlyOn } from '../../../utils/store-suite'

onlyOn('postgres', 'several instances on one database, which only PostgreSQL serves; this file starts a cluster of its own')

const postgres = postgresForFile()

async function instancesOn(databaseUrl: string, count: number, rateLimit = { max: 1_000_000, windowMs: 60_000 }) {
  return Promise.all(Array.from({ length: count }, async () => postgres.keep(await startTestServer({ database: await openDatabase(databaseUrl, { migrations: featureMigrations }), rateLimit, log: silentLogger }))))
}

const body = (email: string) => ({ ...validSignup, email })

it('counts one rate limit for all instances', async () => {
  const [a, b] = await instancesOn(await postgres.cluster.createDatabase(), 2, { max: 3, windowMs: 60_000 })
  const statuses = []
  for (let index = 0; index < 6; index++) statuses.push((await (index % 2 ? a! : b!).post(body(`limit-${index}@example.com`))).status)
  expect(statuses).toEqual([200, 200, 200, 429, 429, 429])
})

it('answers 503 while the database is down, acknowledges only what it stored, and recovers by itself', async () => {
  const url = await postgres.cluster.createDatabase()
  const [server] = await instancesOn(url, 1)
  expect((await server!.post(body('before@example.com'))).status).toBe(200)
  postgres.cluster.stop()
  const during = await server!.post(body('during@example.com'))
  expect(during.status).toBe(503)
  expect(await during.text()).toBe(messages.databaseUnavailable)
  postgres.cluster.start()
  // The pool replaces its dropped connections on the next request: no restart of the endpoint.
  await expect.poll(async () => (await server!.post(body('after@example.com'))).status, { timeout: 10_000 }).toBe(200)
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const { rows } = await client.query<{ email: string }>('SELECT email FROM signups ORDER BY id')
  await client.end()
  expect(rows.map((row) => row.email)).toEqual(['before@example.com', 'after@example.com'])
})

it('keeps limiting in memory while the database is unreachable', async () => {
  const store = await openStore(await postgres.cluster.createDatabase())
  const limiter = store.rateLimiter({ max: 2, windowMs: 60_000 })
  postgres.cluster.stop()
  try {
    const verdicts = [await limiter.hit('10.0.0.1'), await limiter.hit('10.0.0.1'), await limiter.hit('10.0.0.1')]
    expect(verdicts.map((verdict) => verdict.allowed)).toEqual([true, true, false])
  } finally {
    postgres.cluster.start()
    await store.close().catch(() => {})
  }
})

it('refuses to start with one clear line when DATABASE_URL is not a database URL, without its password', async () => {
  const { code, output } = await failingStart({ DATABASE_URL: 'mysql://app:hunter2@db.internal/waitlist' })
  expect(code).toBe(1)
  expect(output.trim().split('\n')).toEqual([
    'Invalid configuration: DATABASE_URL must be a SQLite file: URL such as file:./data/waitlist.db or a postgres:// URL, not "mysql://app:***@db.internal/waitlist"',
  ])
})

it('refuses to start with one clear line when the database cannot be reached', async () => {
  const port = await freePort()
  const { code, output } = await failingStart({ DATABASE_URL: `postgres://app:hunter2@127.0.0.1:${port}/waitlist` })
  expect(code).toBe(1)
  expect(output.trim().split('\n')).toEqual([expect.stringMatching(`^Cannot reach the PostgreSQL database at postgres://app:\\*\\*\\*@127\\.0\\.0\\.1:${port}/waitlist: .*ECONNREFUSED`)])
  expect(output).not.toContain('hunter2')
})

it('refuses to start with one clear line when a migration fails', async () => {
  const url = await postgres.cluster.createDatabase()
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query('CREATE TABLE signups (something_else TEXT)') // a table of another application in the way
  await client.end()
  const { code, output } = await failingStart({ DATABASE_URL: url })
  expect(code).toBe(1)
  expect(output.trim().split('\n')).toEqual([expect.stringMatching(/^Migrating the PostgreSQL database at .* failed at 2026-11-21-2219-signups: relation "signups" already exists$/)])
})
