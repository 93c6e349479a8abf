// The mail settings, read from the environment next to server/config.ts (documented in the README): SMTP_URL,
// MAIL_FROM, MAIL_DIR. Without MAIL_DIR, emails are written beside a SQLite database (data/mail for the
// default data/waitlist.db), or to data/mail when the database is PostgreSQL. A mistake is a ConfigError that
// names the variable and never quotes SMTP_URL's password.
import { dirname, join } from 'node:path'
import addressparser from 'nodemailer/lib/addressparser'
import { brand } from '../../../shared/brand'
import { ConfigError, folder, quoted } from '../config-error'
import { canonicalAddress } from '../../../shared/mailbox'
import { redactUrl } from '../secrets/redact-url'
import { isSqliteUrl, sqliteFilePath } from '../database/database-url'
import type { MailSettings } from './mailer'

export function readMailSettings(env: Record<string, string | undefined>, databaseUrl: string): MailSettings {
  const problems: string[] = []
  const smtpUrl = env.SMTP_URL?.trim() || undefined
  const smtpProblem = smtpUrl && smtpUrlProblem(smtpUrl)
  if (smtpProblem) problems.push(smtpProblem)
  const mailFrom = env.MAIL_FROM?.trim() || `${brand.companyName} <no-reply@${new URL(brand.siteUrl).hostname}>`
  if (!isOneAddress(mailFrom))
    problems.push(`MAIL_FROM must be one email address, optionally with a name, such as "${brand.companyName} <no-reply@stridehealth.example>", not ${quoted(mailFrom)}`)
  const besideDatabase = isSqliteUrl(databaseUrl) ? join(dirname(sqliteFilePath(databaseUrl)), 'mail') : join('data', 'mail')
  const mailDir = env.MAIL_DIR?.trim() ? folder('MAIL_DIR', env.MAIL_DIR, besideDatabase, problems) : besideDatabase
  if (problems.length > 0) throw new ConfigError(problems)
  return { smtpUrl, mailFrom, mailDir }
}

/** Why SMTP_URL is not smtp(s)://[user:password@]host[:port], in words that show its password as ***. */
export function smtpUrlProblem(smtpUrl: string): string | undefined {
  const example = 'such as smtps://user:password@smtp.example:465'
  let url: URL
  try {
    url = new URL(smtpUrl)
  } catch {
    // The URL parser refuses a port above 65535 without saying so: find it to name it.
    const afterScheme = smtpUrl.slice(smtpUrl.indexOf('://') + 3)
    const port = /:(\d+)$/.exec(afterScheme.slice(afterScheme.lastIndexOf('@') + 1).split(/[/?#]/)[0] ?? '')?.[1]
    if (port) return `SMTP_URL's port must be from 1 to 65535, not ${port} (in ${quoted(redactUrl(smtpUrl))})`
    return `SMTP_URL must be a URL ${example} (special characters in the password %-escaped), not ${quoted(redactUrl(smtpUrl))}`
  }
  const shown = quoted(redactUrl(smtpUrl))
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return `SMTP_URL must start with smtp:// or smtps://, ${example}, not ${shown}`
  if (!url.hostname) return `SMTP_URL names no host; give one ${example}, not ${shown}`
  if (url.port === '0') return `SMTP_URL's port must be from 1 to 65535, not 0 (in ${shown})`
  return undefined
}

// One mailbox (shared/mailbox.ts's rule for the address), with or without a display name; not a list or a group.
function isOneAddress(text: string): boolean {
  const parsed = addressparser(text)
  const only = parsed.length === 1 ? parsed[0] : undefined
  return only?.address !== undefined && canonicalAddress(only.address) !== undefined
}
