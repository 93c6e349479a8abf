// @vitest-environment node
// GET /healthz on both engines (WAITLIST_TEST_ENGINE=postgres runs it on PostgreSQL): 200 only when the
// database takes a write, no email has sat unfinished in the outbox past the bound and no webhook delivery has
// waited due and untaken past its own; otherwise 503 and one word. Never rate limited, never cached, never a signup read or written.
import { createClient } from '@libsql/client'
import pg from 'pg'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { healthCheckShareMs } from '../../../../server/platform/http/healthz'
import { outboxStallMs } from '../../../../server/platform/database/health'
import { deliveryStallMs } from '../../../../server/features/webhooks/delivery-watch'
import { queryDatabase, startTestServer, testEngine, validSignup, type TestServer } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

let server: TestServer
beforeEach(async () => {
  // One request a minute per client for the API: the poller must not be counted against it.
  server = await startTestServer({ rateLimit: { max: 1, windowMs: 60_000 }, site: async () => new Response('the site', { headers: { 'Content-Type': 'text/html' } }) })
})
afterEach(() => server.close())

const healthz = () => fetch(`${server.origin}/healthz`)
/** Moves the server's clock past the time a check's answer is shared, so that the next poll checks afresh. */
const pastShareWindow = () => void (server.clock.offsetMs += healthCheckShareMs + 50)

it('answers 200 "ok" as text/plain, never cached, however often it is polled, and the site is still served', async () => {
  const replies = await Promise.all(Array.from({ length: 20 }, healthz))
  for (const reply of replies) {
    expect(reply.status).toBe(200)
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(reply.headers.get('cache-control')).toBe('no-store')
    expect(await reply.text()).toBe('ok\n')
  }
  pastShareWindow()
  expect((await healthz()).status).toBe(200)
  expect(await (await fetch(`${server.origin}/`)).text()).toBe('the site')
})

it('writes no signup and changes none', async () => {
  expect((await server.post(validSignup)).status).toBe(200)
  const before = await server.rows()
  expect((await healthz()).status).toBe(200)
  pastShareWindow()
  expect((await healthz()).status).toBe(200)
  expect(await server.rows()).toEqual(before)
  const marked = await queryDatabase(server.databaseUrl, "SELECT value FROM consent_settings WHERE key = 'health_checked_at'")
  expect(String(marked[0]?.value)).toMatch(/^\d{4}-\d\d-\d\dT/)
})

it('answers 503 "database" while the database refuses its write, and 200 again once it takes writes', async () => {
  expect((await healthz()).status).toBe(200)
  const release = await holdWriteLock(server.databaseUrl)
  try {
    pastShareWindow()
    const refused = await healthz()
    expect(refused.status).toBe(503)
    expect(refused.headers.get('cache-control')).toBe('no-store')
    expect(await refused.text()).toBe('database\n')
  } finally {
    await release()
  }
  pastShareWindow()
  expect((await healthz()).status).toBe(200)
})

it(`answers 503 "outbox" when an email has waited unfinished for more than ${outboxStallMs / 60_000} minutes`, async () => {
  const queue = (ageMs: number) =>
    queryDatabase(server.databaseUrl, "INSERT INTO outbox (kind, signup_id, created_at, next_attempt_at) VALUES ('confirm', 999999, $1, $2)", [
      new Date(Date.now() - ageMs).toISOString(),
      new Date(Date.now() + 3_600_000).toISOString(),
    ])
  await queue(outboxStallMs - 60_000) // waiting, but not yet for long
  expect((await healthz()).status).toBe(200)
  await queue(outboxStallMs + 60_000)
  pastShareWindow()
  const stalled = await healthz()
  expect(stalled.status).toBe(503)
  expect(await stalled.text()).toBe('outbox\n')
  // Finished (sent, skipped or failed) entries are mail that flowed, however old.
  await queryDatabase(server.databaseUrl, 'UPDATE outbox SET finished_at = $1', [new Date().toISOString()])
  pastShareWindow()
  expect((await healthz()).status).toBe(200)
})

it(`answers 503 "webhooks" when a webhook delivery has been due, untaken, for more than ${deliveryStallMs / 60_000} minutes`, async () => {
  const at = (ms: number) => new Date(Date.now() + ms).toISOString()
  // Entries of the one queue's HTTP transport (features/webhooks/webhook-outbox.ts queueEvents writes them so).
  const deliver = (dueMs: number, held: boolean) =>
    queryDatabase(
      server.databaseUrl,
      "INSERT INTO outbox (kind, transport, retry, lane, held_at, subject_id, created_at, next_attempt_at) VALUES ('webhook', 'http', 'standard-webhooks', 'webhook-endpoint:1', $1, 1, $2, $3)",
      [held ? at(0) : null, at(-dueMs - 60_000), at(-dueMs)],
    )
  await deliver(deliveryStallMs - 60_000, false) // due, but not yet for long
  await deliver(deliveryStallMs + 60_000, true) // held until its endpoint is turned on again: not due
  expect((await healthz()).status).toBe(200)
  await deliver(deliveryStallMs + 60_000, false)
  pastShareWindow()
  const stalled = await healthz()
  expect(stalled.status).toBe(503)
  expect(await stalled.text()).toBe('webhooks\n')
  // A delivery that ended (delivered, or given up) is the queue flowing, however old.
  await queryDatabase(server.databaseUrl, "UPDATE outbox SET finished_at = $1, outcome = 'failed'", [at(0)])
  pastShareWindow()
  expect((await healthz()).status).toBe(200)
})

// Another connection takes the lock the health check's write needs: SQLite's write lock (a second process
// or connection in a write transaction), PostgreSQL's lock on the table it writes.
async function holdWriteLock(databaseUrl: string): Promise<() => Promise<void>> {
  if (testEngine === 'postgres') {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    await client.query('BEGIN')
    await client.query('LOCK TABLE consent_settings IN ACCESS EXCLUSIVE MODE')
    return async () => {
      await client.query('ROLLBACK')
      await client.end()
    }
  }
  const client = createClient({ url: databaseUrl })
  const transaction = await client.transaction('write')
  await transaction.execute("INSERT INTO consent_settings (key, value) VALUES ('held', 'by a test')")
  return async () => {
    transaction.close()
    client.close()
  }
}
