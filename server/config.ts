// The server's settings, read from the environment once at start. Every mistake is reported at once, in
// words, so a misconfigured deploy fails loudly instead of running with a surprise. The mail and console
// settings are read beside these (platform/mail/mail-config.ts, features/console/admin-config.ts); settings.ts reads all three.
import { isIP } from 'node:net'
import { ConfigError, folder, quoted } from './platform/config-error'
import { eventLoopRules } from './platform/observability/event-loop'
import { logLevels, type LogLevel } from './platform/observability/logger'
import { parseAllowedOrigins, type AllowedOrigins } from './platform/http/origin'
import { defaultRateLimit } from './platform/http/rate-limit'
import { redactUrl } from './platform/secrets/redact-url'
import { softBounceDefaults } from './platform/suppression/suppression-store'
import { createPublicKey } from 'node:crypto'
import { invitationRules, referralRules } from '../shared/rules'
import { inviteUrlOf } from '../shared/setup'
import { sendGuardDefaults, type SendGuard } from '../shared/update-rows'
import { mailPaceDefaults, type MailPaceSettings, type WarmUp } from './platform/mail/send-pace'
import { isPostgresUrl, isSqliteUrl, sqliteUrlProblem } from './platform/database/database-url'

export type ServerConfig = {
  port: number
  host: string
  databaseUrl: string
  /** Whether the start runs the migrations this release has and the database lacks (MIGRATE_AT_START, on by default:
   * one instance). Off, a start on a database that lacks any refuses, and `node dist-api/migrate.js` runs them
   * (docs/operations.md, "Migrations"). */
  migrateAtStart: boolean
  /** Connections each instance keeps to PostgreSQL (ignored on SQLite). */
  databasePoolSize: number
  allowedOrigins: AllowedOrigins
  trustedProxies: number
  rateLimit: { max: number; windowMs: number }
  /** How many places a credited referral moves the referrer up (PLACE_BOOST; shared/rules.ts referralRules). */
  placeBoost: number
  /** Invitations (server/features/launch/): where a claimed invitation sends its person (INVITE_URL; undefined: waves
   * are refused until it is set), how long one works (INVITE_LIFETIME_DAYS) and how many of a wave's emails
   * leave a second, across every instance (INVITE_SEND_RATE). */
  invitations: { url: string | undefined; lifetimeMs: number; sendsPerSecond: number }
  staticDir: string
  /** The site's public origin, where a form post is sent back to; undefined when the site is served here. */
  publicSiteUrl: string | undefined
  /** This endpoint's public origin, for the one-click unsubscribe URL in emails; undefined: the site's. */
  publicApiUrl: string | undefined
  /** Counting visits without cookies (server/features/analytics/): on unless ANALYTICS=off; raw page views are kept
   * ANALYTICS_RAW_DAYS days, then only their daily counts; today's counts are brought up to date every
   * ANALYTICS_COUNT_SECONDS. */
  analytics: { enabled: boolean; rawDays: number; countEverySeconds: number }
  /** Webhooks (server/features/webhooks/): with WEBHOOKS_ALLOW_PRIVATE=true, endpoints may be http: and on this
   * machine or a private network, for trying them locally; never in production. */
  webhooks: { allowPrivate: boolean }
  /** Bounces and complaints (platform/suppression/, features/bounces/): SOFT_BOUNCE_LIMIT soft bounces within
   * SOFT_BOUNCE_DAYS suppress an address; each provider's webhook is open only with its secret set. */
  bounces: BounceSettings
  /** The provider's pace (platform/mail/send-pace.ts): emails in flight per instance (MAIL_CONCURRENCY), a cap a minute
   * per receiving domain (MAIL_DOMAIN_PER_MINUTE) and a warm-up's daily cap of list emails (MAIL_WARMUP_*). */
  mailPace: MailPaceSettings
  /** The lowest level of log line written (LOG_LEVEL). */
  logLevel: LogLevel
  /** Where GET /metrics is served: a port of its own (METRICS_PORT, METRICS_HOST), the public port behind a
   * bearer token (METRICS_TOKEN), both, or (neither set) nowhere. A turn of the event loop longer than
   * EVENT_LOOP_STALL_MS is logged, naming what ran, and counted (platform/observability/event-loop.ts). */
  metrics: { port: number | undefined; host: string; token: string | undefined; stallMs: number }
  /** The key sensitive answers are sealed with (SENSITIVE_ANSWERS_KEY, 32 bytes; features/questions/answers-key.ts):
   * undefined, a key made once and kept in a file beside the database (docs/operations.md, "Sensitive answers"). */
  sensitiveAnswersKey: Buffer | undefined
}

/** The suppression list's thresholds and the providers' webhook secrets (docs/suppression.md). Each provider's route
 * answers 404 until its secret is set. */
export type BounceSettings = {
  softBounces: { limit: number; windowMs: number }
  /** SES_SNS_TOPIC_ARNS: the SNS topics whose messages are taken (anyone can make a topic that AWS signs). */
  sesTopicArns: string[]
  /** POSTMARK_WEBHOOK_AUTH: the user:password Postmark's webhook URL carries (basic auth). */
  postmarkAuth: { user: string; password: string } | undefined
  /** SENDGRID_WEBHOOK_PUBLIC_KEY: the signed event webhook's verification key, base64 as SendGrid shows it. */
  sendgridPublicKey: string | undefined
  /** MAILGUN_WEBHOOK_SIGNING_KEY: Mailgun's HTTP webhook signing key. */
  mailgunSigningKey: string | undefined
  /** An update's send pauses itself over these rates (UPDATE_PAUSE_COMPLAINT_PERCENT, UPDATE_PAUSE_BOUNCE_PERCENT),
   * once UPDATE_PAUSE_AFTER emails have gone (features/updates/send-guard.ts). */
  sendGuard: SendGuard
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
    problems.push(`${name} must be a whole number ${range}, not ${quoted(raw)}`)
    return fallback
  }
  const decimal = (name: string, fallback: number, min: number, max: number) => {
    const raw = env[name]?.trim()
    if (!raw) return fallback
    const value = Number(raw)
    if (/^\d+(\.\d+)?$/.test(raw) && value >= min && value <= max) return value
    problems.push(`${name} must be a number from ${min} to ${max}, not ${quoted(raw)}`)
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
    host: listenHost('HOST', env.HOST, problems),
    databaseUrl: env.DATABASE_URL?.trim() || defaultDatabaseUrl,
    migrateAtStart: env.MIGRATE_AT_START?.trim() ? trueFalse('MIGRATE_AT_START', env.MIGRATE_AT_START, problems) : true,
    databasePoolSize: integer('DATABASE_POOL_SIZE', 10, 1, 1000),
    allowedOrigins,
    trustedProxies: trustProxy(env.TRUST_PROXY, problems),
    rateLimit: {
      max: integer('RATE_LIMIT_MAX', defaultRateLimit.max, 1),
      windowMs: integer('RATE_LIMIT_WINDOW_MS', defaultRateLimit.windowMs, 1),
    },
    placeBoost: integer('PLACE_BOOST', referralRules.boostPlaces, 0, 1_000_000),
    invitations: {
      url: inviteUrl(env.INVITE_URL, problems),
      lifetimeMs: integer('INVITE_LIFETIME_DAYS', invitationRules.lifetimeMs / 86_400_000, 1, 365) * 86_400_000,
      sendsPerSecond: integer('INVITE_SEND_RATE', invitationRules.sendsPerSecond, 1, 10_000),
    },
    staticDir: folder('STATIC_DIR', env.STATIC_DIR, 'dist', problems),
    publicSiteUrl: siteUrl('PUBLIC_SITE_URL', env.PUBLIC_SITE_URL, problems),
    publicApiUrl: siteUrl('PUBLIC_API_URL', env.PUBLIC_API_URL, problems),
    analytics: {
      enabled: onOff('ANALYTICS', env.ANALYTICS, problems),
      rawDays: integer('ANALYTICS_RAW_DAYS', 2, 1, 90),
      countEverySeconds: integer('ANALYTICS_COUNT_SECONDS', 60, 1, 3600),
    },
    webhooks: { allowPrivate: trueFalse('WEBHOOKS_ALLOW_PRIVATE', env.WEBHOOKS_ALLOW_PRIVATE, problems) },
    bounces: {
      softBounces: {
        limit: integer('SOFT_BOUNCE_LIMIT', softBounceDefaults.limit, 1, 100),
        windowMs: integer('SOFT_BOUNCE_DAYS', softBounceDefaults.windowMs / 86_400_000, 1, 365) * 86_400_000,
      },
      sesTopicArns: topicArns(env.SES_SNS_TOPIC_ARNS, problems),
      postmarkAuth: basicAuth(env.POSTMARK_WEBHOOK_AUTH, problems),
      sendgridPublicKey: sendgridKey(env.SENDGRID_WEBHOOK_PUBLIC_KEY, problems),
      mailgunSigningKey: env.MAILGUN_WEBHOOK_SIGNING_KEY?.trim() || undefined,
      sendGuard: {
        complaintPercent: decimal('UPDATE_PAUSE_COMPLAINT_PERCENT', sendGuardDefaults.complaintPercent, 0, 100),
        hardBouncePercent: decimal('UPDATE_PAUSE_BOUNCE_PERCENT', sendGuardDefaults.hardBouncePercent, 0, 100),
        after: integer('UPDATE_PAUSE_AFTER', sendGuardDefaults.after, 1, 10_000_000),
      },
    },
    mailPace: {
      concurrency: integer('MAIL_CONCURRENCY', mailPaceDefaults.concurrency, 1, 100),
      domainPerMinute: env.MAIL_DOMAIN_PER_MINUTE?.trim() ? integer('MAIL_DOMAIN_PER_MINUTE', 0, 1, 1_000_000) : undefined,
      warmUp: warmUp(env, integer, problems),
    },
    logLevel: logLevel(env.LOG_LEVEL, problems),
    metrics: {
      port: env.METRICS_PORT?.trim() ? integer('METRICS_PORT', 0, 0, 65535) : undefined,
      host: listenHost('METRICS_HOST', env.METRICS_HOST, problems),
      token: metricsToken(env.METRICS_TOKEN, problems),
      stallMs: integer('EVENT_LOOP_STALL_MS', eventLoopRules.stallMs, 1, 60_000),
    },
    sensitiveAnswersKey: sensitiveAnswersKey(env.SENSITIVE_ANSWERS_KEY, problems),
  }
  if (env.METRICS_HOST?.trim() && config.metrics.port === undefined) problems.push('METRICS_HOST needs METRICS_PORT: the metrics have no port of their own without it')
  if (config.metrics.port !== undefined && config.metrics.port !== 0 && config.metrics.port === config.port)
    problems.push(`METRICS_PORT must differ from PORT (${config.port}): the public port serves /metrics only with METRICS_TOKEN`)
  const databaseProblem = databaseUrlProblem(config.databaseUrl)
  if (databaseProblem) problems.push(databaseProblem)
  if (problems.length > 0) throw new ConfigError(problems)
  return config
}

/** The warm-up (MAIL_WARMUP_START, MAIL_WARMUP_FROM, MAIL_WARMUP_GROWTH_PERCENT): off unless its start is set, and
 * then its first day must be too, since a day counted from each start would never grow. */
function warmUp(env: Record<string, string | undefined>, integer: (name: string, fallback: number, min: number, max?: number) => number, problems: string[]): WarmUp | undefined {
  const growthPercent = integer('MAIL_WARMUP_GROWTH_PERCENT', 50, 1, 1000)
  const rawFrom = env.MAIL_WARMUP_FROM?.trim()
  const from = rawFrom && /^\d{4}-\d{2}-\d{2}$/.test(rawFrom) && isDay(rawFrom) ? rawFrom : undefined
  if (rawFrom && !from) problems.push(`MAIL_WARMUP_FROM must be the warm-up's first day as a date YYYY-MM-DD (UTC), such as 2026-12-01, not ${quoted(rawFrom)}`)
  if (!env.MAIL_WARMUP_START?.trim()) {
    if (rawFrom && from) problems.push("MAIL_WARMUP_FROM needs MAIL_WARMUP_START: the warm-up is off without its first day's cap")
    return undefined
  }
  const start = integer('MAIL_WARMUP_START', 0, 1, 10_000_000)
  if (!rawFrom) problems.push("MAIL_WARMUP_START needs MAIL_WARMUP_FROM, the warm-up's first day as a date YYYY-MM-DD (UTC), so that its cap grows from that day")
  return from && start > 0 ? { start, growthPercent, from } : undefined
}

/** Whether YYYY-MM-DD names a day of the calendar (not 2026-02-30). */
function isDay(text: string): boolean {
  const at = Date.parse(`${text}T00:00:00Z`)
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === text
}

/** A switch that is on unless set to off (or on, said plainly). */
function onOff(name: string, raw: string | undefined, problems: string[]): boolean {
  const value = raw?.trim().toLowerCase()
  if (!value || value === 'on') return true
  if (value === 'off') return false
  problems.push(`${name} must be on or off, not ${quoted(raw!.trim())}`)
  return true
}

/** A switch that is off unless set to true. */
function trueFalse(name: string, raw: string | undefined, problems: string[]): boolean {
  const value = raw?.trim().toLowerCase()
  if (!value || value === 'false') return false
  if (value === 'true') return true
  problems.push(`${name} must be true or false, not ${quoted(raw!.trim())}`)
  return false
}

// A file: URL must name one file on disk (never an in-memory database: every signup would be lost at a
// restart); a PostgreSQL URL must be a URL. Shown only with its password as ***.
export function databaseUrlProblem(databaseUrl: string): string | undefined {
  const shown = quoted(redactUrl(databaseUrl))
  if (isSqliteUrl(databaseUrl)) {
    const problem = sqliteUrlProblem(databaseUrl)
    return problem && `DATABASE_URL ${shown} ${problem}`
  }
  if (isPostgresUrl(databaseUrl)) {
    try {
      new URL(databaseUrl)
      return undefined
    } catch {
      return `DATABASE_URL must be a URL such as postgres://user:password@db.example:5432/waitlist (a port from 1 to 65535, special characters %-escaped), not ${shown}`
    }
  }
  return `DATABASE_URL must be a SQLite file: URL such as ${defaultDatabaseUrl} or a postgres:// URL, not ${shown}`
}

// HOST: an IP address, or a host name such as localhost.
const hostName = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i
function listenHost(name: string, raw: string | undefined, problems: string[]): string {
  const value = raw?.trim()
  if (!value) return '127.0.0.1'
  if (isIP(value) || hostName.test(value)) return value
  problems.push(`${name} must be an address to listen on, such as 127.0.0.1, 0.0.0.0, :: or localhost, not ${quoted(raw ?? '')}`)
  return '127.0.0.1'
}

// LOG_LEVEL: one of pino's levels, in any case; info by default.
function logLevel(raw: string | undefined, problems: string[]): LogLevel {
  const value = raw?.trim().toLowerCase()
  if (!value) return 'info'
  if ((logLevels as readonly string[]).includes(value)) return value as LogLevel
  problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')}, not ${quoted(raw ?? '')}`)
  return 'info'
}

/** The fewest characters METRICS_TOKEN may have: a token anyone could guess would open the counts to the public. */
export const metricsTokenMinLength = 32

// METRICS_TOKEN: a long random string (openssl rand -hex 32), sent by the scraper as Authorization: Bearer. Never
// quoted back: it is a secret.
function metricsToken(raw: string | undefined, problems: string[]): string | undefined {
  const value = raw?.trim()
  if (!value) return undefined
  if (value.length >= metricsTokenMinLength && /^[\x21-\x7e]+$/.test(value)) return value
  problems.push(`METRICS_TOKEN must be at least ${metricsTokenMinLength} printable characters with no spaces (such as the output of openssl rand -hex 32)`)
  return undefined
}

// SENSITIVE_ANSWERS_KEY: 32 random bytes as 64 hexadecimal characters (openssl rand -hex 32) or as base64
// (openssl rand -base64 32). Never quoted back: it is a secret. SENSITIVE_ANSWERS_NEW_KEY is read the same way.
function sensitiveAnswersKey(raw: string | undefined, problems: string[], name = 'SENSITIVE_ANSWERS_KEY'): Buffer | undefined {
  const value = raw?.trim()
  if (!value) return undefined
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : /^[A-Za-z0-9+/]{43}=$/.test(value) ? Buffer.from(value, 'base64') : undefined
  if (key?.length === 32) return key
  problems.push(`${name} must be 32 random bytes, as 64 hexadecimal characters (openssl rand -hex 32) or as base64 (openssl rand -base64 32)`)
  return undefined
}

/** SENSITIVE_ANSWERS_NEW_KEY, which only the key's change reads (scripts/rotate-answers-key.ts, docs/operations.md
 * "Sensitive answers"): the key the sensitive answers are sealed with from then on, required there, and checked as
 * SENSITIVE_ANSWERS_KEY is. A ConfigError naming the variable, never its value, when it is unset or not a key. */
export function readNewAnswersKey(env: Record<string, string | undefined>): Buffer {
  const problems: string[] = []
  const key = sensitiveAnswersKey(env.SENSITIVE_ANSWERS_NEW_KEY, problems, 'SENSITIVE_ANSWERS_NEW_KEY')
  if (key) return key
  if (problems.length === 0) problems.push('SENSITIVE_ANSWERS_NEW_KEY must be set to the new key: 32 random bytes, as 64 hexadecimal characters (openssl rand -hex 32) or as base64 (openssl rand -base64 32)')
  throw new ConfigError(problems)
}

// TRUST_PROXY: unset, "false" or "0" ignores X-Forwarded-For; "true" trusts one proxy; a number trusts that many.
function trustProxy(raw: string | undefined, problems: string[]): number {
  const value = raw?.trim().toLowerCase() ?? ''
  if (value === '' || value === 'false' || value === '0') return 0
  if (value === 'true') return 1
  if (/^[1-9]\d?$/.test(value)) return Number(value)
  problems.push(`TRUST_PROXY must be true, false or the number of proxies in front, not ${quoted(raw ?? '')}`)
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
  problems.push(`${name} must be an address such as https://stridehealth.example, not ${quoted(redactUrl(raw ?? ''))}`)
  return undefined
}

// INVITE_URL: where a claimed invitation sends its person: a TestFlight public link, an App Store page or a
// sign-up page. https, or http on this machine for trying it out; kept whole (path and query are the point).
function inviteUrl(raw: string | undefined, problems: string[]): string | undefined {
  const value = raw?.trim()
  if (!value) return undefined
  const url = inviteUrlOf(value)
  if (url) return url
  problems.push(`INVITE_URL must be an https address such as https://testflight.apple.com/join/AbCdEfGh, not ${quoted(redactUrl(raw ?? ''))}`)
  return undefined
}

// SES_SNS_TOPIC_ARNS: a comma-separated list of SNS topic ARNs (arn:aws:sns:<region>:<account>:<name>).
function topicArns(raw: string | undefined, problems: string[]): string[] {
  const arns = (raw ?? '').split(',').map((arn) => arn.trim()).filter(Boolean)
  const wrong = arns.filter((arn) => !/^arn:aws(?:-[a-z]+)*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}$/.test(arn))
  if (wrong.length > 0) problems.push(`SES_SNS_TOPIC_ARNS must be SNS topic ARNs such as arn:aws:sns:us-east-1:123456789012:ses-bounces, separated by commas, not ${wrong.map(quoted).join(', ')}`)
  return arns.filter((arn) => !wrong.includes(arn))
}

// POSTMARK_WEBHOOK_AUTH: user:password, as written in the webhook's URL (https://user:password@host/...). Never quoted back.
function basicAuth(raw: string | undefined, problems: string[]): { user: string; password: string } | undefined {
  const value = raw?.trim()
  if (!value) return undefined
  const colon = value.indexOf(':')
  if (colon > 0 && colon < value.length - 1) return { user: value.slice(0, colon), password: value.slice(colon + 1) }
  problems.push('POSTMARK_WEBHOOK_AUTH must be user:password, the credentials written in the webhook URL you give Postmark')
  return undefined
}

// SENDGRID_WEBHOOK_PUBLIC_KEY: the base64 public key SendGrid's Mail Settings show for the signed event webhook (an
// EC P-256 key, DER SubjectPublicKeyInfo).
function sendgridKey(raw: string | undefined, problems: string[]): string | undefined {
  const value = raw?.trim()
  if (!value) return undefined
  try {
    const key = createPublicKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'spki' })
    if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return value
  } catch {
    // reported below
  }
  problems.push("SENDGRID_WEBHOOK_PUBLIC_KEY must be the signed event webhook's verification key, as SendGrid shows it (base64, an EC P-256 key)")
  return undefined
}
