// @vitest-environment node
// The team in the console (issue 46), as an owner and the members they invite meet it, against a real server on
// either engine with real SMTP: an invitation is a sign-in link in its own words that works once and expires; any member
// signs in by link and a stranger gets the same answer and no mail; a change of role and a removal hold at the
// member's very next request; an owner on ADMIN_EMAILS is the settings' to change, and the last owner stays one;
// every change is in the audit log.
import { teamMessages } from '../../../../server/features/console/admin-messages'
import { afterRepliesSettled } from '../../../../server/platform/http/after-reply'
import { teamInvitationSubject } from '../../../../server/features/console/team-invitation-email'
import { adminApiBase } from '../../../../shared/console-api'
import { inWords, linkLifetimesMs } from '../../../../shared/rules'
import { rolePermissions, type TeamMember } from '../../../../shared/team'
import { linkIn, type ReceivedMail } from '../../../../tools/smtp-inbox'
import { adminEmail, startAdminServer, type AdminTestServer } from '../../admin-harness'
import { freshDatabase, makeTempDir } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

let server: AdminTestServer
let owner: string

const api = (path: string, cookie: string, body?: unknown) =>
  server.request(`${adminApiBase}${path}`, body === undefined ? { cookie } : { method: 'POST', cookie, body: JSON.stringify(body) })
const tokenIn = (mail: ReceivedMail) => new URL(linkIn(mail)).hash.slice('#token='.length)
const json = async (response: Response) => ({ status: response.status, body: await response.json() })

// The database outlives a server (a test restarts one on it), so it is not in the server's own temp folder.
let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeAll(async () => {
  temp = await makeTempDir()
  server = await startAdminServer({ databaseUrl: await freshDatabase(temp.dir), adminEmails: adminEmail })
  owner = await server.signIn()
}, 60_000)
afterAll(async () => {
  await server?.close()
  await temp?.remove()
})

it('invites a member with a link in its own words, which signs them in once, with their role', async () => {
  const invited = await json(await api('/team', owner, { email: 'Ed@Company.example', role: 'editor' }))
  expect(invited.status).toBe(201)
  expect(invited.body.members.map((member: TeamMember) => [member.email, member.role, member.fromSettings, member.lastSignInAt])).toEqual([
    [adminEmail, 'owner', true, expect.any(String)],
    ['ed@company.example', 'editor', false, null],
  ])
  const mail = await server.inbox.next('ed@company.example')
  expect(mail.subject).toBe(teamInvitationSubject)
  expect(mail.text).toContain('with the role editor')
  expect(mail.text).toContain(`within ${inWords(linkLifetimesMs.teamInvitation)}`)
  const token = tokenIn(mail)
  // An hour later, past a sign-in link's 15 minutes: an invitation lasts longer.
  server.clock.offsetMs = 60 * 60_000
  const joined = await json(await server.verify(token))
  expect(joined).toEqual({ status: 200, body: { ok: true, email: 'ed@company.example', role: 'editor', permissions: [...rolePermissions.editor] } })
  expect((await server.verify(token)).status).toBe(400)
  server.clock.offsetMs = 0
})

it('refuses an invitation past its days', async () => {
  expect((await api('/team', owner, { email: 'late@company.example', role: 'viewer' })).status).toBe(201)
  const token = await server.invitationToken('late@company.example')
  server.clock.offsetMs = linkLifetimesMs.teamInvitation + 60_000
  try {
    expect(await json(await server.verify(token))).toEqual({ status: 400, body: { ok: false, message: 'This sign-in link has expired or was already used. Ask for a new one.' } })
  } finally {
    server.clock.offsetMs = 0
  }
})

it('signs in any member by link, and answers a stranger the same with no mail', async () => {
  const ask = async (email: string) => json(await server.request(`${adminApiBase}/sign-in/request`, { method: 'POST', body: JSON.stringify({ email }) }))
  const member = await ask('ed@company.example')
  const stranger = await ask('stranger@company.example')
  expect(stranger).toEqual(member)
  expect(member.status).toBe(202)
  // Once the work after both replies has run, the member's link is asked for and the stranger's never was.
  await afterRepliesSettled()
  const token = tokenIn(await server.inbox.next('ed@company.example'))
  expect((await json(await server.verify(token))).body.role).toBe('editor')
  expect(server.inbox.mails.filter((mail) => mail.rcptTo.includes('stranger@company.example'))).toEqual([])
})

it('holds a change of role at the member’s next request, and a removal too, ending their sessions', async () => {
  const ed = await server.signIn('ed@company.example')
  expect((await api('/updates', ed)).status).toBe(200)
  expect((await api('/team/role', owner, { email: 'ed@company.example', role: 'viewer' })).status).toBe(200)
  expect(await json(await api('/updates', ed))).toEqual({
    status: 403,
    body: { ok: false, message: 'Your role, viewer, does not allow writing updates. An owner can change your role.' },
  })
  expect((await json(await api('/session', ed))).body).toMatchObject({ role: 'viewer', permissions: ['figures:read'] })
  expect((await api('/summary', ed)).status).toBe(200)
  // A link asked for before the removal is refused after it.
  await server.request(`${adminApiBase}/sign-in/request`, { method: 'POST', body: JSON.stringify({ email: 'ed@company.example' }) })
  const pending = tokenIn(await server.inbox.next('ed@company.example'))
  const removed = await json(await api('/team/remove', owner, { email: 'ed@company.example' }))
  expect(removed.status).toBe(200)
  expect(removed.body.members.map((member: TeamMember) => member.email)).not.toContain('ed@company.example')
  expect((await api('/summary', ed)).status).toBe(401)
  expect((await server.verify(pending)).status).toBe(400)
})

it('refuses to remove or demote an owner on ADMIN_EMAILS, saying where to change it', async () => {
  const refused = { status: 409, body: { ok: false, message: teamMessages.fromSettings } }
  expect(teamMessages.fromSettings).toContain('Edit ADMIN_EMAILS')
  expect(await json(await api('/team/remove', owner, { email: adminEmail }))).toEqual(refused)
  expect(await json(await api('/team/role', owner, { email: adminEmail.toUpperCase(), role: 'viewer' }))).toEqual(refused)
  expect(await json(await api('/team', owner, { email: 'x@company.example', role: 'admin' }))).toEqual({ status: 400, body: { ok: false, message: teamMessages.badRole } })
})

it('writes every change to the team in the audit log', async () => {
  const { body } = await json(await api('/audit', owner))
  const team = body.entries.filter((entry: { action: string }) => ['invite-member', 'change-role', 'remove-member'].includes(entry.action))
  expect(team.map(({ actor, action, detail }: { actor: string; action: string; detail: string }) => [actor, action, detail]).reverse()).toEqual([
    [adminEmail, 'invite-member', 'ed@company.example as editor'],
    [adminEmail, 'invite-member', 'late@company.example as viewer'],
    [adminEmail, 'change-role', 'ed@company.example: editor to viewer'],
    [adminEmail, 'remove-member', 'ed@company.example, viewer: their sessions ended'],
  ])
})

it('keeps the last owner an owner once ADMIN_EMAILS names nobody', async () => {
  const cat = await server.joinTeam(owner, 'cat@company.example', 'owner')
  const databaseUrl = server.databaseUrl
  await server.close()
  server = await startAdminServer({ databaseUrl, adminEmails: '' })
  // The owner the settings named is nobody's now; Cat, invited in the console, is the last owner.
  expect((await api('/session', owner)).status).toBe(401)
  const lastOwner = { status: 409, body: { ok: false, message: teamMessages.lastOwner } }
  expect(await json(await api('/team/role', cat, { email: 'cat@company.example', role: 'viewer' }))).toEqual(lastOwner)
  expect(await json(await api('/team/remove', cat, { email: 'cat@company.example' }))).toEqual(lastOwner)
  const { body } = await json(await api('/team', cat))
  expect(body.members.map((member: TeamMember) => [member.email, member.role])).toEqual([
    ['cat@company.example', 'owner'],
    ['late@company.example', 'viewer'],
  ])
})
