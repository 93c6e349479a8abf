// @vitest-environment node
// `npm start` (the real process, tools/processes.ts) refuses a start it cannot carry through: exit code
// 1 and one line naming the variable to fix, never a stack trace or a password. A locked database is waited
// on for a bound the first line states; one whose header or schema is damaged is refused at start, and damage
// further in is found by SQLite's quick check once it serves, which fails /healthz.
import { createClient } from '@libsql/client'
import { closeSync, openSync, writeSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqliteLockWaitMs } from '../../server/platform/database/sqlite-file'
import { openStore } from '../../tools/open-store'
import { makeTempDir } from './harness'
import { until } from '../../tools/until'
import { failingStart, startServerProcess, stopAll } from '../../tools/processes'
import { onlyOn } from '../utils/store-suite'

onlyOn('sqlite', "a SQLite file that is locked or damaged at start; PostgreSQL's refusals at start are in postgres-instances.test.ts")

const secret = 'TopSecret42'
let temp: Awaited<ReturnType<typeof makeTempDir>>
let aFile: string
beforeAll(async () => {
  temp = await makeTempDir()
  aFile = join(temp.dir, 'a-file')
  await writeFile(aFile, 'not a folder')
})
afterAll(async () => {
  stopAll()
  await temp.remove()
})

const stackLine = /^\s+at /m
function expectOneLineNaming(result: { code: number | null; output: string }, variable: string) {
  expect(result.code).toBe(1)
  expect(result.output.trim().split('\n')).toEqual([expect.stringContaining(variable)])
  expect(result.output).not.toMatch(stackLine)
  expect(result.output).not.toContain(secret)
}

describe('a bad value stops the start with one line naming its variable', () => {
  const cases: [string, () => Record<string, string>][] = [
    ['PORT', () => ({ PORT: '65536' })],
    ['HOST', () => ({ HOST: 'bad host' })],
    ['DATABASE_URL', () => ({ DATABASE_URL: `postgres://app:${secret}@db.example:99999/waitlist` })],
    ['DATABASE_POOL_SIZE', () => ({ DATABASE_POOL_SIZE: 'many' })],
    ['ALLOWED_ORIGINS', () => ({ ALLOWED_ORIGINS: 'stridehealth.example' })],
    ['TRUST_PROXY', () => ({ TRUST_PROXY: 'yes' })],
    ['RATE_LIMIT_MAX', () => ({ RATE_LIMIT_MAX: '0' })],
    ['RATE_LIMIT_WINDOW_MS', () => ({ RATE_LIMIT_WINDOW_MS: 'a minute' })],
    ['STATIC_DIR', () => ({ STATIC_DIR: aFile })],
    ['PUBLIC_SITE_URL', () => ({ PUBLIC_SITE_URL: 'stridehealth.example' })],
    ['PUBLIC_API_URL', () => ({ PUBLIC_API_URL: `ftp://user:${secret}@api.example` })],
    ['SMTP_URL', () => ({ SMTP_URL: `smtp://mailer:${secret}@smtp.example:99999` })],
    ['SMTP_URL', () => ({ SMTP_URL: `imap://mailer:${secret}@smtp.example` })],
    ['MAIL_FROM', () => ({ MAIL_FROM: 'one@stridehealth.example, two@stridehealth.example' })],
    ['MAIL_DIR', () => ({ MAIL_DIR: join(aFile, 'mail') })],
    ['ADMIN_EMAILS', () => ({ ADMIN_EMAILS: 'ann@company.example; bob@company.example' })],
  ]
  it.concurrent.each(cases)('%s', async (variable, env) => {
    const result = await failingStart({ DATABASE_URL: `file:${join(temp.dir, 'config.db')}`, ...env() })
    expectOneLineNaming(result, variable)
    expect(result.output).toMatch(new RegExp(`^Invalid configuration: ${variable}`))
  })

  it('several problems share the one line, the first variable first', async () => {
    const result = await failingStart({ PORT: 'x', SMTP_URL: `smtp://mailer:${secret}@smtp.example:99999` })
    expectOneLineNaming(result, 'PORT')
    expect(result.output).toMatch(/^Invalid configuration: PORT .*; SMTP_URL/)
  })
})

describe('a SQLite URL that is not a file on disk is refused', () => {
  it.concurrent.each(['file:', 'file::memory:', 'file:?mode=memory', 'file::memory:?cache=shared'])('%s', async (url) => {
    const result = await failingStart({ DATABASE_URL: url })
    expectOneLineNaming(result, 'DATABASE_URL')
  })
})

describe('a database folder that cannot be made stops the start at once', () => {
  it.concurrent.each([
    ['under a file (EEXIST)', () => join(aFile, 'waitlist.db')],
    ['deeper under a file (ENOTDIR)', () => join(aFile, 'deeper', 'waitlist.db')],
    ['under /proc, where mkdir -p would spin for ever', () => `/proc/waitlist-${process.pid}/waitlist.db`],
  ])('%s', async (_, path) => {
    // 'At once' is that the process ends by itself with its one line: a start that spun in mkdir -p would never
    // end, and the test's own bound would fail it. No duration is asserted, since a start under load takes
    // seconds before it prints anything.
    const result = await failingStart({ DATABASE_URL: `file:${path()}` })
    expectOneLineNaming(result, 'DATABASE_URL')
  })

  it('a MAIL_DIR under /proc too', async () => {
    const result = await failingStart({ DATABASE_URL: `file:${join(temp.dir, 'mail-dir.db')}`, MAIL_DIR: `/proc/waitlist-${process.pid}/mail` })
    expectOneLineNaming(result, 'MAIL_DIR')
  })
})

it(
  'waits a stated time for a database another process holds locked, then stops with one line',
  async () => {
    const databaseUrl = `file:${join(temp.dir, 'locked.db')}`
    await (await openStore(databaseUrl)).close()
    // Another process's write transaction: with libsql this is BEGIN IMMEDIATE held open, which in WAL mode
    // shuts out every other writer as BEGIN EXCLUSIVE would.
    const holder = createClient({ url: databaseUrl })
    const transaction = await holder.transaction('write')
    await transaction.execute("INSERT INTO consent_settings (key, value) VALUES ('held', 'by a test')")
    try {
      const started = Date.now()
      const result = await failingStart({ DATABASE_URL: databaseUrl })
      const elapsed = Date.now() - started
      expect(result.code).toBe(1)
      const lines = result.output.trim().split('\n')
      expect(lines).toEqual([
        expect.stringMatching(new RegExp(`^Waiting up to ${sqliteLockWaitMs / 1000} s for the SQLite database .*locked\\.db \\(DATABASE_URL\\)`)),
        expect.stringMatching(/^Cannot use DATABASE_URL: .* stayed locked by another process/),
      ])
      expect(elapsed).toBeGreaterThanOrEqual(sqliteLockWaitMs)
      // From the line that says how long it waits to the exit, so the process's own start is not counted: on
      // CI's loaded machine the whole run took 17.1 s for a 10 s wait (2026-12-03).
      expect(result.printedToExitMs).toBeLessThan(sqliteLockWaitMs + 5000)
    } finally {
      transaction.close()
      holder.close()
    }
  },
  sqliteLockWaitMs + 50_000,
)

/** A database file with 4 KB of garbage written over `page` (numbered from 0), in the file, not the WAL. */
async function damagedFile(name: string, page: number): Promise<string> {
  const databaseUrl = `file:${join(temp.dir, name)}`
  await (await openStore(databaseUrl)).close()
  const client = createClient({ url: databaseUrl })
  await client.execute('PRAGMA wal_checkpoint(TRUNCATE)')
  client.close()
  const garbage = Buffer.alloc(4096, 0xa5)
  const fd = openSync(join(temp.dir, name), 'r+')
  writeSync(fd, garbage, 0, garbage.length, 4096 * page)
  closeSync(fd)
  return databaseUrl
}

it('refuses a file whose header is damaged at start, with one line', async () => {
  const result = await failingStart({ DATABASE_URL: await damagedFile('no-header.db', 0) })
  expectOneLineNaming(result, 'DATABASE_URL')
  expect(result.output).toMatch(/no-header\.db is damaged \(reading it: .+\)/)
})

it('serves a file damaged further in, then finds it with the quick check: /healthz fails and the log says what to do', async () => {
  // Garbage on a table's page, where the start (which reads the schema only) does not look.
  const server = await startServerProcess({ DATABASE_URL: await damagedFile('damaged.db', 4) })
  try {
    await until(async () => (await fetch(`${server.origin}/healthz`)).status === 503, 20_000, '/healthz to fail')
    const answer = await fetch(`${server.origin}/healthz`)
    expect([answer.status, await answer.text()]).toEqual([503, 'database\n'])
    expect(server.output()).toMatch(/"level":"error".*damaged\.db is damaged \(quick check: .+\); restore it from a backup/)
  } finally {
    stopAll()
    await server.exited
  }
})

it('checks a sound file once it serves, and says so', async () => {
  const databaseUrl = `file:${join(temp.dir, 'sound.db')}`
  const server = await startServerProcess({ DATABASE_URL: databaseUrl })
  try {
    await until(() => /quick check passed/.test(server.output()), 20_000, 'the check to pass')
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200)
  } finally {
    stopAll()
    await server.exited
  }
})
