// The console's roles in words (issue 46), for the team's invite form and the members' list.
import type { Role } from '../../shared/team'

/** Each role's name, as a choice in a list. */
export const roleNames: Record<Role, string> = { owner: 'Owner', people: 'People', sender: 'Sender', editor: 'Editor', viewer: 'Viewer' }

/** Each role in a few words: what its members may do (shared/team.ts rolePermissions), said beside the choice, since
 * a closed list cuts its choice's words at its width (the owner's at 24rem, every role's on a phone). */
export const roleWords: Record<Role, string> = {
  owner: 'Owner: everything, the team, API keys, webhooks and health answers included',
  people: 'People: reads, exports and erases people, reviews referrals, asks questions; sends nothing',
  sender: 'Sender: writes and sends updates, starts waves; never reads an address',
  editor: 'Editor: writes, previews and tests updates; sends nothing',
  viewer: 'Viewer: the figures only',
}
