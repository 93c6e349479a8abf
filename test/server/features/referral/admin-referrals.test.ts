// @vitest-environment node
// The team's side of the line (issue 21), through the console's API against a real server on each engine:
// referrals held for looking like a farm are listed with who is who, and approving one moves the referrer up
// as the line says while rejecting one leaves them; each is decided once, by a signed-in team member, and
// audited. The list and the CSV show each person's place, credits, held referrals and the code they came
// through; the list also whose code it is (issue 47: the table names the referrer, linking to them), the CSV never.
// People are set up as in line.test.ts: they confirm by their emailed token.
import { hashSecret, newSecret } from '../../../../server/platform/secrets/tokens'
import { noConsentRecord } from '../../../../server/features/signup/validate'
import { canonicalAddress } from '../../../../shared/mailbox'
import { referralRules } from '../../../../shared/rules'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { adminEmail, startAdminServer, type AdminTestServer } from '../../admin-harness'
import { validSignup } from '../../harness'
import { saveLinkTokens } from '../../../../server/platform/secrets/link-tokens'

const boost = referralRules.boostPlaces
const minute = 60_000
/** People in line before the referrer: enough that her credits never take her to the front. */
const ahead = 60
const farm = '192.0.2.0/24'
/** The friends from one network, an hour apart: the first ones are credited, then they are held. */
const friends = ['Faye', 'Gus', 'Hal', 'Hana', 'Ivo'].slice(0, referralRules.sameNetwork + 1)
const [approved, rejected] = friends.slice(referralRules.sameNetwork - 1)
const credited = referralRules.sameNetwork - 1
const emailOf = (name: string) => `${name.toLowerCase()}@example.com`

type Row = { id: number; email: string; firstName: string; place: number | null; credits: number; heldReferrals: number; referredBy: string | null }

describe.each(eachEngine())('referrals in the console on $engine', (engine: EngineUnderTest) => {
  let server: AdminTestServer
  let cookie: string
  let clock = Date.now() - 3 * 86_400_000

  const idOf = async (email: string) =>
    (await server.store.database.db.selectFrom('signups').select('id').where('email_normalized', '=', canonicalAddress(email)!).executeTakeFirstOrThrow()).id
  const join = async (email: string, firstName: string, options: { ref?: string; network?: string } = {}) => {
    await server.store.add({
      ...validSignup,
      email,
      firstName,
      emailNormalized: canonicalAddress(email)!,
      submissionId: null,
      consent: { ...noConsentRecord, referralCode: options.ref ?? null },
      network: options.network ?? `198.51.${Math.floor(Math.random() * 250)}.0/24`,
    })
    await server.store.settled()
  }
  const confirm = async (email: string, afterMs: number) => {
    const secret = newSecret()
    clock += afterMs
    await saveLinkTokens(server.store.database.db, [{ hash: hashSecret(secret), purpose: 'confirm', personId: await idOf(email), expiresAt: new Date(clock + 86_400_000) }])
    expect(await server.store.consent.useToken('confirm', hashSecret(secret), new Date(clock))).toEqual({ signupId: expect.any(Number) })
  }
  const getJson = async (path: string) => {
    const response = await server.request(path, { cookie })
    expect(response.status).toBe(200)
    return response.json()
  }
  const rowOf = async (email: string): Promise<Row> => {
    const { rows } = await getJson(`/api/admin/signups?search=${encodeURIComponent(email)}`)
    expect(rows).toHaveLength(1)
    return rows[0]
  }
  const review = (friend: string, verdict: 'approve' | 'reject', init: { cookie?: string; headers?: Record<string, string> } = { cookie }) =>
    idOf(emailOf(friend)).then((id) => server.request(`/api/admin/referrals/${id}/${verdict}`, { method: 'POST', ...init }))

  let ritaCode: string
  beforeAll(async () => {
    await engine.setup()
    server = await startAdminServer({ databaseUrl: await engine.newDatabase() })
    for (let index = 0; index < ahead; index++) {
      await join(`p${index}@example.com`, `P${index}`)
      await confirm(`p${index}@example.com`, 20 * minute)
    }
    await join('rita@example.com', 'Rita')
    await confirm('rita@example.com', 20 * minute)
    const { referral_code: code } = await server.store.database.db
      .selectFrom('signups')
      .select('referral_code')
      .where('id', '=', await idOf('rita@example.com'))
      .executeTakeFirstOrThrow()
    ritaCode = code!
    for (const name of friends) {
      await join(emailOf(name), name, { ref: ritaCode, network: farm })
      await confirm(emailOf(name), 60 * minute)
    }
    cookie = await server.signIn()
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    await engine.teardown()
  })

  it('refuses the referrals and their reviews without a session, or from another site', async () => {
    const listed = await server.request('/api/admin/referrals')
    expect(listed.status).toBe(401)
    expect(await listed.json()).toEqual({ ok: false, message: 'Please sign in.' })
    expect((await review(approved!, 'approve', {})).status).toBe(401)
    expect((await review(rejected!, 'reject', { cookie: 'stride_admin=' + newSecret() })).status).toBe(401)
    expect((await review(approved!, 'approve', { cookie, headers: { origin: 'https://evil.example' } })).status).toBe(403)
    expect((await server.request('/api/admin/referrals/1/approve', { method: 'POST', cookie, headers: { origin: '' } })).status).toBe(403)
    // Nothing was decided.
    expect((await getJson('/api/admin/referrals')).held).toHaveLength(2)
  })

  it('lists the held referrals oldest first, with the friend and the referrer, and the top referrers', async () => {
    const { ok, held, topReferrers } = await getJson('/api/admin/referrals')
    expect(ok).toBe(true)
    const rita = await idOf('rita@example.com')
    expect(held).toEqual(
      await Promise.all(
        [approved!, rejected!].map(async (name) => ({
          friendId: await idOf(emailOf(name)),
          friendFirstName: name,
          friendEmail: emailOf(name),
          referrerId: rita,
          referrerFirstName: 'Rita',
          referrerEmail: 'rita@example.com',
          decidedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
        })),
      ),
    )
    expect(Date.parse(held[0].decidedAt)).toBeLessThan(Date.parse(held[1].decidedAt))
    expect(topReferrers).toEqual([{ id: rita, firstName: 'Rita', email: 'rita@example.com', credits: credited, place: ahead + 1 - credited * boost }])
  })

  it('shows each person’s place, credits, held referrals and the code they came through in the list', async () => {
    expect(await rowOf('rita@example.com')).toMatchObject({ firstName: 'Rita', place: ahead + 1 - credited * boost, credits: credited, heldReferrals: 2, referredBy: null })
    expect(await rowOf('p0@example.com')).toMatchObject({ place: 1, credits: 0, heldReferrals: 0, referredBy: null })
    expect(await rowOf(emailOf(rejected!))).toMatchObject({ place: ahead + 1 + friends.length, credits: 0, heldReferrals: 0, referredBy: ritaCode, referrer: { id: await idOf('rita@example.com'), email: 'rita@example.com' } })
    // Not confirmed yet: no place.
    await join('newcomer@example.com', 'Nell', { ref: ritaCode })
    expect(await rowOf('newcomer@example.com')).toMatchObject({ place: null, credits: 0, referredBy: ritaCode })
    // The list's page is as sorted, and every row has its place.
    const { rows } = await getJson('/api/admin/signups?sort=email&direction=asc&pageSize=100')
    expect(rows.filter((row: Row) => row.place !== null)).toHaveLength(ahead + 1 + friends.length)
  })

  it('sums up referrals on the front page', async () => {
    const { referrals } = await getJson('/api/admin/summary')
    expect(referrals).toMatchObject({ credited, held: 2, refused: 0 })
    // Every friend signed up today and has confirmed (the newcomer has not).
    expect(referrals.perDay.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), count: friends.length })
    expect(referrals.perDay).toHaveLength(90)
  })

  it('moves the referrer up when a held referral is approved, and leaves them when one is rejected, once each', async () => {
    const before = (await rowOf('rita@example.com')).place!
    const yes = await review(approved!, 'approve')
    expect(yes.status).toBe(200)
    expect(await yes.json()).toEqual({ ok: true })
    expect(await rowOf('rita@example.com')).toMatchObject({ place: before - boost, credits: credited + 1, heldReferrals: 1 })

    const no = await review(rejected!, 'reject')
    expect(no.status).toBe(200)
    expect(await rowOf('rita@example.com')).toMatchObject({ place: before - boost, credits: credited + 1, heldReferrals: 0 })

    // Decided: a second review of either, either way, finds nothing held.
    for (const [name, verdict] of [
      [approved!, 'reject'],
      [approved!, 'approve'],
      [rejected!, 'approve'],
    ] as const) {
      const again = await review(name, verdict)
      expect(again.status).toBe(404)
      expect((await again.json()).ok).toBe(false)
    }
    expect((await rowOf('rita@example.com')).place).toBe(before - boost)
    expect((await server.request('/api/admin/referrals/0/approve', { method: 'POST', cookie })).status).toBe(400)
    expect((await server.request('/api/admin/referrals/abc/reject', { method: 'POST', cookie })).status).toBe(400)
    expect((await server.request('/api/admin/referrals/999999/reject', { method: 'POST', cookie })).status).toBe(404)

    const { held, topReferrers } = await getJson('/api/admin/referrals')
    expect(held).toEqual([])
    expect(topReferrers).toMatchObject([{ firstName: 'Rita', credits: credited + 1, place: before - boost }])
    expect((await getJson('/api/admin/summary')).referrals).toMatchObject({ credited: credited + 1, held: 0, refused: 1 })
  })

  it('audits each review, naming who decided and the friend only by id', async () => {
    const { entries } = await getJson('/api/admin/audit')
    const reviews = entries.filter((entry: { action: string }) => entry.action.endsWith('-referral')).reverse()
    expect(reviews).toEqual([
      { at: expect.any(String), actor: adminEmail, action: 'approve-referral', detail: `referral of signup #${await idOf(emailOf(approved!))}` },
      { at: expect.any(String), actor: adminEmail, action: 'reject-referral', detail: `referral of signup #${await idOf(emailOf(rejected!))}` },
    ])
    // The line's record says who reviewed it.
    const decided = await server.store.database.db.selectFrom('referrals').select(['outcome', 'reviewed_by']).where('reviewed_by', 'is not', null).orderBy('friend_id').execute()
    expect(decided).toEqual([
      { outcome: 'credited', reviewed_by: adminEmail },
      { outcome: 'rejected', reviewed_by: adminEmail },
    ])
  })

  it('exports the place, credits, held referrals and referred-by code, never the referrer’s address in a friend’s row', async () => {
    const response = await server.request('/api/admin/signups.csv', { cookie })
    expect(response.status).toBe(200)
    const lines = (await response.text()).trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'created_at,email,first_name,source,status,consent_version,confirmed_at,unsubscribed_at,news_consent_version,news_given_at,news_withdrawn_at,utm_source,utm_medium,utm_campaign,referrer_origin,place,referral_credits,held_referrals,referred_by',
    )
    const tail = (email: string) => lines.find((line) => line.includes(`,${email},`))!.split(',').slice(-4)
    const rita = await rowOf('rita@example.com')
    expect(tail('rita@example.com')).toEqual([String(rita.place), String(credited + 1), '0', ''])
    expect(tail(emailOf(approved!))).toEqual([String((await rowOf(emailOf(approved!))).place), '0', '0', ritaCode])
    expect(tail('newcomer@example.com')).toEqual(['', '0', '0', ritaCode])
    for (const name of friends) expect(lines.find((line) => line.includes(`,${emailOf(name)},`))).not.toContain('rita@')
    expect(lines).toHaveLength(1 + ahead + 1 + friends.length + 1)
  })

  it('keeps the front page’s credits equal to the top referrers’ when a credited friend, then the referrer, is erased', async () => {
    const topCredits = async () => ((await getJson('/api/admin/referrals')).topReferrers as { credits: number }[]).reduce((sum, row) => sum + row.credits, 0)
    const erase = async (email: string) => expect((await server.request(`/api/admin/signups/${await idOf(email)}/erase`, { method: 'POST', cookie })).status).toBe(200)
    expect((await getJson('/api/admin/summary')).referrals).toMatchObject({ credited: credited + 1, held: 0, refused: 1 })
    // A credited friend is erased: Rita keeps the credit, and both figures still count it.
    await erase(emailOf(friends[0]!))
    expect((await getJson('/api/admin/summary')).referrals).toMatchObject({ credited: credited + 1, held: 0, refused: 1 })
    expect(await topCredits()).toBe(credited + 1)
    // Rita is erased: her credits leave with her, from both. The decisions she refused stay refused.
    await erase('rita@example.com')
    expect((await getJson('/api/admin/summary')).referrals).toMatchObject({ credited: 0, held: 0, refused: 1 })
    expect(await topCredits()).toBe(0)
  })
})
