// @vitest-environment node
// Counting visits without cookies (issue 32), against a real server on each engine: beacons as a browser sends them
// (text/plain JSON, this site's Origin, its User-Agent, through one trusted proxy that names the client's address),
// counted by the day's hash; the same browser the same day is one visitor, the next day a new one; a browser that
// asks not to be tracked (Sec-GPC, DNT) and a crawler are not counted; a signup in the same visit is joined to it by
// the hash; the console's funnel shows visitors → signups → confirmed per day and per source, with any count under 5
// in words; a finished day is rolled up and its raw views dropped after ANALYTICS_RAW_DAYS. Nothing in the database
// or the log holds the IP address or the User-Agent.
import { consentVersion } from '../../../../src/content/consent-wording'
import { analyticsPath, fewerThanFive, reportTopRows, type AnalyticsReport, type FunnelRow } from '../../../../shared/analytics'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { logLines } from '../../../utils/log-lines'
import { until } from '../../../../tools/until'
import { startAdminServer, type AdminTestServer } from '../../admin-harness'

const chrome = (n: number) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.0 Safari/537.36`
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const address = '203.0.113.77'
const day = 86_400_000

describe.each(eachEngine())('visits on $engine', (engine: EngineUnderTest) => {
  let server: AdminTestServer
  let cookie: string
  const log = logLines('trace')

  const beacon = (body: unknown, headers: Record<string, string> = {}, userAgent = chrome(1)) =>
    server.request(analyticsPath, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': userAgent, 'x-forwarded-for': address, ...headers },
    })
  const signUp = (email: string, userAgent: string) =>
    server.request('/api/waitlist', {
      method: 'POST',
      body: JSON.stringify({ email, firstName: 'Vi', source: 'stride-marketing-site', consentVersion, utmSource: 'launch' }),
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': userAgent, 'x-forwarded-for': address },
    })
  const db = () => server.store.database.db
  const views = () => db().selectFrom('analytics_views').selectAll().orderBy('id').execute()
  const now = () => new Date(Date.now() + server.clock.offsetMs)
  const report = async (from: string, to: string, as = cookie): Promise<AnalyticsReport> => {
    const response = await server.request(`/api/admin/analytics?from=${from}&to=${to}`, { cookie: as })
    expect(response.status).toBe(200)
    return response.json()
  }
  // What the analytics' clock does every ANALYTICS_COUNT_SECONDS (the harness starts no clock): count today so far.
  const count = () => server.store.countVisits(now())
  const row = (rows: FunnelRow[], key: string) => rows.find((candidate) => candidate.key === key)
  const today = () => now().toISOString().slice(0, 10)
  // Written with the next batch: the beacon's answer does not wait for it.
  const settled = (count: number) => until(async () => (await views()).length >= count, 30_000, `${count} page views written`)

  beforeAll(async () => {
    await engine.setup()
    server = await startAdminServer({ databaseUrl: await engine.newDatabase(), trustedProxies: 1, log: log.logger, analyticsRateLimit: { max: 40, windowMs: 60_000 } })
    cookie = await server.signIn()
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    await engine.teardown()
  })

  it('counts a page view by the day’s hash: one visitor for one browser, two for two, with its page, source and device', async () => {
    const campaign = { utmSource: 'launch', utmMedium: 'social', utmCampaign: 'nov', referrer: 'news.example.com' }
    expect((await beacon({ page: '/', ...campaign })).status).toBe(204)
    expect((await beacon({ page: '/coach', ...campaign })).status).toBe(204)
    expect((await beacon({ page: '/', ref: 'ann-7k2p' }, {}, iphone)).status).toBe(204)
    await settled(3)
    const [first, second, third] = await views()
    expect(first).toMatchObject({ day: today(), page: '/', source: 'launch', medium: 'social', campaign: 'nov', referrer: 'news.example.com', device: 'desktop' })
    expect(second!.visitor).toBe(first!.visitor)
    expect(third).toMatchObject({ source: 'referral', device: 'phone' })
    expect(third!.visitor).not.toBe(first!.visitor)
    expect(first!.visitor).toMatch(/^[\w-]{22}$/)
  })

  it('is not counted when the browser asks not to be tracked, for a crawler or a headless browser, or when it is not a visit', async () => {
    const before = (await views()).length
    expect((await beacon({ page: '/' }, { 'sec-gpc': '1' })).status).toBe(204)
    expect((await beacon({ page: '/' }, { dnt: '1' })).status).toBe(204)
    for (const robot of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Mozilla/5.0 HeadlessChrome/131.0.0.0', 'curl/8.5.0', ''])
      expect((await beacon({ page: '/' }, {}, robot)).status, robot).toBe(204)
    for (const wrong of ['not json', '[]', { page: 'https://elsewhere.example/' }, { page: '/?q=1' }, { referrer: 'x' }]) expect((await beacon(wrong)).status, JSON.stringify(wrong)).toBe(400)
    expect((await beacon({ page: `/${'a'.repeat(3000)}` })).status).toBe(413)
    // From another site's page: refused as a signup from there would be.
    expect((await beacon({ page: '/' }, { origin: 'https://evil.example' })).status).toBe(403)
    // None of them was written: a visit sent after them, through the same batch writer, is the next row.
    expect((await beacon({ page: '/after-the-refusals' })).status).toBe(204)
    await settled(before + 1)
    const written = await views()
    expect(written).toHaveLength(before + 1)
    expect(written.at(-1)).toMatchObject({ page: '/after-the-refusals' })
    // The later tests count today's views from the first test's.
    await db().deleteFrom('analytics_views').where('page', '=', '/after-the-refusals').execute()
  })

  it('joins a signup to its visit, shows the funnel per day and per source, exact to a member who sees the people and under 5 in words to a viewer, and keeps no IP address or User-Agent', async () => {
    // Six more visitors from the launch campaign, five of whom sign up in the same visit (and one who never visited).
    for (let n = 10; n < 16; n++) expect((await beacon({ page: '/', utmSource: 'launch' }, {}, chrome(n))).status).toBe(204)
    for (let n = 10; n < 15; n++) expect((await signUp(`visitor.${n}@example.com`, chrome(n))).status).toBe(200)
    expect((await signUp('never.visited@example.com', chrome(99))).status).toBe(200)
    await server.store.settled()
    await db().updateTable('signups').set({ confirmed_at: now().toISOString(), status: 'confirmed' }).where('email', 'like', 'visitor.%').execute()
    await settled(9)
    await until(async () => (await db().selectFrom('analytics_conversions').selectAll().execute()).length >= 6, 30_000, 'six signups joined to their visits')

    await count()
    const shown = await report(today(), today())
    expect(shown.enabled).toBe(true)
    // Visitors today: the first browser, the phone and six more; signups: five of them in their visit, and one who
    // never visited (a signup of its own, with no visit to join: not among the visitors' signups).
    expect(row(shown.days, today())).toEqual({ key: today(), visitors: 8, views: 9, signups: 5, confirmed: 5, invited: 0, claimed: 0, activated: 0 })
    expect(row(shown.sources, 'launch')).toMatchObject({ visitors: 7, signups: 5, confirmed: 5 })
    // The owner may see the people (people:read): every count exact, the one visitor by a share link too.
    expect(shown.exact).toBe(true)
    expect(row(shown.sources, 'referral')).toMatchObject({ visitors: 1, signups: 0 })
    expect(row(shown.landings, '/')).toMatchObject({ visitors: 8, signups: 5, confirmed: null })
    expect(row(shown.pages, '/coach')).toMatchObject({ visitors: 1, views: 1 })
    expect(row(shown.devices, 'desktop')).toMatchObject({ visitors: 7 })
    expect(shown.total).toEqual({ key: '', visitors: 8, views: 9, signups: 5, confirmed: 5, invited: 0, claimed: 0, activated: 0 })
    // A viewer may not see the people: counts from 1 to 4 in words, the rest as they are.
    const viewer = await server.joinTeam(cookie, 'vic@company.example', 'viewer')
    const masked = await report(today(), today(), viewer)
    expect(masked.exact).toBe(false)
    expect(row(masked.sources, 'referral')).toMatchObject({ visitors: fewerThanFive, views: fewerThanFive, signups: 0 })
    expect(row(masked.pages, '/coach')).toMatchObject({ visitors: fewerThanFive, views: fewerThanFive })
    expect(row(masked.sources, 'launch')).toMatchObject({ visitors: 7, signups: 5, confirmed: 5 })
    // The CSV's number columns hold numbers only: exact for the owner; for the viewer, and for an export the owner
    // makes to share outside, a hidden count is an empty cell, and the masked column names it.
    const csvOf = async (as: string, query = '') => (await (await server.request(`/api/admin/analytics.csv?table=sources&from=${today()}&to=${today()}${query}`, { cookie: as })).text()).split('\r\n')
    const exactCsv = await csvOf(cookie)
    expect(exactCsv[0]).toBe('source,visitors,views,signups,confirmed,invited,claimed,activated,masked')
    expect(exactCsv).toContain('launch,7,8,5,5,0,0,0,')
    expect(exactCsv).toContain('referral,1,1,0,0,0,0,0,')
    for (const lines of [await csvOf(viewer), await csvOf(cookie, '&for=outside')]) {
      expect(lines).toContain('launch,7,8,5,5,0,0,0,')
      expect(lines).toContain('referral,,,0,0,0,0,0,visitors views')
      expect(lines.join('\n')).not.toContain(fewerThanFive)
    }

    // Nothing anywhere holds the address or the User-Agent: every table, every log line.
    const tables = ['analytics_views', 'analytics_conversions', 'analytics_daily', 'signups', 'outbox', 'admin_audit'] as const
    for (const table of tables) {
      const rows = JSON.stringify(await db().selectFrom(table).selectAll().execute())
      expect(rows, table).not.toContain(address)
      expect(rows, table).not.toContain('Chrome/131')
      expect(rows, table).not.toContain('iPhone')
    }
    expect(log.lines().length).toBeGreaterThan(0)
    for (const line of log.lines()) {
      expect(line).not.toContain(address)
      expect(line).not.toContain('Chrome/131')
    }
  })

  it('reads today as the clock last counted it, never the raw views, and sends each table’s top rows with how many it has', async () => {
    await count()
    const counted = await report(today(), today())
    expect(Date.parse(counted.countedAt!)).toBeGreaterThan(Date.now() - 60_000)
    expect(counted.countEverySeconds).toBe(60)
    // Fifty-two pages seen by two new visitors: not in the report until the next count.
    const seen = (await views()).length
    for (let n = 0; n < 52; n++) expect((await beacon({ page: `/page-${n}` }, { 'x-forwarded-for': `198.51.100.${20 + (n % 2)}` })).status).toBe(204)
    await settled(seen + 52)
    // And a signup invited since, whose app has reported them activated (as /api/v1/activations records it): their
    // steps show with the next count too, so the figures agree with each other.
    const invitee = await db().updateTable('signups').set({ status: 'invited' }).where('email', '=', 'visitor.10@example.com').returning('id').executeTakeFirstOrThrow()
    const key = await db().insertInto('api_keys').values({ name: 'the app', scopes: 'activations:write', prefix: 'wlk_test0000', key_hash: 'not a key', created_by: 'test', created_at: now().toISOString() }).returning('id').executeTakeFirstOrThrow()
    await db().insertInto('activations').values({ signup_id: invitee.id, invitation_id: null, activated_at: now().toISOString(), via: 'address', key_id: key.id, code_hash: null }).execute()
    expect(await report(today(), today())).toEqual(counted)

    await count()
    const recounted = await report(today(), today())
    expect(recounted.countedAt! >= counted.countedAt!).toBe(true)
    expect(row(recounted.days, today())!.visitors).toBe((row(counted.days, today())!.visitors as number) + 2)
    expect(recounted.rows.pages).toBe(counted.rows.pages + 52)
    expect(row(recounted.sources, 'launch')!.invited).toBe(1)
    expect(row(counted.sources, 'launch')!.invited).toBe(0)
    expect([row(recounted.days, today())!.activated, row(counted.days, today())!.activated]).toEqual([1, 0])
    expect(row(recounted.landings, '/')!.activated).toBeNull()
    expect(recounted.pages).toHaveLength(reportTopRows)
    expect(recounted.rows.days).toBe(1)
    // The most visited first, cut at the top rows; the CSV carries every row.
    expect(recounted.pages.slice(0, 2).map((page) => page.key)).toEqual(['/', '/coach'])
    const csv = await (await server.request(`/api/admin/analytics.csv?table=pages&from=${today()}&to=${today()}`, { cookie })).text()
    expect(csv.trim().split('\r\n')).toHaveLength(1 + recounted.rows.pages)
  })

  it('has a limit of its own per client, apart from the signups’', async () => {
    const from = (client: string) => ({ 'x-forwarded-for': client })
    const answers = []
    for (let n = 0; n < 41; n++) answers.push((await beacon({ page: '/limit' }, from('198.51.100.9'))).status)
    expect(answers.slice(0, 40).every((status) => status === 204)).toBe(true)
    expect(answers[40]).toBe(429)
    // Another client, and this client's signups, are not held back by it.
    expect((await beacon({ page: '/limit' }, from('198.51.100.10'))).status).toBe(204)
    expect((await signUp('limited.visitor@example.com', chrome(7))).status).toBe(200)
  })

  it('counts the same browser as a new visitor the next day, rolls the finished day up, and drops its raw views after ANALYTICS_RAW_DAYS', async () => {
    const first = today()
    const yesterday = (await views())[0]!.visitor
    server.clock.offsetMs = day
    // A console session lasts 12 hours: the team signs in again.
    cookie = await server.signIn()
    const seen = (await views()).length
    expect((await beacon({ page: '/', utmSource: 'launch' })).status).toBe(204)
    await settled(seen + 1)
    const latest = (await views()).at(-1)!
    expect(latest.day).toBe(today())
    expect(latest.visitor).not.toBe(yesterday)

    // The day as counted at its end is the day rolled up.
    server.clock.offsetMs = 0
    await count()
    server.clock.offsetMs = day
    const before = await report(first, first)
    expect((await count()).rolledUp).toBe(1)
    expect(await db().selectFrom('analytics_partial').select('day').where('day', '=', first).execute()).toEqual([])
    // The same figures, now from the finished day's counts (which have no time of counting).
    expect(before.countedAt).not.toBeNull()
    expect(await report(first, first)).toEqual({ ...before, countedAt: null })
    expect(await db().selectFrom('analytics_views').select('id').where('day', '=', first).execute()).not.toEqual([])
    // Two days later only the daily counts remain of the first day, and its salt is long gone.
    server.clock.offsetMs = 3 * day
    cookie = await server.signIn()
    await count()
    expect(await db().selectFrom('analytics_views').select('id').where('day', '=', first).execute()).toEqual([])
    expect(await db().selectFrom('analytics_salts').select('day').where('day', '<=', first).execute()).toEqual([])
    expect(await report(first, first)).toEqual({ ...before, countedAt: null })
    server.clock.offsetMs = 0
    cookie = await server.signIn()
  })
})

describe('with ANALYTICS=off', () => {
  it('counts nothing and keeps nothing, answers a beacon as one not counted, and the console says it is off', async () => {
    const server = await startAdminServer({ trustedProxies: 1, analytics: { enabled: false, rawDays: 2, countEverySeconds: 60 } })
    try {
      const cookie = await server.signIn()
      const headers = { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': chrome(1), 'x-forwarded-for': address }
      expect((await server.request(analyticsPath, { method: 'POST', body: JSON.stringify({ page: '/' }), headers })).status).toBe(204)
      const signup = { email: 'off.visitor@example.com', firstName: 'Vi', source: 'stride-marketing-site', consentVersion }
      expect((await server.request('/api/waitlist', { method: 'POST', body: JSON.stringify(signup), headers })).status).toBe(200)
      await server.store.settled()
      const db = server.store.database.db
      expect(await db.selectFrom('analytics_views').selectAll().execute()).toEqual([])
      expect(await db.selectFrom('analytics_conversions').selectAll().execute()).toEqual([])
      expect(await db.selectFrom('analytics_salts').selectAll().execute()).toEqual([])
      const report: AnalyticsReport = await (await server.request('/api/admin/analytics', { cookie })).json()
      expect(report.enabled).toBe(false)
    } finally {
      await server.close()
    }
  })
})
