// The team (issue 46), for those whose role manages it: the members, inviting one with a role, changing a role and
// removing a member. An invitation is a sign-in link to that address, in words of its own and for longer
// (shared/rules.ts), sent the way a sign-in link is (sign-in-mail.ts: one waiting per address, within its
// inbox's budget). An owner on ADMIN_EMAILS is the settings', never the console's to remove or demote, and the
// last owner stays one (team-store.ts); both are refused with 409 in words. Every change is in the audit log.
import { Hono, type Context } from 'hono'
import { consoleRoutes } from '../../../shared/console-routes'
import type { Reply } from '../../../shared/console-api'
import { canonicalAddress } from '../../../shared/mailbox'
import { linkLifetimesMs } from '../../../shared/rules'
import { isRole, type Role, type TeamReply } from '../../../shared/team'
import { readFieldsBody } from '../../platform/http/read-body'
import type { AdminEnv } from '../../platform/console/guard'
import { adminMessages, teamMessages } from './admin-messages'
import type { AdminStore } from './admin-store'
import { on } from '../../platform/console/console-route'
import { issueSignInLink } from './sign-in-links'
import type { SignInMailer } from './sign-in-mail'
import type { TeamChange, TeamRefusal, TeamStore } from './team-store'

export type TeamRoutesOptions = { store: AdminStore; team: TeamStore; publicUrl: string; sendSignInLink: SignInMailer; now: () => Date }

const refusals: Record<TeamRefusal, { status: 404 | 409; message: string }> = {
  'not-found': { status: 404, message: teamMessages.notMember },
  'member-already': { status: 409, message: teamMessages.memberAlready },
  'from-settings': { status: 409, message: teamMessages.fromSettings },
  'last-owner': { status: 409, message: teamMessages.lastOwner },
}

export function teamRoutes(options: TeamRoutesOptions): Hono<AdminEnv> {
  const { store, team, now } = options
  const routes = new Hono<AdminEnv>()

  // The body's address (canonical) and role, each only when asked for; a reply in words when either is wrong.
  async function read(c: Context<AdminEnv>, withRole: boolean): Promise<{ email: string; role: Role } | Response> {
    const body = await readFieldsBody(c)
    if (body.kind === 'too-large') return c.json({ ok: false, message: adminMessages.tooLarge }, 413)
    const fields = body.kind === 'fields' ? body.fields : {}
    const email = typeof fields.email === 'string' ? canonicalAddress(fields.email) : undefined
    if (email === undefined) return c.json({ ok: false, message: adminMessages.invalidEmail }, 400)
    if (withRole && !isRole(fields.role)) return c.json({ ok: false, message: teamMessages.badRole }, 400)
    return { email, role: isRole(fields.role) ? fields.role : 'viewer' }
  }
  const members = async (c: Context<AdminEnv>, status: 200 | 201 = 200) => c.json({ ok: true, members: await team.list() } satisfies Reply<TeamReply>, status)
  const refused = (c: Context<AdminEnv>, change: Extract<TeamChange, { ok: false }>) => c.json({ ok: false, message: refusals[change.reason].message }, refusals[change.reason].status)

  on(routes, consoleRoutes.team, (c) => members(c))

  on(routes, consoleRoutes.inviteMember, async (c) => {
    const given = await read(c, true)
    if (given instanceof Response) return given
    const by = c.get('adminEmail')
    const change = await team.invite(given.email, given.role, by)
    if (!change.ok) return refused(c, change)
    await store.audit(by, 'invite-member', `${given.email} as ${given.role}`)
    const { email, role } = given
    options.sendSignInLink.ask(email, () => issueSignInLink(store, email, options.publicUrl, now(), linkLifetimesMs.teamInvitation), { kind: 'team-invitation', role })
    return members(c, 201)
  })

  on(routes, consoleRoutes.changeRole, async (c) => {
    const given = await read(c, true)
    if (given instanceof Response) return given
    const change = await team.changeRole(given.email, given.role)
    if (!change.ok) return refused(c, change)
    if (change.before !== given.role) await store.audit(c.get('adminEmail'), 'change-role', `${given.email}: ${change.before ?? 'none'} to ${given.role}`)
    return members(c)
  })

  on(routes, consoleRoutes.removeMember, async (c) => {
    const given = await read(c, false)
    if (given instanceof Response) return given
    const change = await team.remove(given.email)
    if (!change.ok) return refused(c, change)
    await store.audit(c.get('adminEmail'), 'remove-member', `${given.email}, ${change.before ?? 'none'}: their sessions ended`)
    return members(c)
  })
  return routes
}
