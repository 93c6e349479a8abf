// @vitest-environment node
// Environment variables in, settings out; every mistake reported in words, on one line, naming the variable
// and never a password.
import { invitationRules, referralRules } from '../../shared/rules'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readConfig } from '../../server/config'
import { readSettings } from '../../server/settings'
import { describeDatabase } from '../../server/platform/database/database-url'

describe('readConfig', () => {
  it('has defaults that run locally out of the box', () => {
    expect(readConfig({})).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'file:./data/waitlist.db',
      trustedProxies: 0,
      rateLimit: { max: 10, windowMs: 60_000 },
      staticDir: 'dist',
      allowedOrigins: { any: false, origins: new Set() },
    })
  })

  it('reads every variable', () => {
    const config = readConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'file:/var/lib/stride/waitlist.db',
      ALLOWED_ORIGINS: 'https://stridehealth.example,https://www.stridehealth.example',
      TRUST_PROXY: 'true',
      RATE_LIMIT_MAX: '5',
      RATE_LIMIT_WINDOW_MS: '30000',
      PLACE_BOOST: '25',
      INVITE_URL: 'https://testflight.apple.com/join/AbCdEfGh',
      INVITE_LIFETIME_DAYS: '7',
      INVITE_SEND_RATE: '40',
      STATIC_DIR: 'build',
    })
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: 'file:/var/lib/stride/waitlist.db', trustedProxies: 1, rateLimit: { max: 5, windowMs: 30_000 }, placeBoost: 25, staticDir: 'build' })
    expect(readConfig({}).placeBoost).toBe(referralRules.boostPlaces)
    expect(config.invitations).toEqual({ url: 'https://testflight.apple.com/join/AbCdEfGh', lifetimeMs: 7 * 86_400_000, sendsPerSecond: 40 })
    // Unset: no destination (waves are refused), and the rules' lifetime and pace.
    expect(readConfig({}).invitations).toEqual({ url: undefined, lifetimeMs: invitationRules.lifetimeMs, sendsPerSecond: invitationRules.sendsPerSecond })
    expect(readConfig({ INVITE_URL: 'http://localhost:4000/join' }).invitations.url).toBe('http://localhost:4000/join')
    expect([...config.allowedOrigins.origins]).toEqual(['https://stridehealth.example', 'https://www.stridehealth.example'])
  })

  it('counts visits unless ANALYTICS=off, keeping raw views ANALYTICS_RAW_DAYS', () => {
    expect(readConfig({}).analytics).toEqual({ enabled: true, rawDays: 2, countEverySeconds: 60 })
    expect(['on', 'ON', 'off', ' Off '].map((value) => readConfig({ ANALYTICS: value }).analytics.enabled)).toEqual([true, true, false, false])
    expect(readConfig({ ANALYTICS_RAW_DAYS: '7' }).analytics.rawDays).toBe(7)
    expect(readConfig({ ANALYTICS_COUNT_SECONDS: '5' }).analytics.countEverySeconds).toBe(5)
  })

  it('keeps webhooks off private addresses unless WEBHOOKS_ALLOW_PRIVATE=true', () => {
    expect(readConfig({}).webhooks).toEqual({ allowPrivate: false })
    expect(['true', ' TRUE ', 'false', ''].map((value) => readConfig({ WEBHOOKS_ALLOW_PRIVATE: value }).webhooks.allowPrivate)).toEqual([true, true, false, false])
  })

  it('reads the provider\'s pace: 4 emails in flight, no domain cap and no warm-up unless set; a bad value names its variable on one line', () => {
    expect(readConfig({}).mailPace).toEqual({ concurrency: 4, domainPerMinute: undefined, warmUp: undefined })
    expect(readConfig({ MAIL_CONCURRENCY: '16', MAIL_DOMAIN_PER_MINUTE: '600', MAIL_WARMUP_START: '500', MAIL_WARMUP_FROM: '2026-12-01' }).mailPace).toEqual({
      concurrency: 16,
      domainPerMinute: 600,
      warmUp: { start: 500, growthPercent: 50, from: '2026-12-01' },
    })
    for (const [env, problem] of [
      [{ MAIL_CONCURRENCY: '0' }, /^Invalid configuration: MAIL_CONCURRENCY must be a whole number from 1 to 100, not "0"$/],
      [{ MAIL_DOMAIN_PER_MINUTE: 'lots' }, /^Invalid configuration: MAIL_DOMAIN_PER_MINUTE must be a whole number/],
      [{ MAIL_WARMUP_START: '500' }, /^Invalid configuration: MAIL_WARMUP_START needs MAIL_WARMUP_FROM/],
      [{ MAIL_WARMUP_START: '500', MAIL_WARMUP_FROM: '2026-02-30' }, /^Invalid configuration: MAIL_WARMUP_FROM must be the warm-up's first day/],
      [{ MAIL_WARMUP_FROM: '2026-12-01' }, /^Invalid configuration: MAIL_WARMUP_FROM needs MAIL_WARMUP_START/],
      [{ MAIL_WARMUP_START: '500', MAIL_WARMUP_FROM: '2026-12-01', MAIL_WARMUP_GROWTH_PERCENT: '0' }, /^Invalid configuration: MAIL_WARMUP_GROWTH_PERCENT must be a whole number from 1 to 1000/],
    ] as const)
      expect(() => readConfig(env)).toThrow(problem)
  })

  it('reads SENSITIVE_ANSWERS_KEY as 32 bytes, in hexadecimal or base64; unset, none (a kept one is made)', () => {
    const key = Buffer.alloc(32, 7)
    expect(readConfig({ SENSITIVE_ANSWERS_KEY: key.toString('hex') }).sensitiveAnswersKey).toEqual(key)
    expect(readConfig({ SENSITIVE_ANSWERS_KEY: ` ${key.toString('base64')} ` }).sensitiveAnswersKey).toEqual(key)
    expect(readConfig({}).sensitiveAnswersKey).toBeUndefined()
    expect(() => readConfig({ SENSITIVE_ANSWERS_KEY: key.toString('hex').slice(2) })).toThrow(/^Invalid configuration: SENSITIVE_ANSWERS_KEY must be 32 random bytes/)
  })

  it('migrates at the start unless MIGRATE_AT_START=false (one instance by default; a release step for several)', () => {
    expect(['', 'true', ' TRUE ', 'false', 'False'].map((value) => readConfig({ MIGRATE_AT_START: value }).migrateAtStart)).toEqual([true, true, true, false, false])
    expect(readConfig({}).migrateAtStart).toBe(true)
  })

  it('reads TRUST_PROXY as off, one proxy, or a number of proxies', () => {
    expect(['', 'false', '0', 'true', '2'].map((value) => readConfig({ TRUST_PROXY: value }).trustedProxies)).toEqual([0, 0, 0, 1, 2])
  })

  it('reports every mistake at once, on one line that starts with the first variable', () => {
    const env = { PORT: 'eighty', RATE_LIMIT_MAX: '0', TRUST_PROXY: 'maybe', DATABASE_URL: 'waitlist.db', ALLOWED_ORIGINS: 'nope' }
    expect(messageOf(() => readConfig(env))).toBe(
      'Invalid configuration: ' +
        [
          'ALLOWED_ORIGINS: "nope" is not an origin like https://example.com',
          'PORT must be a whole number from 0 to 65535, not "eighty"',
          'TRUST_PROXY must be true, false or the number of proxies in front, not "maybe"',
          'RATE_LIMIT_MAX must be a whole number 1 or more, not "0"',
          'DATABASE_URL must be a SQLite file: URL such as file:./data/waitlist.db or a postgres:// URL, not "waitlist.db"',
        ].join('; '),
    )
  })

  it('takes postgres:// and postgresql:// URLs, and never repeats a password in its messages', () => {
    expect(readConfig({ DATABASE_URL: 'postgres://app:s3cret@db.internal:5432/waitlist' }).databaseUrl).toBe('postgres://app:s3cret@db.internal:5432/waitlist')
    expect(readConfig({ DATABASE_URL: 'postgresql://db.internal/waitlist', DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25)
    expect(() => readConfig({ DATABASE_URL: 'mysql://app:s3cret@db.internal/waitlist' })).toThrow('not "mysql://app:***@db.internal/waitlist"')
    expect(() => readConfig({ DATABASE_URL: 'libsql://app:s3cret@db.internal' })).toThrow(/^(?![\s\S]*s3cret)/)
  })
})

const messageOf = (read: () => unknown) => {
  try {
    read()
    return ''
  } catch (error) {
    return (error as Error).message
  }
}

describe('readSettings', () => {
  let dir: string
  let aFile: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'config-test-'))
    aFile = join(dir, 'a-file')
    await writeFile(aFile, 'not a folder')
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('reads the mail and console settings with the server\'s', () => {
    const settings = readSettings({ SMTP_URL: 'smtps://mailer:pw@smtp.example:465', MAIL_FROM: 'Stride <hello@stridehealth.example>', ADMIN_EMAILS: 'Ann@Company.example, bob@company.example' })
    expect(settings.mail).toMatchObject({ smtpUrl: 'smtps://mailer:pw@smtp.example:465', mailFrom: 'Stride <hello@stridehealth.example>' })
    expect(settings.admin.adminEmails.has('ann@company.example')).toBe(true)
    expect(readSettings({}).mail.mailDir).toBe(resolve('data/mail'))
  })

  // Each bad value: one line, the variable's name first after the prefix, no stack, no secret.
  const secret = 'TopSecret42'
  const cases: [string, () => Record<string, string>][] = [
    ['PORT', () => ({ PORT: '99999' })],
    ['HOST', () => ({ HOST: 'not a host' })],
    ['DATABASE_URL', () => ({ DATABASE_URL: 'file:' })],
    ['DATABASE_URL', () => ({ DATABASE_URL: 'file::memory:' })],
    ['DATABASE_URL', () => ({ DATABASE_URL: 'file:?mode=memory' })],
    ['DATABASE_URL', () => ({ DATABASE_URL: 'file:./data/' })],
    ['DATABASE_URL', () => ({ DATABASE_URL: `file://app:${secret}@db.example/waitlist.db` })],
    ['DATABASE_URL', () => ({ DATABASE_URL: `postgres://app:${secret}@db.example:99999/waitlist` })],
    ['DATABASE_URL', () => ({ DATABASE_URL: `mysql://app:${secret}@db.example/waitlist` })],
    ['DATABASE_POOL_SIZE', () => ({ DATABASE_POOL_SIZE: '0' })],
    ['ALLOWED_ORIGINS', () => ({ ALLOWED_ORIGINS: 'stridehealth.example' })],
    ['TRUST_PROXY', () => ({ TRUST_PROXY: 'yes please' })],
    ['RATE_LIMIT_MAX', () => ({ RATE_LIMIT_MAX: 'ten' })],
    ['RATE_LIMIT_WINDOW_MS', () => ({ RATE_LIMIT_WINDOW_MS: '-1' })],
    ['PLACE_BOOST', () => ({ PLACE_BOOST: 'ten' })],
    ['INVITE_URL', () => ({ INVITE_URL: `http://user:${secret}@testflight.example/join` })],
    ['INVITE_URL', () => ({ INVITE_URL: 'testflight.apple.com/join/AbCdEfGh' })],
    ['INVITE_LIFETIME_DAYS', () => ({ INVITE_LIFETIME_DAYS: '0' })],
    ['INVITE_SEND_RATE', () => ({ INVITE_SEND_RATE: 'fast' })],
    ['ANALYTICS', () => ({ ANALYTICS: 'maybe' })],
    ['ANALYTICS_RAW_DAYS', () => ({ ANALYTICS_RAW_DAYS: '0' })],
    ['ANALYTICS_COUNT_SECONDS', () => ({ ANALYTICS_COUNT_SECONDS: '0' })],
    ['WEBHOOKS_ALLOW_PRIVATE', () => ({ WEBHOOKS_ALLOW_PRIVATE: 'yes' })],
    ['MIGRATE_AT_START', () => ({ MIGRATE_AT_START: 'later' })],
    ['STATIC_DIR', () => ({ STATIC_DIR: aFile })],
    ['SENSITIVE_ANSWERS_KEY', () => ({ SENSITIVE_ANSWERS_KEY: secret })],
    ['SENSITIVE_ANSWERS_KEY', () => ({ SENSITIVE_ANSWERS_KEY: `${'ab'.repeat(31)}${secret}` })],
    ['PUBLIC_SITE_URL', () => ({ PUBLIC_SITE_URL: `ftp://user:${secret}@stridehealth.example` })],
    ['PUBLIC_API_URL', () => ({ PUBLIC_API_URL: 'api.stridehealth.example' })],
    ['SMTP_URL', () => ({ SMTP_URL: `smtp://mailer:${secret}@smtp.example:99999` })],
    ['SMTP_URL', () => ({ SMTP_URL: `smtp://mailer:${secret}@smtp.example:0` })],
    ['SMTP_URL', () => ({ SMTP_URL: `http://mailer:${secret}@smtp.example` })],
    ['SMTP_URL', () => ({ SMTP_URL: `smtp://mailer:${secret}@` })],
    ['SMTP_URL', () => ({ SMTP_URL: `mailer:${secret}@smtp.example` })],
    ['MAIL_FROM', () => ({ MAIL_FROM: 'a@stridehealth.example, b@stridehealth.example' })],
    ['MAIL_FROM', () => ({ MAIL_FROM: 'Stride Health <no-reply>' })],
    ['MAIL_DIR', () => ({ MAIL_DIR: join(aFile, 'mail') })],
    ['ADMIN_EMAILS', () => ({ ADMIN_EMAILS: 'ann@company.example, bob@company.example carol@company.example' })],
  ]
  it.each(cases)('refuses a bad %s in one line, without its secret', (name, env) => {
    const message = messageOf(() => readSettings(env()))
    expect(message.split('\n')).toHaveLength(1)
    expect(message.startsWith(`Invalid configuration: ${name}`)).toBe(true)
    expect(message).not.toContain(secret)
  })

  it('never echoes ADMIN_EMAILS: a wrong entry is named by its place', () => {
    const message = messageOf(() => readSettings({ ADMIN_EMAILS: 'ann@company.example, bob@company.example carol@company.example' }))
    expect(message).toBe('Invalid configuration: ADMIN_EMAILS must be email addresses separated by commas; entry 2 of 2 is not one address')
  })

  it('lists the problems of every module together, on one line', () => {
    const message = messageOf(() => readSettings({ PORT: 'x', SMTP_URL: `smtp://u:${secret}@h:70000`, ADMIN_EMAILS: 'nope' }))
    expect(message).toMatch(/^Invalid configuration: PORT .*; SMTP_URL's port .*; ADMIN_EMAILS /)
    expect(message).not.toContain(secret)
  })

  it('shows where the signups are: the SQLite file as an absolute path, PostgreSQL without its password', () => {
    expect(describeDatabase('file:./data/waitlist.db')).toBe(`the SQLite file ${resolve('data/waitlist.db')}`)
    expect(describeDatabase('file:///var/lib/my%20waitlist.db')).toBe('the SQLite file /var/lib/my waitlist.db')
    expect(describeDatabase(`postgres://app:${secret}@db.example/waitlist`)).toBe('postgres://app:***@db.example/waitlist')
  })
})
