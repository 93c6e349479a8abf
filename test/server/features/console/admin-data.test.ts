// @vitest-environment node
// What a signed-in team member reads and does through the console's API, against a real server on each
// storage engine: a SQLite file, and a throwaway PostgreSQL cluster this file starts and removes.
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { startAdminServer, adminEmail, type AdminTestServer } from '../../admin-harness'

const people = [
  { email: 'ann@example.com', firstName: 'Ann', source: 'home', daysAgo: 0 },
  { email: 'bob@example.com', firstName: 'Bob', source: 'home', daysAgo: 0 },
  { email: 'cleo@example.org', firstName: 'Cleo', source: 'knee', daysAgo: 3 },
  { email: 'dan@example.net', firstName: '=HYPERLINK("http://x")', source: 'home', daysAgo: 89 },
  { email: 'old@example.com', firstName: 'Olde', source: 'about', daysAgo: 120 },
]
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString()

describe.each(eachEngine())('the console API on $engine', (engine: EngineUnderTest) => {
  let server: AdminTestServer
  let cookie: string

  beforeAll(async () => {
    await engine.setup()
    server = await startAdminServer({ databaseUrl: await engine.newDatabase() })
    for (const person of people)
      await server.store.add({ email: person.email, emailNormalized: person.email, firstName: person.firstName, source: person.source, submissionId: null })
    // Back-date the rows, as if they had arrived over the last months (test data, so inlined literals).
    for (const person of people) await engine.query(server.databaseUrl, `UPDATE signups SET created_at = '${day(person.daysAgo)}' WHERE email = '${person.email}'`)
    await engine.query(server.databaseUrl, "UPDATE signups SET status = 'confirmed' WHERE email = 'cleo@example.org'")
    await engine.query(server.databaseUrl, "UPDATE signups SET status = 'unsubscribed' WHERE email = 'dan@example.net'")
    cookie = await server.signIn()
  }, 60_000)
  afterAll(async () => {
    await server?.close()
    await engine.teardown()
  })

  const getJson = async (path: string) => {
    const response = await server.request(path, { cookie })
    expect(response.status).toBe(200)
    return response.json()
  }

  describe('reads and erasures', () => {
    it('sums up totals, the last 90 days day by day, and signups by source', async () => {
      const summary = await getJson('/api/admin/summary')
      expect(summary.totals).toEqual({ all: 5, pending: 3, confirmed: 1, invited: 0, claimed: 0, expired: 0, unsubscribed: 1 })
      expect(summary.perDay).toHaveLength(90)
      expect(summary.perDay.at(-1)).toEqual({ day: day(0).slice(0, 10), count: 2 })
      expect(summary.perDay.find((entry: { day: string }) => entry.day === day(3).slice(0, 10)).count).toBe(1)
      expect(summary.perDay.reduce((sum: number, entry: { count: number }) => sum + entry.count, 0)).toBe(4) // 120 days ago is outside
      expect(summary.bySource).toEqual([
        { source: 'home', count: 3 },
        { source: 'about', count: 1 },
        { source: 'knee', count: 1 },
      ])
      expect(summary.referrals).toMatchObject({ credited: 0, held: 0, refused: 0 })
      expect(summary.referrals.perDay).toHaveLength(90)
    })

    it('searches by email or name, pages and sorts on the server', async () => {
      const byName = await getJson('/api/admin/signups?search=cle')
      expect(byName.total).toBe(1)
      expect(byName.rows[0]).toMatchObject({ email: 'cleo@example.org', firstName: 'Cleo', source: 'knee', place: null, credits: 0, heldReferrals: 0, referredBy: null })
      expect((await getJson('/api/admin/signups?search=EXAMPLE.COM')).total).toBe(3)
      expect((await getJson('/api/admin/signups?search=%25')).total).toBe(0) // % is a character, not a wildcard
      const page1 = await getJson('/api/admin/signups?sort=email&direction=asc&pageSize=2&page=1')
      const page3 = await getJson('/api/admin/signups?sort=email&direction=asc&pageSize=2&page=3')
      expect(page1.rows.map((row: { email: string }) => row.email)).toEqual(['ann@example.com', 'bob@example.com'])
      expect(page3.rows.map((row: { email: string }) => row.email)).toEqual(['old@example.com'])
      expect(page1.total).toBe(5)
      const newest = await getJson('/api/admin/signups?sort=createdAt&direction=desc')
      expect(newest.rows.map((row: { email: string }) => row.email)).toEqual(['bob@example.com', 'ann@example.com', 'cleo@example.org', 'dan@example.net', 'old@example.com'])
      expect((await getJson('/api/admin/signups?sort=nonsense;DROP TABLE signups')).rows).toHaveLength(5)
    })

    it('downloads everything or the current search as formula-safe CSV', async () => {
      const all = await server.request('/api/admin/signups.csv', { cookie })
      expect(all.headers.get('content-type')).toMatch(/^text\/csv/)
      expect(all.headers.get('content-disposition')).toMatch(/^attachment; filename="waitlist-\d{4}-\d{2}-\d{2}\.csv"$/)
      const lines = (await all.text()).trimEnd().split('\r\n')
      expect(lines[0]).toBe(
        'created_at,email,first_name,source,status,consent_version,confirmed_at,unsubscribed_at,news_consent_version,news_given_at,news_withdrawn_at,utm_source,utm_medium,utm_campaign,referrer_origin,place,referral_credits,held_referrals,referred_by',
      )
      // Nobody here confirmed through a link, so no place (admin-referrals.test.ts has the line's columns filled).
      expect(lines.find((line) => line.includes('ann@'))).toMatch(/,,0,0,$/)
      expect(lines.find((line) => line.includes('ann@'))).toMatch(/^[\d-]+T[\d:.]+Z,ann@example\.com,[^,]*,[^,]*,pending,/)
      expect(lines).toHaveLength(6)
      expect(lines.find((line) => line.includes('dan@'))).toContain(`"'=HYPERLINK(""http://x"")"`)
      const search = await (await server.request('/api/admin/signups.csv?search=bob', { cookie })).text()
      expect(search.trimEnd().split('\r\n')).toHaveLength(2)
      expect(search).toContain('bob@example.com')
    })

    it('erases a person from every view and export, and a second erase finds nobody', async () => {
      const { rows } = await getJson('/api/admin/signups?search=bob')
      const erased = await server.request(`/api/admin/signups/${rows[0].id}/erase`, { method: 'POST', cookie })
      expect(erased.status).toBe(200)
      expect((await getJson('/api/admin/signups?search=bob')).total).toBe(0)
      expect((await getJson('/api/admin/summary')).totals.all).toBe(4)
      expect(await (await server.request('/api/admin/signups.csv', { cookie })).text()).not.toContain('bob@')
      expect((await server.request(`/api/admin/signups/${rows[0].id}/erase`, { method: 'POST', cookie })).status).toBe(404)
      expect((await server.request('/api/admin/signups/abc/erase', { method: 'POST', cookie })).status).toBe(400)
    })

    it('keeps an audit log of sign-ins, exports and erasures, naming who and when but never the erased person', async () => {
      const { entries } = await getJson('/api/admin/audit')
      const actions = entries.map((entry: { action: string }) => entry.action).reverse()
      expect(actions).toEqual(['sign-in', 'export', 'export', 'erase', 'export'])
      for (const entry of entries) {
        expect(entry.actor).toBe(adminEmail)
        expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000)
      }
      expect(JSON.stringify(entries)).not.toContain('bob')
    })

    it('pages the audit log by keyset, newest first, to its oldest entry (issue 35)', async () => {
      const before = (await getJson('/api/admin/audit')).entries.length
      for (let index = 0; index < 60; index++) await server.adminStore.audit(adminEmail, 'export', `paged #${index}`)
      const first = await getJson('/api/admin/audit')
      expect(first.entries).toHaveLength(50)
      expect(first.entries[0].detail).toBe('paged #59')
      expect(first.older).toMatch(/^\d+$/)
      const second = await getJson(`/api/admin/audit?before=${first.older}`)
      expect(second.entries).toHaveLength(10 + before)
      expect(second.entries[0].detail).toBe('paged #9')
      expect(second.older).toBeNull()
      expect((await server.request('/api/admin/audit?before=x', { cookie })).status).toBe(400)
    })
  })
})
