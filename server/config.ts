// The server's settings, read from the environment once at start. Every mistake is reported at once, in
// words, so a misconfigured deploy fails loudly instead of running with a surprise.
import { parseAllowedOrigins, type AllowedOrigins } from './origin'
import { defaultRateLimit } from './rate-limit'
import { isPostgresUrl, isSqliteUrl, redactDatabaseUrl } from './store/database-url'

export type ServerConfig = {
  port: number
  host: string
  databaseUrl: string
  /** Connections each instance keeps to PostgreSQL (ignored on SQLite). */
  databasePoolSize: number
  allowedOrigins: AllowedOrigins
  trustedProxies: number
  rateLimit: { max: number; windowMs: number }
  staticDir: string
  /** The site's public origin, where a form post is sent back to; undefined when the site is served here. */
  publicSiteUrl: string | undefined
  /** This endpoint's public origin, for the one-click unsubscribe URL in emails; undefined: the site's. */
  publicApiUrl: string | undefined
}

export const defaultDatabaseUrl = 'file:./data/waitlist.db'

export function readConfig(env: Record<string, string | undefined>): ServerConfig {
  const problems: string[] = []
  const integer = (name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) => {
    const raw = env[name]?.trim()
    if (!raw) return fallback
    const value = Number(raw)
    if (Number.isInteger(value) && value >= min && value <= max) return value
    const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`
    problems.push(`${name} must be a whole number ${range}, not "${raw}"`)
    return fallback
  }

  let allowedOrigins = parseAllowedOrigins(undefined)
  try {
    allowedOrigins = parseAllowedOrigins(env.ALLOWED_ORIGINS)
  } catch (error) {
    problems.push((error as Error).message)
  }

  const config: ServerConfig = {
    port: integer('PORT', 3000, 0, 65535),
    host: env.HOST?.trim() || '127.0.0.1',
    databaseUrl: env.DATABASE_URL?.trim() || defaultDatabaseUrl,
    databasePoolSize: integer('DATABASE_POOL_SIZE', 10, 1, 1000),
    allowedOrigins,
    trustedProxies: trustProxy(env.TRUST_PROXY, problems),
    rateLimit: {
      max: integer('RATE_LIMIT_MAX', defaultRateLimit.max, 1),
      windowMs: integer('RATE_LIMIT_WINDOW_MS', defaultRateLimit.windowMs, 1),
    },
    staticDir: env.STATIC_DIR?.trim() || 'dist',
    publicSiteUrl: siteUrl('PUBLIC_SITE_URL', env.PUBLIC_SITE_URL, problems),
    publicApiUrl: siteUrl('PUBLIC_API_URL', env.PUBLIC_API_URL, problems),
  }
  if (!isSqliteUrl(config.databaseUrl) && !isPostgresUrl(config.databaseUrl))
    problems.push(
      `DATABASE_URL must be a SQLite file: URL such as ${defaultDatabaseUrl} or a postgres:// URL, not "${redactDatabaseUrl(config.databaseUrl)}"`,
    )
  if (problems.length === 1) throw new Error(`Invalid configuration: ${problems[0]}`)
  if (problems.length > 1) throw new Error(`Invalid configuration:\n- ${problems.join('\n- ')}`)
  return config
}

// TRUST_PROXY: unset, "false" or "0" ignores X-Forwarded-For; "true" trusts one proxy; a number trusts that many.
function trustProxy(raw: string | undefined, problems: string[]): number {
  const value = raw?.trim().toLowerCase() ?? ''
  if (value === '' || value === 'false' || value === '0') return 0
  if (value === 'true') return 1
  if (/^[1-9]\d?$/.test(value)) return Number(value)
  problems.push(`TRUST_PROXY must be true, false or the number of proxies in front, not "${raw}"`)
  return 0
}

// PUBLIC_SITE_URL: the origin visitors see the site at (https://stridehealth.example), when it is not served
// by this server; PUBLIC_API_URL, the origin this endpoint answers at, when it is not the site's. Only the
// origin is kept.
function siteUrl(name: string, raw: string | undefined, problems: string[]): string | undefined {
  const value = raw?.trim()
  if (!value) return undefined
  try {
    const url = new URL(value)
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin
  } catch {
    // reported below
  }
  problems.push(`${name} must be an address such as https://stridehealth.example, not "${raw}"`)
  return undefined
}
