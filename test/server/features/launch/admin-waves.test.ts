// @vitest-environment node
// Invitations in waves (issue 22) as the team and the invitee meet them, against a real server on each engine
// with real SMTP: a signed-in team member sees who is next, starts a wave from that preview (a stale preview
// invites nobody), the invitation arrives by SMTP, its page only reads, its button claims once and goes on to
// INVITE_URL, and the funnel, the CSV, the pace and the audit log say what happened. Without INVITE_URL, waves
// are refused and the page says invitations are not open yet.
import { hashSecret, newSecret } from '../../../../server/platform/secrets/tokens'
import type { OutboxSender } from '../../../../server/platform/outbox/outbox-sender'
import { noConsentRecord } from '../../../../server/features/signup/validate'
import { canonicalAddress } from '../../../../shared/mailbox'
import type { WavesOverview } from '../../../../shared/launch-rows'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { adminEmail, startAdminServer, type AdminTestServer } from '../../admin-harness'
import { invitationSubject } from '../../../../server/features/launch/invitation-email'
import { validSignup } from '../../harness'
import { saveLinkTokens } from '../../../../server/platform/secrets/link-tokens'

const inviteUrl = 'https://testflight.apple.com/join/Stride01'
const people = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eli']
const emailOf = (name: string) => `${name.toLowerCase()}@example.com`

describe.each(eachEngine())('invitations in the console on $engine', (engine: EngineUnderTest) => {
  let server: AdminTestServer
  let sender: OutboxSender
  let cookie: string

  const idOf = async (email: string) =>
    (await server.store.database.db.selectFrom('signups').select('id').where('email_normalized', '=', canonicalAddress(email)!).executeTakeFirstOrThrow()).id
  const statusOf = async (email: string) =>
    (await server.store.database.db.selectFrom('signups').select('status').where('email_normalized', '=', canonicalAddress(email)!).executeTakeFirstOrThrow()).status
  const getJson = async (path: string) => {
    const response = await server.request(path, { cookie })
    expect(response.status, path).toBe(200)
    return response.json()
  }
  const post = (path: string, body: unknown, init: { cookie?: string; headers?: Record<string, string> } = { cookie }) =>
    server.request(`/api/admin${path}`, { method: 'POST', body: JSON.stringify(body), ...init })
  /** The claim link in the invitation that reached this person's mailbox over SMTP. */
  const invitationLink = async (email: string) => {
    for (;;) {
      const mail = await server.inbox.next(email, 15_000)
      if (mail.subject === invitationSubject) {
        const link = /https?:\/\/\S+\/waitlist\/invite\?token=[\w-]+/.exec(mail.text ?? '')?.[0]
        expect(link, 'the plain-text part carries the claim link').toBeDefined()
        expect(mail.html).toContain(link!.replace(/&/g, '&amp;'))
        return new URL(link!)
      }
    }
  }

  beforeAll(async () => {
    await engine.setup()
    server = await startAdminServer({ databaseUrl: await engine.newDatabase(), inviteUrl })
    // The server's own sender, into its inbox, without the per-inbox budget: what is tested here is the waves.
    sender = await server.store.startSender({ pollMs: 200, budget: undefined })
    for (const name of people) {
      await server.store.add({ ...validSignup, email: emailOf(name), firstName: name, emailNormalized: canonicalAddress(emailOf(name))!, submissionId: null, consent: noConsentRecord })
      await server.store.settled()
      const secret = newSecret()
      await saveLinkTokens(server.store.database.db, [{ hash: hashSecret(secret), purpose: 'confirm', personId: await idOf(emailOf(name)), expiresAt: new Date(Date.now() + 3_600_000) }])
      await server.store.consent.useToken('confirm', hashSecret(secret), new Date())
    }
    cookie = await server.signIn()
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    await engine.teardown()
  })

  it('shows who is next, then invites exactly them; a second tab’s stale preview invites nobody', async () => {
    const overview: WavesOverview = await getJson('/api/admin/waves')
    expect(overview).toMatchObject({ ready: true, waiting: 5, waves: [], pace: null, lifetimeDays: 14 })
    const preview = await getJson('/api/admin/waves/next?count=2')
    expect(preview.people.map((person: { firstName: string; place: number }) => [person.firstName, person.place])).toEqual([
      ['Ada', 1],
      ['Ben', 2],
    ])
    expect(preview).toMatchObject({ count: 2, waiting: 5 })

    const first = preview.people[0].id
    const started = await post('/waves', { count: 2, firstId: first })
    expect(started.status).toBe(200)
    expect((await started.json()).wave).toMatchObject({ kind: 'next', startedBy: adminEmail, funnel: { invited: 2 } })
    // The second tab saw the same preview: the list has moved on since.
    const stale = await post('/waves', { count: 2, firstId: first })
    expect(stale.status).toBe(409)
    expect(await stale.json()).toMatchObject({ ok: false, code: 'list-changed' })
    expect(await Promise.all(people.map((name) => statusOf(emailOf(name))))).toEqual(['invited', 'invited', 'confirmed', 'confirmed', 'confirmed'])
    expect((await getJson('/api/admin/waves/next?count=10')).people.map((person: { place: number }) => person.place)).toEqual([1, 2, 3])
  })

  it('mails the invitation; its page only reads; its button claims once and shows the activation code and the way on to INVITE_URL', async () => {
    const link = await invitationLink(emailOf('Ada'))
    // A mail scanner opens it: the page, and nothing changes.
    for (let open = 0; open < 3; open++) {
      const page = await server.request(link.pathname + link.search)
      expect(page.status).toBe(200)
      expect(page.headers.get('x-robots-tag')).toContain('noindex')
      expect(page.headers.get('content-security-policy')).toContain(`form-action 'self';`)
      const html = await page.text()
      expect(html).toContain('Ada')
      const form = /<form[^>]*>/.exec(html)?.[0]
      expect(form).toContain('method="post"')
      expect(form).toContain('action="/waitlist/invite"')
      expect(html).toContain(`name="token" value="${link.searchParams.get('token')}"`)
    }
    expect(await statusOf(emailOf('Ada'))).toBe('invited')

    const token = link.searchParams.get('token')!
    const claim = () => server.request('/waitlist/invite', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `token=${token}` })
    const claimed = await claim()
    expect(claimed.status).toBe(200)
    expect(claimed.headers.get('cache-control')).toBe('no-store')
    const claimedPage = await claimed.text()
    expect(claimedPage).toMatch(/<p class="code" id="activation-code">[0-9A-Z]{4}(-[0-9A-Z]{4}){3}<\/p>/)
    expect(claimedPage).toContain(`href="${inviteUrl}"`)
    expect(await statusOf(emailOf('Ada'))).toBe('claimed')
    const again = await claim()
    expect(again.status).toBe(404)
    const unknown = await server.request(`/waitlist/invite?token=${newSecret()}`)
    // A used link and a link nobody ever had get the same page.
    expect(await unknown.text()).toBe(await again.text())
    expect((await server.request(link.pathname + link.search)).status).toBe(404)
    // Lost the page it went on to? Ada's private page from the welcome email says she is in, with the way on.
    const secret = newSecret()
    await saveLinkTokens(server.store.database.db, [{ hash: hashSecret(secret), purpose: 'place', personId: await idOf(emailOf('Ada')), expiresAt: new Date(Date.now() + 3_600_000) }])
    const yours = await (await server.request(`/waitlist/place?token=${secret}`)).text()
    expect(yours).toContain(`<a href="${inviteUrl}">Continue to early access</a>`)
  })

  it('counts the wave’s funnel in the console and its CSV, and audits who did what', async () => {
    await invitationLink(emailOf('Ben'))
    await sender.idle()
    const overview: WavesOverview = await getJson('/api/admin/waves')
    expect(overview.waves).toHaveLength(1)
    expect(overview.waves[0]!.funnel).toEqual({ invited: 2, delivered: 2, reminded: 0, claimed: 1, expired: 0, unsubscribed: 0, erased: 0 })
    expect(overview.total).toEqual(overview.waves[0]!.funnel)
    const { totals } = await getJson('/api/admin/summary')
    expect(totals).toMatchObject({ all: 5, confirmed: 3, invited: 1, claimed: 1, expired: 0 })
    const csv = await (await server.request('/api/admin/waves.csv', { cookie })).text()
    const [header, wave, total] = csv.trim().split('\r\n')
    expect(header).toBe(
      'wave,kind,started_by,started_at,invited,delivered,reminded,claimed,expired,unsubscribed,erased,' +
        'delivered_rate,reminded_rate,claimed_rate,expired_rate,unsubscribed_rate,erased_rate',
    )
    expect(wave).toMatch(new RegExp(`^${overview.waves[0]!.id},next,${adminEmail.replace('.', '\\.')},[^,]+,2,2,0,1,0,0,0,1\\.000,0\\.000,0\\.500,0\\.000,0\\.000,0\\.000$`))
    expect(total).toMatch(/^total,,,,2,2,0,1,0,0,0,1\.000,0\.000,0\.500,0\.000,0\.000,0\.000$/)
    const { entries } = await getJson('/api/admin/audit')
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(expect.arrayContaining(['start-wave', 'export']))
  })

  it('keeps a daily pace the team can set and stop, and refuses what it cannot read', async () => {
    expect((await post('/pace', { perDay: 0, atUtc: '09:00' })).status).toBe(400)
    expect((await post('/pace', { perDay: 5, atUtc: '9am' })).status).toBe(400)
    const set = await post('/pace', { perDay: 2, atUtc: '09:30' })
    expect(set.status).toBe(200)
    expect((await getJson('/api/admin/waves')).pace).toMatchObject({ perDay: 2, atUtc: '09:30', startedBy: adminEmail })
    expect((await post('/pace/stop', {})).status).toBe(200)
    expect(await getJson('/api/admin/waves')).toMatchObject({ pace: null, paceEnded: { reason: 'stopped' } })
    expect((await post('/pace/stop', {})).status).toBe(404)
    expect((await post('/waves', { count: 'all', firstId: 1 })).status).toBe(400)
    // Without a session, or from another origin, nothing moves.
    expect((await post('/waves', { count: 1, firstId: 1 }, {})).status).toBe(401)
    expect((await post('/waves', { count: 1, firstId: 1 }, { cookie, headers: { origin: 'https://evil.example' } })).status).toBe(403)
    expect(await statusOf(emailOf('Cleo'))).toBe('confirmed')
  })
})

describe('invitations before INVITE_URL is set', () => {
  let server: AdminTestServer
  beforeAll(async () => {
    server = await startAdminServer()
  })
  afterAll(() => server.close())

  it('refuses waves and paces, and the link says invitations are not open yet without using it up', async () => {
    const cookie = await server.signIn()
    expect(await (await server.request('/api/admin/waves', { cookie })).json()).toMatchObject({ ready: false })
    const refused = await server.request('/api/admin/waves', { method: 'POST', cookie, body: JSON.stringify({ count: 1, firstId: 1 }) })
    expect(refused.status).toBe(503)
    expect(await refused.json()).toMatchObject({ code: 'not-ready', message: expect.stringContaining('INVITE_URL') })
    expect((await server.request('/api/admin/pace', { method: 'POST', cookie, body: JSON.stringify({ perDay: 1, atUtc: '09:00' }) })).status).toBe(503)
    const page = await server.request(`/waitlist/invite?token=${newSecret()}`)
    expect(page.status).toBe(503)
    expect(await page.text()).toMatch(/not open yet/i)
  })
})
