// @vitest-environment node
// A restored backup sends nothing until an owner says it is the live one, and then shows no trace of anyone erased
// since the backup (issue 45, cases 4 and 5; server/platform/database/held.ts, docs/operations.md "Restore"). The
// real scripts and a real server process: a live database with two people, their confirmation emails and a webhook
// delivery each waiting, and a day's analytics salt, is backed up; Ann is erased on the live one; the copy is restored
// as the docs say. The copy holds no salt. A server started on it says it is held (one log line, /healthz) and sends
// nothing; `npm run waitlist:go-live -- --erasures-from <the old database>` erases Ann again and releases it, and the
// server then sends Bob's email and webhook, and nothing of Ann's. On SQLite, and on PostgreSQL with
// WAITLIST_TEST_ENGINE=postgres (npm run test:server:postgres).
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { findPostgresTool } from '../../../../tools/postgres-tools'
import { heldKey } from '../../../../server/platform/database/held'
import { queueEvents } from '../../../../server/features/webhooks/webhook-outbox'
import { openStore } from '../../../../tools/open-store'
import { startInbox } from '../../../../tools/smtp-inbox'
import { until } from '../../../../tools/until'
import { freshDatabase, queryDatabase, testEngine } from '../../harness'
import { processFixture } from '../../process-fixture'
import { restoreBackup, runScript } from '../../operator-scripts'
import { killGroup, startServerProcess } from '../../../../tools/processes'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

const fixture = processFixture()

const folder = (name: string) => {
  const path = join(fixture.temp.dir, name)
  mkdirSync(path, { recursive: true })
  return path
}
const count = async (url: string, from: string) => Number((await queryDatabase(url, `SELECT count(*) AS n FROM ${from}`))[0]!.n)

/** A webhook receiver on this machine that keeps every body it is sent. */
async function startReceiver() {
  const bodies: string[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      bodies.push(body)
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, bodies, close: () => new Promise((resolve) => server.close(resolve)) }
}

it(`holds a restored backup until go-live, with no analytics salt, and re-applies the erasures made since (${testEngine})`, async () => {
  const liveUrl = await freshDatabase(folder('live'))
  if (testEngine === 'postgres') {
    const version = String((await queryDatabase(liveUrl, 'SHOW server_version'))[0]!.server_version).split(' ')[0]!
    try {
      findPostgresTool('pg_dump', Number(version.split('.')[0]), version)
    } catch (error) {
      console.log(`restore-held on postgres: not exercised on this machine (${(error as Error).message})`)
      return
    }
  }
  const receiver = await startReceiver()
  const live = await openStore(liveUrl)
  const now = new Date()
  for (const email of ['ann@example.com', 'bob@example.com']) await live.add({ email, emailNormalized: email, firstName: 'Vi', source: 'stride-marketing-site', submissionId: null, consent: { consentVersion: null, utmSource: null, utmMedium: null, utmCampaign: null, referrerOrigin: null } } as never)
  await live.settled()
  const idOf = async (email: string) => Number((await queryDatabase(liveUrl, 'SELECT id FROM signups WHERE email_normalized = $1', [email]))[0]!.id)
  const [ann, bob] = [await idOf('ann@example.com'), await idOf('bob@example.com')]
  // A webhook endpoint with a delivery waiting for each, and today's analytics salt with a page view.
  await queryDatabase(liveUrl, "INSERT INTO webhook_endpoints (url, events, secret, enabled, created_at, created_by) VALUES ($1, '[\"signup.confirmed\"]', $2, 1, $3, 'test')", [
    receiver.url,
    `whsec_${randomBytes(24).toString('base64')}`,
    now.toISOString(),
  ])
  // Queued as a confirmation queues them: the delivery's log row and its entry in the one queue (webhook-outbox.ts).
  await live.database.db.transaction().execute((trx) =>
    queueEvents(
      trx,
      ([[ann, 'ann@example.com'], [bob, 'bob@example.com']] as const).map(([id, email]) => ({ type: 'signup.confirmed' as const, data: { person: { id, email, firstName: 'Vi' } }, signupId: id })),
      now,
    ),
  )
  await live.analytics.record(await live.analytics.visitorOf({ ip: '198.51.100.77', userAgent: 'Mozilla/5.0', site: 'stride.example' }, now), {
    page: '/',
    referrer: null,
    source: 'direct',
    medium: null,
    campaign: null,
    content: null,
    term: null,
    device: 'desktop',
  })

  const backup = await runScript('backup-waitlist.ts', { DATABASE_URL: liveUrl }, [folder('backups') + '/'], fixture.temp.dir)
  expect(backup.stderr).toBe('')
  const written = /^Wrote (\S+):/.exec(backup.stdout)![1]!
  // After the backup, Ann is erased on the live database.
  expect(await live.consent.eraseById(ann, new Date())).toBe(true)
  await live.close()

  const restoredUrl = await restoreBackup(written, fixture.temp.dir)
  // Case 5: the copy keeps the raw page views but not the salt that would name their visitors.
  expect(await count(restoredUrl, 'analytics_views')).toBe(1)
  const saltsInCopy = await count(restoredUrl, 'analytics_salts')
  expect(await count(liveUrl, 'analytics_salts')).toBe(1)
  expect(saltsInCopy).toBe(0)
  expect(await count(restoredUrl, `consent_settings WHERE key = '${heldKey}'`)).toBe(1)

  const inbox = await startInbox()
  const server = await startServerProcess({ DATABASE_URL: restoredUrl, SMTP_URL: inbox.url, WEBHOOKS_ALLOW_PRIVATE: 'true', ADMIN_EMAILS: 'team@stride.example' })
  try {
    // Held: one line says so, /healthz says so, and nothing has left: both emails and both deliveries still wait.
    expect(server.output().match(/Held: this database is a backup taken/g)).toHaveLength(1)
    const health = await fetch(`${server.origin}/healthz`)
    expect([health.status, await health.text()]).toEqual([200, 'held\n'])
    expect(await count(restoredUrl, "outbox WHERE finished_at IS NULL AND transport = 'mail'")).toBe(2)
    expect(await count(restoredUrl, "outbox WHERE finished_at IS NULL AND transport = 'http'")).toBe(2)
    expect(await count(restoredUrl, "webhook_deliveries WHERE status = 'pending'")).toBe(2)
    // Not even a sign-in link leaves a held copy: the team uses npm run admin:link there.
    const asked = await fetch(`${server.origin}/api/admin/sign-in/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin },
      body: JSON.stringify({ email: 'team@stride.example' }),
    })
    expect(asked.status).toBe(202)
    await until(() => server.output().includes('this database is held: nothing is sent'), 30_000, 'the held server to refuse the sign-in email')
    const heldFigures = `${inbox.mails.length} emails and ${receiver.bodies.length} webhook calls while held`

    // The owner's word, naming the old database: it holds Ann's erasure.
    const refused = await runScript('go-live-waitlist.ts', { DATABASE_URL: restoredUrl }, [], fixture.temp.dir)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/^Not live: name the copy that holds the erasures made since the backup: --erasures-from/)
    const goLive = await runScript('go-live-waitlist.ts', { DATABASE_URL: restoredUrl }, ['--erasures-from', liveUrl], fixture.temp.dir)
    expect(goLive.stderr).toBe('')
    expect(goLive.stdout).toMatch(/^Live: .* sends from now on; 1 person erased since the backup erased again \(1 erased address read from .*\)/)

    await until(() => inbox.mails.length >= 1 && receiver.bodies.length >= 1, 30_000, 'the released server to send Bob’s email and webhook')
    await until(async () => (await count(restoredUrl, 'outbox WHERE finished_at IS NULL')) === 0, 30_000, 'the outbox to finish')
    await until(async () => (await count(restoredUrl, "webhook_deliveries WHERE status = 'pending'")) === 0, 30_000, 'the deliveries to finish')
    expect(inbox.mails.flatMap((mail) => mail.rcptTo)).toEqual(['bob@example.com'])
    expect(receiver.bodies.filter((body) => body.includes('ann@example.com'))).toEqual([])
    expect(await count(restoredUrl, "signups WHERE email_normalized = 'ann@example.com'")).toBe(0)
    expect(await count(restoredUrl, 'erased_emails')).toBe(1)
    expect(await (await fetch(`${server.origin}/healthz`)).text()).toBe('ok\n')
    console.log(
      `restore-held on ${testEngine}: analytics salts in the live database 1, in the copy ${saltsInCopy}; ${heldFigures}; after go-live ${inbox.mails.length} email (to ${inbox.mails.flatMap((mail) => mail.rcptTo).join(', ')}), ${receiver.bodies.length} webhook calls, ${receiver.bodies.filter((body) => body.includes('ann@example.com')).length} naming Ann`,
    )
  } finally {
    killGroup(server.child, 'SIGTERM')
    await server.exited
    await inbox.close()
    await receiver.close()
  }
}, 120_000)
