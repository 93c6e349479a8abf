// GET /setup: the Overview's setup checklist (issue 47), what a launch needs before it runs, each item done or the
// one sentence that says what to set and where. It says whether a setting is set, never its value (SMTP_URL holds
// the mail server's password), but for the invitation link, which every invited person is sent to anyway.
import { Hono } from 'hono'
import type { AdminEnv } from '../../platform/console/guard'
import { on } from '../../platform/console/console-route'
import { lastBackupAt } from '../../platform/database/backup-mark'
import type { Database } from '../../platform/database/database'
import { consoleRoutes } from '../../../shared/console-routes'
import type { Reply } from '../../../shared/console-api'
import { configurationDocs, recentBackupMs, type InviteUrlSetting, type SetupItem, type SetupReply } from '../../../shared/setup'
import type { TeamStore } from './team-store'
import { checkMailDomain, type ResolveTxt } from '../../platform/mail/domain-check'
import type { MailDomainReply } from '../../../shared/mail-domain'

export const mailDomainMessages = { noMailFrom: 'Set MAIL_FROM first: the domain checked is its own.' } as const

export type SetupFacts = {
  /** Whether SMTP_URL and MAIL_FROM are set in the environment (admin-config.ts). */
  mail: { smtpUrl: boolean; mailFrom: boolean }
  /** PUBLIC_SITE_URL, the site's public address; undefined while unset. */
  publicSiteUrl: string | undefined
  inviteUrl: () => Promise<InviteUrlSetting>
  team: Pick<TeamStore, 'list'>
  database: Database
  now: () => Date
  /** MAIL_FROM, DKIM_SELECTOR and the DNS lookup, for the check of the sender's domain. */
  mailDomain: { mailFrom: string | undefined; dkimSelector: string | undefined; resolveTxt: ResolveTxt }
}

const hoursAgo = (ms: number) => {
  const hours = Math.floor(ms / 3_600_000)
  return hours < 1 ? 'less than an hour ago' : hours < 48 ? `${hours} hour${hours === 1 ? '' : 's'} ago` : `${Math.floor(hours / 24)} days ago`
}

export async function setupChecklist(facts: SetupFacts): Promise<SetupReply> {
  const [inviteUrl, members, backupAt] = await Promise.all([facts.inviteUrl(), facts.team.list(), lastBackupAt(facts.database.db)])
  const owners = members.filter((member) => member.role === 'owner').length
  const backupAge = backupAt === undefined ? undefined : facts.now().getTime() - Date.parse(backupAt)
  const item = (name: SetupItem['name'], label: string, done: boolean, ifDone: string, ifNot: string): SetupItem => ({ name, label, done, says: done ? ifDone : ifNot })
  const items = [
    item('SMTP_URL', 'Mail server', facts.mail.smtpUrl, 'SMTP_URL is set: emails go out through your mail server.',
      `Set SMTP_URL in the environment (${configurationDocs}) and restart: until then emails are only written to files.`),
    item('MAIL_FROM', 'Sender address', facts.mail.mailFrom, 'MAIL_FROM is set: emails come from your address.',
      `Set MAIL_FROM in the environment (${configurationDocs}) and restart: until then emails come from a placeholder address.`),
    item('INVITE_URL', 'Invitation link', inviteUrl.url !== null,
      inviteUrl.from === 'environment' ? 'INVITE_URL is set in the environment.' : 'The invitation link is set in Settings below.',
      'Set the invitation link (INVITE_URL) in Settings below, or in the environment: until then waves are refused.'),
    item('PUBLIC_SITE_URL', 'Public site address', facts.publicSiteUrl !== undefined, `PUBLIC_SITE_URL is set to ${facts.publicSiteUrl}.`,
      `Set PUBLIC_SITE_URL in the environment (${configurationDocs}) and restart: until then links in emails point at this server.`),
    item('owner', 'An owner', owners > 0, `${owners} owner${owners === 1 ? '' : 's'} on the team.`,
      'Nobody on the team is an owner: add an address to ADMIN_EMAILS in the environment and restart.'),
    item('backup', 'A recent backup', backupAge !== undefined && backupAge <= recentBackupMs,
      `The last backup began ${hoursAgo(backupAge ?? 0)}.`,
      backupAge === undefined
        ? 'No backup is recorded: run npm run waitlist:backup every hour (docs/operations.md, "Backups and restore").'
        : `The last backup began ${hoursAgo(backupAge)}: run npm run waitlist:backup every hour (docs/operations.md, "Backups and restore").`),
  ]
  return { items, inviteUrl }
}

export function setupRoutes(facts: SetupFacts): Hono<AdminEnv> {
  const routes = new Hono<AdminEnv>()
  on(routes, consoleRoutes.setup, async (c) => c.json({ ok: true, ...(await setupChecklist(facts)) } satisfies Reply<SetupReply>))
  // Looked up when asked, never on the Overview's opening: DNS may take seconds to answer.
  on(routes, consoleRoutes.mailDomain, async (c) => {
    const { mailFrom, dkimSelector, resolveTxt } = facts.mailDomain
    if (!mailFrom) return c.json({ ok: false, message: mailDomainMessages.noMailFrom }, 409)
    return c.json({ ok: true, ...(await checkMailDomain(mailFrom, { resolveTxt, dkimSelector })) } satisfies Reply<MailDomainReply>)
  })
  return routes
}
