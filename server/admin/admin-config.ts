// The console's settings, read from the environment next to server/config.ts (documented in the README):
// ADMIN_EMAILS, SMTP_URL, MAIL_FROM, MAIL_DIR. Sign-in links start with PUBLIC_SITE_URL (config.ts) or,
// without it, this server's own address; never with the Host header of a request.
import { brand } from '../../src/brand'
import type { ServerConfig } from '../config'
import { parseAdminEmails, type AdminEmails } from './admin-emails'
import type { MailSettings } from './sign-in-mail'

export type AdminConfig = { adminEmails: AdminEmails; publicUrl: string; mail: MailSettings }

export function readAdminConfig(env: Record<string, string | undefined>, server: Pick<ServerConfig, 'host' | 'port' | 'publicSiteUrl'>): AdminConfig {
  const shownHost = server.host === '0.0.0.0' || server.host === '::' ? 'localhost' : server.host
  return {
    adminEmails: parseAdminEmails(env.ADMIN_EMAILS),
    publicUrl: server.publicSiteUrl ?? `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${server.port}`,
    mail: {
      smtpUrl: env.SMTP_URL?.trim() || undefined,
      mailFrom: env.MAIL_FROM?.trim() || `${brand.companyName} <no-reply@${new URL(brand.siteUrl).hostname}>`,
      mailDir: env.MAIL_DIR?.trim() || 'data/mail',
    },
  }
}
