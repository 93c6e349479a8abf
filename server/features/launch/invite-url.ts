// The invitation link (INVITE_URL): where a claimed invitation sends its person. Set in the environment (which
// wins) or by an owner in the console with no restart (issue 47), kept in the platform's live settings
// (platform/settings/live-settings.ts) and read when used, so every instance follows a change within seconds.
// The launch offers it to the wings that show it (the referral's page for someone who claimed, the setup checklist).
import { Hono } from 'hono'
import type { AdminEnv } from '../../platform/console/guard'
import type { Audit } from '../../platform/console/audit'
import { on } from '../../platform/console/console-route'
import { readFieldsBody } from '../../platform/http/read-body'
import type { LiveSettings } from '../../platform/settings/live-settings'
import { consoleMessages } from '../../platform/console/console-messages'
import { consoleRoutes } from '../../../shared/console-routes'
import type { Reply } from '../../../shared/console-api'
import { inviteUrlMessages, inviteUrlOf, type InviteUrlSetting } from '../../../shared/setup'

export const inviteUrlVariable = 'INVITE_URL'

export type InviteUrl = {
  /** The link as it stands, and where it comes from. */
  read(): Promise<InviteUrlSetting>
  /** The link, or undefined while none is set. */
  url(): Promise<string | undefined>
}

export function inviteUrl(settings: LiveSettings, fromEnvironment: string | undefined): InviteUrl {
  const read = async (): Promise<InviteUrlSetting> => {
    const { value, from } = await settings.read(inviteUrlVariable, fromEnvironment)
    return { url: value, from }
  }
  return { read, url: async () => (await read()).url ?? undefined }
}

/** PUT /settings/invite-url: an owner sets the link (or clears it with null), checked and audited; refused while
 * the environment sets it, since the environment would win anyway. */
export function inviteUrlRoutes(options: { settings: LiveSettings; link: InviteUrl; audit: Audit }): Hono<AdminEnv> {
  const { settings, link, audit } = options
  const routes = new Hono<AdminEnv>()
  on(routes, consoleRoutes.setInviteUrl, async (c) => {
    const read = await readFieldsBody(c)
    if (read.kind === 'too-large') return c.json({ ok: false, message: consoleMessages.tooLarge }, 413)
    const given = read.kind === 'fields' ? read.fields.url : undefined
    if ((await link.read()).from === 'environment') return c.json({ ok: false, message: inviteUrlMessages.fromEnvironment }, 409)
    const url = given === null || given === '' ? null : typeof given === 'string' ? inviteUrlOf(given) : undefined
    if (url === undefined) return c.json({ ok: false, message: inviteUrlMessages.bad }, 400)
    await settings.write(inviteUrlVariable, url)
    await audit(c.get('adminEmail'), 'change-setting', url === null ? `${inviteUrlVariable} cleared` : `${inviteUrlVariable} set to ${url}`)
    return c.json({ ok: true, ...(await link.read()) } satisfies Reply<InviteUrlSetting>)
  })
  return routes
}
