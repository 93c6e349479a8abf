// The console's settings, read from the environment next to server/config.ts (documented in the README):
// ADMIN_EMAILS (the mail settings are server/platform/mail/mail-config.ts's). Sign-in links start with PUBLIC_SITE_URL (config.ts) or,
// without it, this server's own address; never with the Host header of a request.
import { ConfigError } from '../../platform/config-error'
import { parseAdminEmails, type AdminEmails } from './admin-emails'

export type AdminConfig = {
  adminEmails: AdminEmails
  publicUrl: string
  /** Whether SMTP_URL and MAIL_FROM are set (the setup checklist says so, and never their values); unset when not told. */
  mailSet?: { smtpUrl: boolean; mailFrom: boolean }
  /** MAIL_FROM as set (undefined: the placeholder, whose domain is not ours to check) and DKIM_SELECTOR, for the check
   * of the sender's domain in DNS (platform/mail/domain-check.ts); unset when not told. */
  mailDomain?: { mailFrom: string | undefined; dkimSelector: string | undefined }
}

export function readAdminConfig(env: Record<string, string | undefined>, server: { host: string; port: number; publicSiteUrl: string | undefined }): AdminConfig {
  const shownHost = server.host === '0.0.0.0' || server.host === '::' ? 'localhost' : server.host
  const adminEmails = parseAdminEmails(env.ADMIN_EMAILS)
  if (adminEmails.invalidPlaces.length > 0) throw new ConfigError([invalidEntries(adminEmails)])
  return {
    adminEmails,
    mailSet: { smtpUrl: Boolean(env.SMTP_URL?.trim()), mailFrom: Boolean(env.MAIL_FROM?.trim()) },
    mailDomain: { mailFrom: env.MAIL_FROM?.trim() || undefined, dkimSelector: env.DKIM_SELECTOR?.trim() || undefined },
    publicUrl: server.publicSiteUrl ?? `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${server.port}`,
  }
}

// Says which entries are wrong by their place in the list, not by quoting them: the list is never echoed, and a
// mistake such as a missing comma would otherwise print two team members' addresses into the deploy log.
function invalidEntries({ entries, invalidPlaces: places }: { entries: number; invalidPlaces: number[] }): string {
  const which = places.length === 1 ? `entry ${places[0]} of ${entries} is` : `entries ${places.join(', ')} of ${entries} are`
  return `ADMIN_EMAILS must be email addresses separated by commas; ${which} not one address`
}
