// @vitest-environment node
// `npm start` (the real process, test/server/processes.ts) refuses a start it cannot carry through: exit code
// 1 and one line naming the variable to fix, never a stack trace or a password.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

