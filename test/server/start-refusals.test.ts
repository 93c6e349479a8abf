// @vitest-environment node
// `npm start` (the real process, test/server/processes.ts) refuses a start it cannot carry through: exit code
// 1 and one line naming the variable to fix, never a stack trace or a password. A locked database is waited
// on for a bound the first line states; a damaged one is found by SQLite's quick check before any signup
// reaches it.
import { createClient } from '@libsql/client'
import { closeSync, openSync, writeSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqliteLockWaitMs } from '../../server/platform/database/sqlite-file'
import { openStore } from '../utils/open-store'
import { makeTempDir } from './harness'
import { failingStart, stopAll } from './processes'

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
    const started = Date.now()
    const result = await failingStart({ DATABASE_URL: `file:${path()}` })
    expectOneLineNaming(result, 'DATABASE_URL')
    expect(Date.now() - started).toBeLessThan(10_000)
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
      expect(elapsed).toBeLessThan(sqliteLockWaitMs + 6000)
    } finally {
      transaction.close()
      holder.close()
    }
  },
  sqliteLockWaitMs + 15_000,
)

it('finds a damaged database at start with the quick check and stops with one line', async () => {
  const file = join(temp.dir, 'damaged.db')
  const databaseUrl = `file:${file}`
  await (await openStore(databaseUrl)).close()
  // Every page in the file, not in the WAL beside it, so that the garbage lands on real tables.
  const client = createClient({ url: databaseUrl })
  await client.execute('PRAGMA wal_checkpoint(TRUNCATE)')
  client.close()
  const garbage = Buffer.alloc(4096, 0xa5)
  const fd = openSync(file, 'r+')
  writeSync(fd, garbage, 0, garbage.length, 4096 * 4)
  closeSync(fd)

  const result = await failingStart({ DATABASE_URL: databaseUrl })
  expectOneLineNaming(result, 'DATABASE_URL')
  expect(result.output).toMatch(/damaged\.db is damaged \(quick check: .+\)/)
})
