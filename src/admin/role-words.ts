// The console's roles in words (issue 46), for the team's invite form and the signed-in member's bar.
import type { Role } from '../../shared/team'

/** Each role in a few words: what its members may do (shared/team.ts rolePermissions). */
export const roleWords: Record<Role, string> = {
  owner: 'Owner: everything, the team, API keys, webhooks and health answers included',
  people: 'People: reads, exports and erases people, reviews referrals, asks questions; sends nothing',
  sender: 'Sender: writes and sends updates, starts waves; never reads an address',
  editor: 'Editor: writes, previews and tests updates; sends nothing',
  viewer: 'Viewer: the figures only',
}
