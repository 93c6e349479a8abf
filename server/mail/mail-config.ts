// The mail settings, read from the environment next to server/config.ts (documented in the README): SMTP_URL,
// MAIL_FROM, MAIL_DIR. Without MAIL_DIR, emails are written beside a SQLite database (data/mail for the
// default data/waitlist.db), or to data/mail when the database is PostgreSQL.
import { dirname, join } from 'node:path'
import { brand } from '../../src/brand'
import { isSqliteUrl } from '../store/database-url'
import { filePathOf } from '../store/sqlite'
import type { MailSettings } from './mailer'

export function readMailSettings(env: Record<string, string | undefined>, databaseUrl: string): MailSettings {
  return {
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || `${brand.companyName} <no-reply@${new URL(brand.siteUrl).hostname}>`,
    mailDir: env.MAIL_DIR?.trim() || (isSqliteUrl(databaseUrl) ? join(dirname(filePathOf(databaseUrl)), 'mail') : join('data', 'mail')),
  }
}
