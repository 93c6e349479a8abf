// @vitest-environment node
// The metrics (issue 20) from the real process (tools/processes.ts) on the engine under test: a signup, a
// repeat and a confirmation by its emailed link move the counters, the outbox's sends and gauges and the latency
// histogram under the route's pattern; the pool is reported. They are served on their own port, bound to
// 127.0.0.1, and never on the public port, which serves /metrics only to METRICS_TOKEN's bearer.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { until } from '../../../../tools/until'
import { freshDatabase, testEngine, validSignup } from '../../harness'
import { freePort } from '../../../../tools/ports'
import { startServerProcess, type ServerProcess } from '../../../../tools/processes'
import { processFixture } from '../../process-fixture'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

const fixture = processFixture()

const token = 'a'.repeat(24) + '0123456789abcdef'

let servers = 0
async function start(env: Record<string, string> = {}): Promise<ServerProcess & { port: number }> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const server = await startServerProcess({
    PORT: String(port),
    // A database of its own on either engine: a server left running by an earlier test must not send this one's emails.
    DATABASE_URL: testEngine === 'sqlite' ? `file:${join(fixture.temp.dir, `metrics-${++servers}.db`)}` : await freshDatabase(fixture.temp.dir),
    SMTP_URL: fixture.inbox.url,
    PUBLIC_SITE_URL: origin,
    MAIL_DIR: join(fixture.temp.dir, 'mail'),
    ...env,
  })
  return { ...server, port }
}

const signUp = (server: ServerProcess, email: string) =>
  fetch(`${server.origin}/api/waitlist`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ ...validSignup, email }) })

/** The value of one sample in the text format, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

/** Scrapes until `done` holds, and gives the scrape that satisfied it. */
async function scrapeUntil(scrape: () => Promise<string>, done: (text: string) => boolean, what: string): Promise<string> {
  let text = ''
  await until(async () => done((text = await scrape())), 15_000, what)
  return text
}

describe('on a port of its own (METRICS_PORT)', () => {
  it('counts a signup, a repeat and a confirmation, the emails sent and each route’s latency; the public port has no /metrics', async () => {
    const metricsPort = await freePort()
    const server = await start({ METRICS_PORT: String(metricsPort) })
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`
    expect(server.output()).toContain(`Metrics on ${metricsUrl}`)
    const scrape = async () => {
      const response = await fetch(metricsUrl)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
      return response.text()
    }

    const before = await scrape()
    expect(sample(before, 'waitlist_signups_total{outcome="added"}')).toBe(0)
    expect(sample(before, 'waitlist_outbox_waiting')).toBe(0)
    // The webhooks' deliveries in the outbox's gauges, under their own name (features/webhooks/delivery-watch.ts).
    for (const gauge of ['waiting', 'due', 'oldest_due_age_seconds', 'oldest_waiting_age_seconds', 'failing']) expect(sample(before, `waitlist_webhooks_${gauge}`), gauge).toBe(0)
    for (const outcome of ['delivered', 'retry', 'failed']) expect(sample(before, `waitlist_webhooks_posts_total{outcome="${outcome}"}`), outcome).toBe(0)
    // Every kind of email the features register is counted from 0, the launch's too.
    for (const kind of ['confirm', 'erase', 'welcome', 'invite', 'reminder']) expect(sample(before, `waitlist_outbox_sends_total{kind="${kind}",outcome="sent"}`), kind).toBe(0)

    const email = 'metrics.person@example.com'
    expect((await signUp(server, email)).status).toBe(200)
    expect((await signUp(server, email)).status).toBe(200)
    const confirmToken = /\/waitlist\/confirm\?token=([A-Za-z0-9_-]{43})/.exec((await fixture.inbox.next(email, 15_000)).text ?? '')![1]!
    const confirmed = await fetch(`${server.origin}/api/waitlist/confirm`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ token: confirmToken }) })
    expect(await confirmed.json()).toMatchObject({ ok: true })

    // The confirmation, then the welcome its confirmation queues (issue 21), each sent and counted.
    const after = await scrapeUntil(
      scrape,
      // (and the outbox's gauges, read at most once a second, caught up with them).
      (text) =>
        sample(text, 'waitlist_outbox_sends_total{kind="confirm",outcome="sent"}') === 1 &&
        sample(text, 'waitlist_outbox_sends_total{kind="welcome",outcome="sent"}') === 1 &&
        sample(text, 'waitlist_outbox_waiting') === 0 &&
        // and nothing waits for a pooled connection, once the sends' own queries are done.
        (testEngine !== 'postgres' || sample(text, 'waitlist_db_pool_waiting_queries') === 0),
      'the sends to be counted',
    )
    expect(sample(after, 'waitlist_signups_total{outcome="added"}')).toBe(1)
    expect(sample(after, 'waitlist_signups_total{outcome="repeat"}')).toBe(1)
    expect(sample(after, 'waitlist_confirmations_total')).toBe(1)
    expect(sample(after, 'waitlist_unsubscribes_total')).toBe(0)
    expect(sample(after, 'waitlist_erasures_total{by="person"}')).toBe(0)
    expect(sample(after, 'waitlist_outbox_sends_total{kind="confirm",outcome="failed"}')).toBe(0)
    expect(sample(after, 'waitlist_outbox_waiting')).toBe(0)
    expect(sample(after, 'waitlist_outbox_oldest_due_age_seconds')).toBe(0)
    // Two signups and a confirmation, each under its route's pattern; the raw path is never a label.
    expect(sample(after, 'waitlist_http_request_duration_seconds_count{method="POST",route="/api/waitlist",status="200"}')).toBe(2)
    expect(sample(after, 'waitlist_http_request_duration_seconds_count{method="POST",route="/api/waitlist/confirm",status="200"}')).toBe(1)
    expect(after).not.toContain(confirmToken)
    expect(after).not.toContain(email)
    // The pool: PostgreSQL's as pg counts it; SQLite's one connection, with no idle or waiting figure.
    expect(sample(after, 'waitlist_db_pool_size')).toBe(testEngine === 'postgres' ? 10 : 1)
    expect(sample(after, 'waitlist_db_pool_open_connections')).toBeGreaterThanOrEqual(1)
    if (testEngine === 'postgres') expect(sample(after, 'waitlist_db_pool_waiting_queries')).toBe(0)
    else expect(after).not.toContain('waitlist_db_pool_idle_connections')
    // The process's own figures come along.
    expect(sample(after, 'process_resident_memory_bytes')).toBeGreaterThan(0)
    // The event loop's guard (platform/observability/event-loop.ts): its delay since the last scrape, its longest turn.
    expect(sample(after, 'waitlist_event_loop_delay_seconds{quantile="1"}')).toBeGreaterThan(0)
    expect(sample(after, 'waitlist_event_loop_longest_turn_seconds')).toBeGreaterThanOrEqual(0)

    // The public port: no /metrics, whatever the client sends.
    for (const headers of [{}, { Authorization: `Bearer ${token}` }] as Record<string, string>[]) expect((await fetch(`${server.origin}/metrics`, { headers })).status).toBe(404)
    // The metrics port answers nothing else.
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/waitlist`)).status).toBe(404)
  }, 60_000)

  it('a queued email shows as waiting, with its age, while the mail server is away', async () => {
    const metricsPort = await freePort()
    const closedSmtp = await freePort()
    const server = await start({ METRICS_PORT: String(metricsPort), SMTP_URL: `smtp://127.0.0.1:${closedSmtp}` })
    expect((await signUp(server, 'queued.person@example.com')).status).toBe(200)
    // After a failed send it waits out its backoff (about 2 s): waiting, not due. (The outbox's gauges are read
    // at most once a second, so the scrape that first counts the retry may still show it due.)
    const text = await scrapeUntil(
      () => fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((response) => response.text()),
      (read) => (sample(read, 'waitlist_outbox_sends_total{kind="confirm",outcome="retry"}') ?? 0) >= 1 && sample(read, 'waitlist_outbox_due') === 0,
      'the failed send to be counted',
    )
    expect(sample(text, 'waitlist_outbox_waiting')).toBe(1)
    expect(sample(text, 'waitlist_outbox_oldest_due_age_seconds')).toBe(0)
    expect(sample(text, 'waitlist_outbox_oldest_waiting_age_seconds')).toBeGreaterThan(0)
    expect(sample(text, 'waitlist_outbox_oldest_waiting_age_seconds')).toBeLessThan(15)
  }, 60_000)
})

describe('on the public port behind METRICS_TOKEN', () => {
  it('answers only the bearer of the token; anyone else gets the 404 of any unknown path', async () => {
    const server = await start({ METRICS_TOKEN: token })
    expect(server.output()).toContain('Metrics also at /metrics on the site')
    const metrics = (authorization?: string) => fetch(`${server.origin}/metrics`, { headers: authorization ? { Authorization: authorization } : {} })
    const allowed = await metrics(`Bearer ${token}`)
    expect(allowed.status).toBe(200)
    expect(await allowed.text()).toContain('waitlist_signups_total{outcome="added"} 0')
    const notFound = await (await fetch(`${server.origin}/no-such-path`)).text()
    for (const refused of [undefined, `Bearer ${token.slice(0, -1)}`, `Bearer ${token}x`, `Basic ${token}`, token]) {
      const response = await metrics(refused)
      expect(response.status, String(refused)).toBe(404)
      expect(await response.text()).toBe(notFound)
    }
  }, 60_000)
})
