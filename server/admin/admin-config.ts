// The console's settings, read from the environment next to server/config.ts (documented in the README):
// ADMIN_EMAILS, PUBLIC_URL, SMTP_URL, MAIL_FROM, MAIL_DIR.
import { brand } from '../../src/brand'
import { parseAdminEmails, type AdminEmails } from './admin-emails'
import type { MailSettings } from './sign-in-mail'

export type AdminConfig = { adminEmails: AdminEmails; publicUrl: string; mail: MailSettings }

export function readAdminConfig(env: Record<string, string | undefined>, server: { host: string; port: number }): AdminConfig {
  const shownHost = server.host === '0.0.0.0' || server.host === '::' ? 'localhost' : server.host
  const publicUrl = env.PUBLIC_URL?.trim() || `http://${shownHost}:${server.port}`
  let parsed: URL
  try {
    parsed = new URL(publicUrl)
  } catch {
    throw new Error(`Invalid configuration:\n- PUBLIC_URL must be the site's address such as https://example.com, not "${publicUrl}"`)
  }
  if (!/^https?:$/.test(parsed.protocol)) throw new Error(`Invalid configuration:\n- PUBLIC_URL must be an http(s) address, not "${publicUrl}"`)
  return {
    adminEmails: parseAdminEmails(env.ADMIN_EMAILS),
    publicUrl: parsed.origin,
    mail: {
      smtpUrl: env.SMTP_URL?.trim() || undefined,
      mailFrom: env.MAIL_FROM?.trim() || `${brand.companyName} <no-reply@${new URL(brand.siteUrl).hostname}>`,
      mailDir: env.MAIL_DIR?.trim() || 'data/mail',
    },
  }
}
