// @vitest-environment node
// A full disk, against the real process (tools/processes.ts) on the engine under test: every request that
// needs a write is told plainly that signups cannot be saved now (503, `databaseUnavailable` in
// shared/messages.ts, Retry-After), whichever route it is, never a 500 "Something went wrong"; a browser's own
// form post lands on the matching outcome page; and the log names the real cause, never SQLite's "cannot
// rollback" that once hid it.
//
// How the disk fills. SQLite: for real, for the server alone. It runs under a file-size limit (`ulimit -f`),
// so once the write-ahead log reaches it, a commit's write comes back short as on a full disk: SQLITE_FULL,
// and SQLite has already rolled the transaction back. PostgreSQL: its full disk is SQLSTATE 53100 (disk_full,
// "could not extend file"), raised here by a trigger on every table, from the server through the driver as
// the real one comes.
import { join } from 'node:path'
import pg from 'pg'
import { expect, it } from 'vitest'
import { consentApi } from '../../../../shared/consent-paths'
import { messages } from '../../../../shared/messages'
import { outcomePath } from '../../../../shared/outcome-codes'
import { checkpointRules } from '../../../../server/platform/database/sqlite-checkpoints'
import { freshDatabase, testEngine, validSignup } from '../../harness'
import { freePort } from '../../../../tools/ports'
import { processFixture } from '../../process-fixture'
import { startServerProcess } from '../../../../tools/processes'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

const fixture = processFixture()
/** Room for the schema and a few signups' worth of write-ahead log, and less than the log the read thread starts
 * folding back at (platform/database/sqlite-checkpoints.ts): at the fold's own 1 MiB, a checkpoint a second
 * restarted the log and made room again, so a write just after a refusal went through (a clean clone, 2026-12-06). */
const fileSizeLimitKiB = checkpointRules.walBytes / 1024 - 16
/** Far more signups than fill that room; the loop stops at the first refusal. */
const maxSignups = 1000

async function fillTheDisk(databaseUrl: string): Promise<void> {
  if (testEngine === 'sqlite') return // the process's own limit fills it, signup by signup
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(`
      CREATE FUNCTION disk_is_full() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$;
      DO $$ DECLARE name text; BEGIN
        FOR name IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
          EXECUTE format('CREATE TRIGGER disk_is_full BEFORE INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION disk_is_full()', name);
        END LOOP;
      END $$;`)
  } finally {
    await client.end()
  }
}

it('answers 503 "can\'t save signups right now" on every route that writes, and logs the real cause', async () => {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const databaseUrl = await freshDatabase(fixture.temp.dir)
  const env = { PORT: String(port), DATABASE_URL: databaseUrl, SMTP_URL: fixture.inbox.url, PUBLIC_SITE_URL: origin, MAIL_DIR: join(fixture.temp.dir, 'mail') }
  const server = await startServerProcess(env, testEngine === 'sqlite' ? { fileSizeLimitKiB } : {})
  const post = (path: string, body: unknown) =>
    fetch(`${origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(body), redirect: 'manual' })

  // Before the disk fills: Ann signs up, and her confirmation email brings her link.
  expect((await post('/api/waitlist', validSignup)).status).toBe(200)
  const mail = await fixture.inbox.next(validSignup.email, 15_000)
  const token = /\/waitlist\/confirm\?token=([\w-]{43})/.exec(mail.text ?? '')?.[1]
  expect(token).toBeDefined()

  await fillTheDisk(databaseUrl)
  const statuses: number[] = []
  let refusal: Response | undefined
  for (let index = 0; index < maxSignups && !refusal; index++) {
    const response = await post('/api/waitlist', { ...validSignup, firstName: 'F'.repeat(100), email: `filler-${index}-${'x'.repeat(40)}@example.com` })
    statuses.push(response.status)
    if (response.status !== 200) refusal = response
  }
  console.log(`disk full (${testEngine}): ${statuses.length - 1} signups saved, then ${statuses.at(-1)}`)
  expect(statuses.filter((status) => status !== 200)).toEqual([503])
  expect(await refusal!.text()).toBe(messages.databaseUnavailable)
  expect(refusal!.headers.get('retry-after')).toMatch(/^\d+$/)

  // Every other route that writes says the same, in its own form.
  const confirm = await post(consentApi.confirm, { token })
  expect([confirm.status, await confirm.text()]).toEqual([503, messages.databaseUnavailable])
  const formPost = await fetch(`${origin}/api/waitlist`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...validSignup, email: 'form@example.com' }).toString(),
    redirect: 'manual',
  })
  expect([formPost.status, new URL(formPost.headers.get('location')!, origin).pathname]).toEqual([303, outcomePath('unavailable')])

  const faults = server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: string; msg: string; err?: { message: string } })
    .filter((line) => line.level === 'error' && line.msg.startsWith('waitlist:'))
  expect(faults.length).toBeGreaterThanOrEqual(2)
  for (const fault of faults) expect(fault.err?.message).toMatch(testEngine === 'sqlite' ? /database or disk is full|disk I\/O error/ : /No space left on device/)
  expect(faults.map((fault) => fault.msg)).not.toContain('waitlist: unexpected error; answered 500')
}, 60_000)
