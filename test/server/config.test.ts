// @vitest-environment node
// Environment variables in, settings out; every mistake reported in words.
import { describe, expect, it } from 'vitest'
import { readConfig } from '../../server/config'

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
      STATIC_DIR: 'build',
    })
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: 'file:/var/lib/stride/waitlist.db', trustedProxies: 1, rateLimit: { max: 5, windowMs: 30_000 }, staticDir: 'build' })
    expect([...config.allowedOrigins.origins]).toEqual(['https://stridehealth.example', 'https://www.stridehealth.example'])
  })

  it('reads TRUST_PROXY as off, one proxy, or a number of proxies', () => {
    expect(['', 'false', '0', 'true', '2'].map((value) => readConfig({ TRUST_PROXY: value }).trustedProxies)).toEqual([0, 0, 0, 1, 2])
  })

  it('reports every mistake at once', () => {
    const env = { PORT: 'eighty', RATE_LIMIT_MAX: '0', TRUST_PROXY: 'maybe', DATABASE_URL: 'waitlist.db', ALLOWED_ORIGINS: 'nope' }
    const message = (() => {
      try {
        readConfig(env)
        return ''
      } catch (error) {
        return (error as Error).message
      }
    })()
    expect(message.split('\n')).toEqual([
      'Invalid configuration:',
      '- ALLOWED_ORIGINS: "nope" is not an origin like https://example.com',
      '- PORT must be a whole number from 0 to 65535, not "eighty"',
      '- TRUST_PROXY must be true, false or the number of proxies in front, not "maybe"',
      '- RATE_LIMIT_MAX must be a whole number 1 or more, not "0"',
      '- DATABASE_URL must be a SQLite file: URL such as file:./data/waitlist.db or a postgres:// URL, not "waitlist.db"',
    ])
  })

  it('takes postgres:// and postgresql:// URLs, and never repeats a password in its messages', () => {
    expect(readConfig({ DATABASE_URL: 'postgres://app:s3cret@db.internal:5432/waitlist' }).databaseUrl).toBe('postgres://app:s3cret@db.internal:5432/waitlist')
    expect(readConfig({ DATABASE_URL: 'postgresql://db.internal/waitlist', DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25)
    expect(() => readConfig({ DATABASE_URL: 'mysql://app:s3cret@db.internal/waitlist' })).toThrow('not "mysql://app:***@db.internal/waitlist"')
    expect(() => readConfig({ DATABASE_URL: 'libsql://app:s3cret@db.internal' })).toThrow(/^(?![\s\S]*s3cret)/)
  })
})
