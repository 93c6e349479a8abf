// The console's settings, read from the environment next to server/config.ts (documented in the README):
// ADMIN_EMAILS (the mail settings are server/mail/mail-config.ts's). Sign-in links start with PUBLIC_SITE_URL (config.ts) or,
// without it, this server's own address; never with the Host header of a request.
import type { ServerConfig } from '../config'
import { parseAdminEmails, type AdminEmails } from './admin-emails'

export type AdminConfig = { adminEmails: AdminEmails; publicUrl: string }

export function readAdminConfig(env: Record<string, string | undefined>, server: Pick<ServerConfig, 'host' | 'port' | 'publicSiteUrl'>): AdminConfig {
  const shownHost = server.host === '0.0.0.0' || server.host === '::' ? 'localhost' : server.host
  return {
    adminEmails: parseAdminEmails(env.ADMIN_EMAILS),
    publicUrl: server.publicSiteUrl ?? `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${server.port}`,
  }
}
