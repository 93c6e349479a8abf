// @vitest-environment node
// Every console route as every role, and with no session, generated from the route table
// (shared/console-routes.ts), against a real server on either engine whose team joined through the console's own
// invitations (issue 46): no session is 401; a role without the route's permission is 403 with words naming the role
// and what it may not do; a role with it is neither; and a member who may not read people (a sender, an editor, a
// viewer) gets no address in any reply but their own, over a list with people next in line, a wave and a pace
// started and an update written by an owner. Then the app itself: every route Hono mounted under /api/admin is a line
// of the table with its check in front, and every line is mounted, so a route added without a permission fails here.
import { adminApiBase } from '../../../../shared/console-api'
import { consoleRoutes, pathOf, type ConsoleRoute, type ConsoleRouteName } from '../../../../shared/console-routes'
import { canonicalAddress } from '../../../../shared/mailbox'
import { can, roles, type Role } from '../../../../shared/team'
import { isRouteCheck } from '../../../../server/platform/console/console-route'
import { featureMigrations } from '../../../../server/feature-migrations'
import { openDatabase } from '../../../../server/platform/database/open'
import { saveLinkTokens } from '../../../../server/platform/secrets/link-tokens'
import { hashSecret, newSecret } from '../../../../server/platform/secrets/tokens'
import { noConsentRecord } from '../../../../server/features/signup/validate'
import { composeForTests } from '../../../../tools/open-store'
import { adminEmail, startAdminServer, type AdminTestServer } from '../../admin-harness'
import { freshDatabase, makeTempDir, validSignup } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

const routeNames = Object.keys(consoleRoutes) as ConsoleRouteName[]
const memberOf = (role: Role) => `${role}@company.example`
/** Any address in a reply: what a member without people:read must never be sent, but for their own. */
const addressPattern = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g
const addressesIn = (text: string) => text.match(addressPattern) ?? []

// Each route is called with ids no row has (nothing is changed or erased), an empty JSON object as the body of a
// change, and the query its reply needs to carry rows. Signing out comes last: it ends the session it is called with.
const queries: Partial<Record<ConsoleRouteName, string>> = { nextUp: '?count=2', analyticsCsv: '?table=sources' }
const inOrder = [...routeNames.filter((name) => name !== 'signOut'), 'signOut' as const]
const call = (server: AdminTestServer, name: ConsoleRouteName, cookie?: string) => {
  const route: ConsoleRoute = consoleRoutes[name]
  const path = `${adminApiBase}${pathOf(route, { id: 999_999, friendId: 999_999 })}${queries[name] ?? ''}`
  return server.request(path, { method: route.method, cookie, ...(route.method === 'GET' ? {} : { body: '{}' }) })
}

describe('every console route, as every role and with no session', () => {
  let server: AdminTestServer
  const cookies = new Map<Role, string>()

  beforeAll(async () => {
    server = await startAdminServer({ adminEmails: adminEmail, inviteUrl: 'https://testflight.apple.com/join/Stride01' })
    // Three people confirmed and waiting in line, whose addresses /waves/next would show.
    for (const name of ['ada', 'ben', 'cleo']) {
      const email = `${name}@example.com`
      await server.store.add({ ...validSignup, email, firstName: name, emailNormalized: canonicalAddress(email)!, submissionId: null, consent: noConsentRecord })
      await server.store.settled()
      const { id } = await server.store.database.db.selectFrom('signups').select('id').where('email_normalized', '=', email).executeTakeFirstOrThrow()
      const secret = newSecret()
      await saveLinkTokens(server.store.database.db, [{ hash: hashSecret(secret), purpose: 'confirm', personId: id, expiresAt: new Date(Date.now() + 3_600_000) }])
      await server.store.consent.useToken('confirm', hashSecret(secret), new Date())
    }
    // The owner starts a wave of one and a daily pace, and writes an update: replies that name the owner.
    const owner = await server.signIn()
    const post = (path: string, body: unknown) => server.request(`${adminApiBase}${path}`, { method: 'POST', cookie: owner, body: JSON.stringify(body) })
    const next = await (await server.request(`${adminApiBase}/waves/next?count=1`, { cookie: owner })).json()
    expect((await post('/waves', { count: 1, firstId: next.people[0].id })).status).toBe(200)
    expect((await post('/pace', { perDay: 1, atUtc: '09:00' })).status).toBe(200)
    expect((await post('/updates', { subject: 'News', preheader: 'What is new', body: 'We are nearly there.' })).status).toBe(201)
    cookies.set('owner', owner)
    for (const role of roles.filter((role) => role !== 'owner')) cookies.set(role, await server.joinTeam(owner, memberOf(role), role))
  }, 120_000)
  afterAll(async () => {
    await server?.close()
  })

  it('refuses every route but the two of signing in without a session, 401 with no data', async () => {
    for (const name of inOrder) {
      const response = await call(server, name)
      if (consoleRoutes[name].permission === 'open') expect(response.status, name).not.toBe(401)
      else {
        expect(response.status, name).toBe(401)
        expect(await response.json(), name).toEqual({ ok: false, message: 'Please sign in.' })
      }
    }
  })

  it.each(roles)('gives the %s exactly what the role allows, in words where it does not', async (role) => {
    for (const name of inOrder) {
      const { permission } = consoleRoutes[name]
      if (permission === 'open') continue
      const response = await call(server, name, cookies.get(role))
      const text = await response.text()
      if (permission !== null && !can(role, permission)) {
        expect(response.status, name).toBe(403)
        expect(JSON.parse(text), name).toEqual({ ok: false, message: expect.stringMatching(new RegExp(`^Your role, ${role}, does not allow \\w.+\\. An owner can change your role\\.$`)) })
      } else expect([401, 403], `${name}: ${text}`).not.toContain(response.status)
      if (!can(role, 'people:read')) expect(addressesIn(text).filter((address) => address !== memberOf(role)), `${name} as ${role}`).toEqual([])
    }
  })

  it('shows the addresses those replies carry to a member who may read people', async () => {
    // A new session: the owner's signed out above.
    const owner = await server.signIn()
    const read = async (path: string) => (await server.request(`${adminApiBase}${path}`, { cookie: owner })).text()
    expect(addressesIn(await read('/waves/next?count=2'))).toEqual(['ben@example.com', 'cleo@example.com'])
    expect(addressesIn(await read('/waves'))).toContain(adminEmail)
    expect(addressesIn(await read('/updates'))).toContain(adminEmail)
  })
})

it('mounts every line of the route table, each behind its check, and no console route that is not in it', async () => {
  const temp = await makeTempDir()
  const database = await openDatabase(await freshDatabase(temp.dir), { migrations: featureMigrations })
  const { composition, stores } = composeForTests(database, { adminEmails: adminEmail })
  try {
    const mounted = new Map<string, unknown[]>()
    for (const { method, path, handler } of composition.app.routes)
      if (method !== 'ALL' && path.startsWith(`${adminApiBase}/`)) mounted.set(`${method} ${path}`, [...(mounted.get(`${method} ${path}`) ?? []), handler])
    const table = routeNames.map((name) => `${consoleRoutes[name].method} ${adminApiBase}${consoleRoutes[name].path}`)
    expect([...mounted.keys()].sort()).toEqual([...table].sort())
    for (const [route, handlers] of mounted) expect(handlers.some(isRouteCheck), route).toBe(true)
  } finally {
    await stores.close()
    await temp.remove()
  }
})
