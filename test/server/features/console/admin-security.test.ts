// @vitest-environment node
// The console's API against a real server, SMTP inbox and database on each engine (a SQLite file, and a
// throwaway PostgreSQL cluster this file starts): the ways in that must stay shut.
import { request } from 'node:http'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { startAdminServer as startOn, adminEmail, type AdminTestServer } from '../../admin-harness'
import { newSecret } from '../../../../server/platform/secrets/tokens'
import { linkIn } from '../../../../tools/smtp-inbox'
import { permissions } from '../../../../shared/team'

const dataRoutes = ['/api/admin/session', '/api/admin/summary', '/api/admin/signups', '/api/admin/signups?search=ann', '/api/admin/signups.csv', '/api/admin/audit']
describe.each(eachEngine())('on $engine', (engine: EngineUnderTest) => {
  let server: AdminTestServer
  const startAdminServer = async (options: Parameters<typeof startOn>[0] = {}) => startOn({ ...options, databaseUrl: await engine.newDatabase() })

  beforeAll(() => engine.setup(), 60_000)
  afterAll(() => engine.teardown())
  beforeEach(async () => {
    server = await startAdminServer()
    await server.store.add({ email: 'ann@example.com', emailNormalized: 'ann@example.com', firstName: 'Ann', source: 'home', submissionId: null })
  })
  afterEach(async () => {
    await server.close()
  })

  const post = (path: string, body: unknown, init: RequestInit & { cookie?: string } = {}) =>
    server.request(path, { method: 'POST', body: JSON.stringify(body), ...init })
  const tokenOf = (link: string) => new URL(link).hash.slice('#token='.length)
  const verify = (token: string) => post('/api/admin/sign-in/verify', { token })

  describe('without a valid session', () => {
    it.each(dataRoutes)('GET %s is 401 with no data', async (path) => {
      for (const cookie of [undefined, 'stride_admin=', `stride_admin=${newSecret()}`, 'stride_admin=../../etc', `__Host-stride_admin=${newSecret()}`]) {
        const response = await server.request(path, { cookie })
        expect(response.status).toBe(401)
        const text = await response.text()
        expect(text).not.toContain('ann@example.com')
        expect(JSON.parse(text)).toEqual({ ok: false, message: 'Please sign in.' })
      }
    })

    it('cannot erase or sign out', async () => {
      const [signups] = await Promise.all([server.adminStore.searchSignups({ search: '', sort: 'createdAt', direction: 'asc', page: 1, pageSize: 10 })])
      const id = signups.rows[0]!.id
      expect((await post(`/api/admin/signups/${id}/erase`, {})).status).toBe(401)
      expect((await post('/api/admin/sign-out', {})).status).toBe(401)
      expect((await server.adminStore.searchSignups({ search: '', sort: 'createdAt', direction: 'asc', page: 1, pageSize: 10 })).total).toBe(1)
    })
  })

  describe('asking for a sign-in link', () => {
    it('answers the same for a listed and an unlisted address, and mails only the listed one', async () => {
      const listed = await post('/api/admin/sign-in/request', { email: ` ${adminEmail.toUpperCase()} ` })
      const unlisted = await post('/api/admin/sign-in/request', { email: 'stranger@company.example' })
      expect(listed.status).toBe(202)
      expect(unlisted.status).toBe(unlisted.status)
      expect(await listed.text()).toBe(await unlisted.text())
      expect([...listed.headers.keys()].sort()).toEqual([...unlisted.headers.keys()].sort())
      const mail = await server.inbox.next(adminEmail)
      expect(mail.subject).toMatch(/sign-in link/)
      expect(linkIn(mail)).toMatch(new RegExp(`^${server.origin}/admin/sign-in#token=[A-Za-z0-9_-]{43}$`))
      await expect(server.inbox.next('stranger@company.example', 500)).rejects.toThrow(/no mail/)
    })

    it('builds the link from PUBLIC_URL, never from a forged Host header', async () => {
      // fetch will not forge Host; node:http will.
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const body = JSON.stringify({ email: adminEmail })
        const forged = request(`${server.origin}/api/admin/sign-in/request`, {
          method: 'POST',
          headers: { host: 'evil.example', origin: 'http://evil.example', 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        })
        forged.once('response', (response) => (response.resume(), resolve(response.statusCode)))
        forged.once('error', reject)
        forged.end(body)
      })
      expect(status).toBe(202)
      expect(linkIn(await server.inbox.next(adminEmail))).toMatch(new RegExp(`^${server.origin}/`))
    })

    it('reads no more than 2 KB of a request body', async () => {
      const response = await post('/api/admin/sign-in/request', { email: adminEmail, padding: 'x'.repeat(1_000_000) })
      expect(response.status).toBe(400)
      await expect(server.inbox.next(adminEmail, 300)).rejects.toThrow(/no mail/)
    })

    it('refuses an address that is not one', async () => {
      const response = await post('/api/admin/sign-in/request', { email: 'nope' })
      expect(response.status).toBe(400)
    })

    it('is rate limited per client', async () => {
      await server.close()
      server = await startAdminServer({ signInRateLimit: { max: 3, windowMs: 60_000 } })
      const statuses = []
      for (let attempt = 0; attempt < 5; attempt++) statuses.push((await post('/api/admin/sign-in/request', { email: `x${attempt}@company.example` })).status)
      expect(statuses).toEqual([202, 202, 202, 429, 429])
      const verifies = []
      for (let attempt = 0; attempt < 5; attempt++) verifies.push((await verify(newSecret())).status)
      expect(verifies).toEqual([400, 400, 400, 429, 429])
    })
  })

  describe('using a sign-in link', () => {
    async function mailedToken() {
      await post('/api/admin/sign-in/request', { email: adminEmail })
      return tokenOf(linkIn(await server.inbox.next(adminEmail)))
    }

    it('signs in once, with an HttpOnly SameSite=Strict cookie for 12 hours; the same link again is refused', async () => {
      const token = await mailedToken()
      const first = await verify(token)
      expect(first.status).toBe(200)
      expect(await first.json()).toEqual({ ok: true, email: adminEmail, role: 'owner', permissions: [...permissions] })
      const cookie = first.headers.get('set-cookie')!
      expect(cookie).toMatch(/^stride_admin=[A-Za-z0-9_-]{43};/)
      expect(cookie).toMatch(/HttpOnly/)
      expect(cookie).toMatch(/SameSite=Strict/)
      expect(cookie).toMatch(/Path=\//)
      expect(cookie).toMatch(/Max-Age=43200/)
      expect(cookie).not.toMatch(/Secure/) // plain http on 127.0.0.1; see the HTTPS case below
      const again = await verify(token)
      expect(again.status).toBe(400)
      expect(again.headers.get('set-cookie')).toBeNull()
    })

    it('refuses a link after 15 minutes', async () => {
      const token = await mailedToken()
      server.clock.offsetMs = 15 * 60_000 + 1000
      expect((await verify(token)).status).toBe(400)
    })

    it('refuses forged and malformed tokens', async () => {
      await mailedToken()
      for (const token of [newSecret(), '', 'a'.repeat(43), 'x', 42, null, "' OR 1=1 --"]) {
        const response = await verify(token as string)
        expect(response.status).toBe(400)
        expect(response.headers.get('set-cookie')).toBeNull()
      }
      expect((await post('/api/admin/sign-in/verify', 'not json')).status).toBe(400)
    })

    it('is refused from another origin, or with no Origin at all', async () => {
      const other = await mailedToken()
      expect((await post('/api/admin/sign-in/verify', { token: other }, { headers: { origin: 'https://evil.example' } })).status).toBe(403)
      expect((await fetch(`${server.origin}/api/admin/sign-in/verify`, { method: 'POST', body: JSON.stringify({ token: other }) })).status).toBe(403)
      expect((await verify(other)).status).toBe(200) // the refused attempts did not use it up
    })

    it('over HTTPS behind a trusted proxy the cookie is Secure with the __Host- prefix, and only that name counts', async () => {
      await server.close()
      server = await startAdminServer({ trustedProxies: 1 })
      const second = await mailedToken()
      const https = await post('/api/admin/sign-in/verify', { token: second }, { headers: { 'x-forwarded-proto': 'https' } })
      const cookie = https.headers.get('set-cookie')!
      expect(cookie).toMatch(/^__Host-stride_admin=/)
      expect(cookie).toMatch(/Secure/)
      expect(cookie).toMatch(/Path=\//)
      expect(cookie).not.toMatch(/Domain=/)
      const value = cookie.split(';')[0]!.split('=')[1]
      expect((await server.request('/api/admin/session', { cookie: `__Host-stride_admin=${value}`, headers: { 'x-forwarded-proto': 'https' } })).status).toBe(200)
      expect((await server.request('/api/admin/session', { cookie: `stride_admin=${value}`, headers: { 'x-forwarded-proto': 'https' } })).status).toBe(401)
    })
  })

  describe('a session', () => {
    it('ends after 12 hours', async () => {
      const cookie = await server.signIn()
      expect((await server.request('/api/admin/session', { cookie })).status).toBe(200)
      server.clock.offsetMs = 12 * 60 * 60_000 + 1000
      expect((await server.request('/api/admin/session', { cookie })).status).toBe(401)
    })

    it('ends on sign-out, on the server: the old cookie is refused afterwards', async () => {
      const cookie = await server.signIn()
      const out = await server.request('/api/admin/sign-out', { method: 'POST', cookie })
      expect(out.status).toBe(200)
      expect(out.headers.get('set-cookie')).toMatch(/^stride_admin=;.*Max-Age=0/)
      for (const path of dataRoutes) expect((await server.request(path, { cookie })).status).toBe(401)
    })

    it('refuses state-changing requests from another origin even with the cookie', async () => {
      const cookie = await server.signIn()
      const { rows } = await server.adminStore.searchSignups({ search: '', sort: 'createdAt', direction: 'asc', page: 1, pageSize: 10 })
      for (const origin of ['https://evil.example', 'null', `${server.origin}.evil.example`, 'http://127.0.0.1:1']) {
        const erase = await server.request(`/api/admin/signups/${rows[0]!.id}/erase`, { method: 'POST', cookie, headers: { origin } })
        expect(erase.status).toBe(403)
        expect(erase.headers.get('access-control-allow-origin')).toBeNull()
        expect((await server.request('/api/admin/sign-out', { method: 'POST', cookie, headers: { origin } })).status).toBe(403)
      }
      expect((await server.request('/api/admin/session', { cookie })).status).toBe(200)
      expect((await server.adminStore.searchSignups({ search: '', sort: 'createdAt', direction: 'asc', page: 1, pageSize: 10 })).total).toBe(1)
    })

    it('refuses them even when ALLOWED_ORIGINS lets every site post signups', async () => {
      await server.close()
      server = await startAdminServer({ allowedOrigins: { any: true, origins: new Set() } })
      const cookie = await server.signIn()
      expect((await server.request('/api/admin/sign-out', { method: 'POST', cookie, headers: { origin: 'https://evil.example' } })).status).toBe(403)
      const read = await server.request('/api/admin/session', { cookie, headers: { origin: 'https://evil.example' } })
      expect(read.headers.get('access-control-allow-origin')).toBeNull()
    })

    it('ends for an address taken off ADMIN_EMAILS (the server restarted with the new list)', async () => {
      const cookie = await server.signIn('second@company.example')
      const databaseUrl = server.databaseUrl
      await server.close()
      server = await startOn({ databaseUrl, adminEmails: adminEmail })
      expect((await server.request('/api/admin/session', { cookie })).status).toBe(401)
    })

    it('belongs to the address that signed in, one session per sign-in', async () => {
      const first = await server.signIn()
      const second = await server.signIn('second@company.example')
      expect(first).not.toBe(second)
      expect(await (await server.request('/api/admin/session', { cookie: second })).json()).toEqual({ ok: true, email: 'second@company.example', role: 'owner', permissions: [...permissions] })
    })
  })
})
