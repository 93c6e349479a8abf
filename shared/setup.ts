// What a launch needs set before it runs (issue 47), as the Overview's setup checklist shows it (GET /setup), and
// the one setting the console may change with no restart: the invitation link, INVITE_URL (PUT /settings/invite-url).
// The server says each item's words, so the console prints them and re-derives nothing; no item ever carries a
// setting's value but the invitation link's, which every invited person is sent to anyway.

/** The checklist's items, in the order a launch sets them up. */
export const setupItems = ['SMTP_URL', 'MAIL_FROM', 'INVITE_URL', 'PUBLIC_SITE_URL', 'owner', 'backup'] as const
export type SetupItemName = (typeof setupItems)[number]

/** One item: what it is, whether it is done, and the one sentence that says so or says what to set and where. */
export type SetupItem = { name: SetupItemName; label: string; done: boolean; says: string }

/** Where a live setting's value comes from: the environment wins over the console's, and neither is nobody's. */
export type SettingSource = 'environment' | 'console' | null
/** The invitation link as it stands: its value, and where it comes from. */
export type InviteUrlSetting = { url: string | null; from: SettingSource }

/** GET /setup: the checklist, and the invitation link for its form. */
export type SetupReply = { items: SetupItem[]; inviteUrl: InviteUrlSetting }
/** PUT /settings/invite-url: a link, or null to clear the console's. */
export type InviteUrlChange = { url: string | null }

/** A backup older than this is not a recent one: docs/operations.md asks for one every hour; a day's gap is a
 * missed night. */
export const recentBackupMs = 26 * 3_600_000

/** Where the README documents every setting, as the checklist points to it. */
export const configurationDocs = 'README.md, "Configuration"'

/** The words the invitation link's setting is refused with, and the wave's refusal while there is none. */
export const inviteUrlMessages = {
  bad: 'Give the invitation link as an https address, such as https://testflight.apple.com/join/AbCdEfGh (http only for localhost).',
  fromEnvironment: 'INVITE_URL is set in the environment, which wins over the console: change it there and restart.',
  missing: 'Set the invitation link (INVITE_URL) in Settings, or in the environment.',
} as const

/** Whether `text` may be the invitation link: https, or http on this machine for trying it out; kept whole. */
export function inviteUrlOf(text: string): string | undefined {
  const value = text.trim()
  if (!value || value.length > 2000) return undefined
  try {
    const url = new URL(value)
    const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]'
    if (url.username || url.password) return undefined
    if (url.protocol === 'https:' || (url.protocol === 'http:' && local)) return url.href
  } catch {
    // not a URL
  }
  return undefined
}
