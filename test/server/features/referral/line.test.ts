// @vitest-environment node
// The place in line and referral credit (issue 21), against both engines: people confirm by their emailed
// token as the confirmation page does (consent.useToken), through share links carried in the consent record,
// from networks the signup route would name. Each rule of machines/referral-credit-machine.ts gets the answer
// it should, and the place is always what a plain sort of the whole line says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashSecret, newSecret } from '../../../../server/platform/secrets/tokens'
import { consentStore } from '../../../../server/features/consent/consent-store'
import { heldInvitation } from '../../../../server/features/launch/held-invitation'
import type { ConsentEvents } from '../../../../server/features/consent/consent-events'
import { line as lineOver } from '../../../../server/features/referral/line'
import { lineFollowsConsent } from '../../../../server/features/referral/line-follows-consent'
import { transactionEvents } from '../../../../server/platform/events/transaction-events'
import { noConsentRecord } from '../../../../server/features/signup/validate'
import { canonicalAddress } from '../../../../shared/mailbox'
import { referralRules } from '../../../../shared/rules'
import { openStore, type Stores } from '../../../../tools/open-store'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { validSignup } from '../../harness'
import { saveLinkTokens } from '../../../../server/platform/secrets/link-tokens'

const boost = referralRules.boostPlaces
const minute = 60_000
/** The line's order, plainly: the place key, then more credits first, then who confirmed first. */
type Ranked = { line_score: number | null; confirm_seq: number | null; referral_credits: number }
const byPlace = (a: Ranked, b: Ranked) => a.line_score! - b.line_score! || b.referral_credits - a.referral_credits || a.confirm_seq! - b.confirm_seq!

describe.each(eachEngine())('the line on $engine', (engine: EngineUnderTest) => {
  const opened: Stores[] = []
  beforeAll(() => engine.setup(), 60_000)
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close().catch(() => {})))
    await engine.teardown()
  })

  async function fresh() {
    const store = await openStore(await engine.newDatabase())
    opened.push(store)
    const { db } = store.database
    const idOf = async (email: string) =>
      (await db.selectFrom('signups').select('id').where('email_normalized', '=', canonicalAddress(email)!).executeTakeFirstOrThrow()).id
    const codeOf = async (email: string) =>
      (
        await db
          .selectFrom('signups')
          .select('referral_code')
          .where('id', '=', await idOf(email))
          .executeTakeFirstOrThrow()
      ).referral_code!
    let clock = Date.parse('2026-11-24T09:00:00Z')
    return {
      store,
      idOf,
      codeOf,
      /** The time of the last confirmation: a review comes after it. */
      now: () => new Date(clock),
      /** Signs up, as the form would, through a share link when `ref` is given, from `network`. */
      join: async (email: string, options: { ref?: string; network?: string } = {}) => {
        const added = await store.add({
          ...validSignup,
          email,
          emailNormalized: canonicalAddress(email)!,
          submissionId: null,
          consent: { ...noConsentRecord, referralCode: options.ref ?? null },
          network: options.network ?? `198.51.${Math.floor(Math.random() * 250)}.0/24`,
        })
        await store.settled()
        return added
      },
      /** Confirms by a token as the emailed link does, `afterMs` after the last confirmation. */
      confirm: async (email: string, afterMs = 20 * minute) => {
        const secret = newSecret()
        clock += afterMs
        await saveLinkTokens(store.database.db, [
          {
            hash: hashSecret(secret),
            purpose: 'confirm',
            personId: await idOf(email),
            expiresAt: new Date(clock + 86_400_000),
          },
        ])
        return store.consent.useToken('confirm', hashSecret(secret), new Date(clock))
      },
      placeOf: async (email: string) => store.line.placeOf(await idOf(email)),
      referralOf: async (email: string) =>
        (
          await db
            .selectFrom('referrals')
            .select('outcome')
            .where('friend_id', '=', await idOf(email))
            .executeTakeFirst()
        )?.outcome,
      /** Every place by a plain sort of the whole line: what placeOf must agree with. */
      sorted: async () =>
        (await db.selectFrom('signups').select(['email', 'line_score', 'confirm_seq', 'referral_credits']).where('line_score', 'is not', null).execute())
          .sort(byPlace)
          .map((row) => row.email),
      bucketTotal: async () =>
        Number(
          (
            await db
              .selectFrom('line_buckets')
              .select((eb) => eb.fn.sum<number>('people').as('n'))
              .executeTakeFirst()
          )?.n ?? 0,
        ),
    }
  }
  type Line = Awaited<ReturnType<typeof fresh>>

  async function lineOf(line: Line, count: number, prefix = 'p') {
    const emails = Array.from({ length: count }, (_, index) => `${prefix}${index}@example.com`)
    for (const email of emails) {
      await line.join(email)
      await line.confirm(email)
    }
    return emails
  }

  async function expectPlacesAsSorted(line: Line) {
    const sorted = await line.sorted()
    for (const [index, email] of sorted.entries())
      expect(await line.placeOf(email), email).toEqual({
        place: index + 1,
        inLine: sorted.length,
      })
    expect(await line.bucketTotal()).toBe(sorted.length)
  }

  it('gives each person a place in the order they confirm, and none before they confirm', async () => {
    const line = await fresh()
    await line.join('ann@example.com')
    await line.join('bob@example.com')
    await line.join('cy@example.com')
    expect(await line.placeOf('ann@example.com')).toBeUndefined()
    await line.confirm('bob@example.com')
    await line.confirm('ann@example.com')
    expect(await line.placeOf('bob@example.com')).toEqual({
      place: 1,
      inLine: 2,
    })
    expect(await line.placeOf('ann@example.com')).toEqual({
      place: 2,
      inLine: 2,
    })
    expect(await line.placeOf('cy@example.com')).toBeUndefined()
    // A second confirmation (another link, pressed again) changes nothing.
    await line.confirm('bob@example.com')
    expect(await line.placeOf('bob@example.com')).toEqual({
      place: 1,
      inLine: 2,
    })
    // Each confirmed person has a code of their own.
    expect(await line.codeOf('bob@example.com')).toMatch(/^[2-9a-hjkmnp-z]{8}$/)
    expect(await line.codeOf('ann@example.com')).not.toBe(await line.codeOf('bob@example.com'))
  })

  it('moves the referrer up when a friend who came through their link confirms, once per friend', async () => {
    const line = await fresh()
    await lineOf(line, 30)
    const code = await line.codeOf('p25@example.com')
    expect(await line.placeOf('p25@example.com')).toEqual({
      place: 26,
      inLine: 30,
    })
    await line.join('friend@example.com', { ref: code })
    // Joined but not confirmed: nothing yet.
    expect(await line.placeOf('p25@example.com')).toEqual({
      place: 26,
      inLine: 30,
    })
    await line.confirm('friend@example.com')
    expect(await line.referralOf('friend@example.com')).toBe('credited')
    expect(await line.placeOf('p25@example.com')).toEqual({
      place: 26 - boost,
      inLine: 31,
    })
    expect(await line.placeOf('friend@example.com')).toEqual({
      place: 31,
      inLine: 31,
    })
    // The friend confirming again, or signing up again through the link, earns nothing more.
    await line.confirm('friend@example.com')
    expect(await line.join('friend@example.com', { ref: code })).toBe('duplicate')
    expect(await line.placeOf('p25@example.com')).toEqual({
      place: 26 - boost,
      inLine: 31,
    })
    await expectPlacesAsSorted(line)
  })

  it('gives no credit for the referrer’s own inbox under another spelling', async () => {
    const line = await fresh()
    await lineOf(line, 12)
    await line.join('Jane.Doe@gmail.com')
    await line.confirm('Jane.Doe@gmail.com')
    const code = await line.codeOf('jane.doe@gmail.com')
    const before = await line.placeOf('jane.doe@gmail.com')
    for (const alias of ['janedoe+friend@gmail.com', 'j.a.n.e.doe@googlemail.com']) {
      await line.join(alias, { ref: code })
      await line.confirm(alias)
      expect(await line.referralOf(alias)).toBe('selfReferral')
    }
    expect((await line.placeOf('jane.doe@gmail.com'))!.place).toBe(before!.place)
    await expectPlacesAsSorted(line)
  })

  it('gives no credit for the referrer’s own inbox at Proton, Fastmail, Yahoo or iCloud, nor for a relay address', async () => {
    const line = await fresh()
    await lineOf(line, 12)
    const spellings: [string, string[]][] = [
      ['john.smith@proton.me', ['john_smith@pm.me', 'johnsmith+x@protonmail.com', 'j-o-h-n.smith@protonmail.ch']],
      ['ann@fastmail.com', ['waitlist@ann.fastmail.com']],
      ['bea@yahoo.com', ['bea-friend@yahoo.com']],
      ['cy@icloud.com', ['cy@me.com', 'cy+x@mac.com']],
    ]
    for (const [referrer, aliases] of spellings) {
      await line.join(referrer)
      await line.confirm(referrer)
      const code = await line.codeOf(referrer)
      const before = (await line.placeOf(referrer))!.place
      for (const alias of aliases) {
        await line.join(alias, { ref: code })
        await line.confirm(alias)
        expect(await line.referralOf(alias), alias).toBe('selfReferral')
      }
      expect((await line.placeOf(referrer))!.place, referrer).toBe(before)
    }
    // A relay forwards to an inbox nobody can see (Sign in with Apple's Hide My Email here): it joins the line
    // like anyone, and earns nobody credit.
    const code = await line.codeOf('p5@example.com')
    const before = (await line.placeOf('p5@example.com'))!.place
    await line.join('dpdcnf87nu@privaterelay.appleid.com', { ref: code })
    await line.confirm('dpdcnf87nu@privaterelay.appleid.com')
    expect(await line.referralOf('dpdcnf87nu@privaterelay.appleid.com')).toBe('relay')
    expect(await line.placeOf('dpdcnf87nu@privaterelay.appleid.com')).toBeDefined()
    expect((await line.placeOf('p5@example.com'))!.place).toBe(before)
    await expectPlacesAsSorted(line)
  })

  it('stops crediting for the day at the daily cap', async () => {
    const line = await fresh()
    await lineOf(line, 40)
    const code = await line.codeOf('p39@example.com')
    for (let index = 0; index <= referralRules.dailyCap; index++) {
      await line.join(`capped-${index}@example.com`, {
        ref: code,
        network: `203.0.${index}.0/24`,
      })
      await line.confirm(`capped-${index}@example.com`, referralRules.burstMs)
    }
    const outcomes = await Promise.all(Array.from({ length: referralRules.dailyCap + 1 }, (_, index) => line.referralOf(`capped-${index}@example.com`)))
    expect(outcomes.slice(0, referralRules.dailyCap)).toEqual(Array(referralRules.dailyCap).fill('credited'))
    expect(outcomes.at(-1)).toBe('overDailyCap')
    // Ten credits of ten places each take p39 from 40th to the front, ahead of the friends who joined after.
    expect((await line.placeOf('p39@example.com'))!.place).toBe(Math.max(1, 40 - referralRules.dailyCap * boost))
    await expectPlacesAsSorted(line)
  })

  it('holds referrals from one network, and a burst, for the team, who approve or reject them', async () => {
    const line = await fresh()
    await lineOf(line, 30)
    const code = await line.codeOf('p29@example.com')
    // Friends on one /24, an hour apart: the first ones are credited, then they are held.
    for (let index = 0; index < referralRules.sameNetwork; index++) {
      await line.join(`office-${index}@example.com`, {
        ref: code,
        network: '192.0.2.0/24',
      })
      await line.confirm(`office-${index}@example.com`, 60 * minute)
    }
    const office = await Promise.all(Array.from({ length: referralRules.sameNetwork }, (_, index) => line.referralOf(`office-${index}@example.com`)))
    expect(office).toEqual([...Array(referralRules.sameNetwork - 1).fill('credited'), 'held'])
    const placeBefore = (await line.placeOf('p29@example.com'))!.place
    // The team approves the held one: the referrer moves up then.
    const heldId = await line.idOf(`office-${referralRules.sameNetwork - 1}@example.com`)
    expect(await lineOver(line.store.database).review(heldId, 'APPROVE', 'team@company.example', line.now())).toBe(true)
    expect(await line.referralOf(`office-${referralRules.sameNetwork - 1}@example.com`)).toBe('credited')
    expect((await line.placeOf('p29@example.com'))!.place).toBe(Math.max(1, placeBefore - boost))
    // Reviewed once only.
    expect(await lineOver(line.store.database).review(heldId, 'REJECT', 'team@company.example', line.now())).toBe(false)

    // A burst from different networks, a minute apart: held once it reaches the burst size.
    const other = await line.codeOf('p10@example.com')
    for (let index = 0; index < referralRules.burst; index++) {
      await line.join(`burst-${index}@example.com`, {
        ref: other,
        network: `100.64.${index}.0/24`,
      })
      await line.confirm(`burst-${index}@example.com`, minute)
    }
    expect(await line.referralOf(`burst-${referralRules.burst - 1}@example.com`)).toBe('held')
    const p10 = (await line.placeOf('p10@example.com'))!.place
    const burstId = await line.idOf(`burst-${referralRules.burst - 1}@example.com`)
    expect(await lineOver(line.store.database).review(burstId, 'REJECT', 'team@company.example', line.now())).toBe(true)
    expect(await line.referralOf(`burst-${referralRules.burst - 1}@example.com`)).toBe('rejected')
    expect((await line.placeOf('p10@example.com'))!.place).toBe(p10)
    await expectPlacesAsSorted(line)
  })

  it('gives nothing for a code that names nobody in line, and keeps friends’ places when the referrer is erased', async () => {
    const line = await fresh()
    await lineOf(line, 20)
    await line.join('stranger@example.com', { ref: 'zzzzzzzz' })
    await line.confirm('stranger@example.com')
    expect(await line.referralOf('stranger@example.com')).toBe('noReferrer')
    const code = await line.codeOf('p19@example.com')
    await line.join('pal@example.com', { ref: code })
    await line.confirm('pal@example.com')
    expect(await line.referralOf('pal@example.com')).toBe('credited')
    const palBefore = await line.placeOf('pal@example.com')
    // The referrer is erased: they leave the line, their code goes, the friend keeps their place (one ahead
    // of them is gone) and their referral stays decided.
    expect(await line.store.consent.eraseById(await line.idOf('p19@example.com'), new Date())).toBe(true)
    expect(await line.placeOf('pal@example.com')).toEqual({
      place: palBefore!.place - 1,
      inLine: palBefore!.inLine - 1,
    })
    expect(await line.referralOf('pal@example.com')).toBe('credited')
    await line.join('late@example.com', { ref: code })
    await line.confirm('late@example.com')
    expect(await line.referralOf('late@example.com')).toBe('noReferrer')
    await expectPlacesAsSorted(line)
  })

  it('counts every decision toward the limits, those whose friend was erased since too, and keeps nothing of the erased friend', async () => {
    const line = await fresh()
    await lineOf(line, 60)
    const referrerId = await line.idOf('p59@example.com')
    const code = await line.codeOf('p59@example.com')
    const erase = async (email: string) => expect(await line.store.consent.eraseById(await line.idOf(email), new Date())).toBe(true)
    // The erase-and-repeat attack: a friend from one network, decided, then erased, again and again. The farm
    // rule still sees every one of them.
    const outcomes = []
    for (let index = 0; index <= referralRules.sameNetwork; index++) {
      const email = `ghost-${index}@example.com`
      await line.join(email, { ref: code, network: '192.0.2.0/24' })
      await line.confirm(email, 60 * minute)
      outcomes.push(await line.referralOf(email))
      await erase(email)
    }
    expect(outcomes).toEqual([...Array(referralRules.sameNetwork - 1).fill('credited'), 'held', 'held'])
    // The referrer keeps the credits they earned; a held referral whose friend is gone is withdrawn.
    expect((await line.placeOf('p59@example.com'))!.place).toBe(60 - (referralRules.sameNetwork - 1) * boost)
    const decisions = await line.store.database.db.selectFrom('referrals').selectAll().orderBy('decided_at').execute()
    expect(decisions.map(({ friend_id, referrer_id, outcome, network }) => ({ friend_id, referrer_id, outcome, network: network !== null }))).toEqual([
      ...Array(referralRules.sameNetwork - 1).fill({ friend_id: null, referrer_id: referrerId, outcome: 'credited', network: true }),
      { friend_id: null, referrer_id: referrerId, outcome: 'withdrawn', network: true },
      { friend_id: null, referrer_id: referrerId, outcome: 'withdrawn', network: true },
    ])
    // No erased friend's id is left anywhere in the decisions.
    expect(await line.store.database.db.selectFrom('signups').select('id').where('email_normalized', 'like', 'ghost-%').execute()).toEqual([])
    await expectPlacesAsSorted(line)
  })

  it('stops crediting at the daily cap though every friend before was erased', async () => {
    const line = await fresh()
    await lineOf(line, 40)
    const code = await line.codeOf('p39@example.com')
    const outcomes = []
    for (let index = 0; index <= referralRules.dailyCap; index++) {
      const email = `gone-${index}@example.com`
      await line.join(email, { ref: code, network: `203.0.${index}.0/24` })
      await line.confirm(email, referralRules.burstMs)
      outcomes.push(await line.referralOf(email))
      expect(await line.store.consent.eraseById(await line.idOf(email), new Date())).toBe(true)
    }
    expect(outcomes).toEqual([...Array(referralRules.dailyCap).fill('credited'), 'overDailyCap'])
    await expectPlacesAsSorted(line)
  })

  it('gives everyone confirmed before the line existed a place, in the order they confirmed, and a code', async () => {
    const url = await engine.newDatabase()
    // The release before the line: every version before the one that places the confirmed.
    const older = await openStore(url, { stopBefore: '2026-11-24-1014-line-and-referrals' })
    for (const [email, confirmedAt] of [
      ['late@example.com', '2026-11-20T10:00:00.000Z'],
      ['pending@example.com', null],
      ['early@example.com', '2026-11-19T10:00:00.000Z'],
      ['gone@example.com', '2026-11-21T10:00:00.000Z'],
    ] as const) {
      // As the older release stored them (its columns only).
      await older.database.db
        .insertInto('signups')
        .values({
          email_normalized: email,
          email,
          first_name: 'Ann',
          source: validSignup.source,
          created_at: '2026-11-18T10:00:00.000Z',
          status: confirmedAt === null ? 'pending' : email === 'gone@example.com' ? 'unsubscribed' : 'confirmed',
          confirmed_at: confirmedAt,
        })
        .execute()
    }
    await older.close()
    const store = await openStore(url)
    opened.push(store)
    const { db } = store.database
    const placeOf = async (email: string) =>
      store.line.placeOf((await db.selectFrom('signups').select('id').where('email_normalized', '=', email).executeTakeFirstOrThrow()).id)
    expect(await placeOf('early@example.com')).toEqual({ place: 1, inLine: 3 })
    expect(await placeOf('late@example.com')).toEqual({ place: 2, inLine: 3 })
    // Unsubscribed since: keeps the place.
    expect(await placeOf('gone@example.com')).toEqual({ place: 3, inLine: 3 })
    expect(await placeOf('pending@example.com')).toBeUndefined()
    const codes = await db.selectFrom('signups').select('referral_code').where('referral_code', 'is not', null).execute()
    expect(new Set(codes.map((row) => row.referral_code)).size).toBe(3)
  })

  it('keeps every decision made before decisions outlived their friends, each friend still once', async () => {
    const url = await engine.newDatabase()
    const older = await openStore(url, { stopBefore: '2026-11-26-1812-decisions-outlive-friends' })
    // As the older release stored them: keyed by the friend.
    await older.database.db
      .insertInto('referrals')
      .values([
        { friend_id: 12, referrer_id: 3, outcome: 'held', network: 'f00d', decided_at: '2026-11-20T10:00:00.000Z' },
        { friend_id: 7, referrer_id: 3, outcome: 'credited', network: null, decided_at: '2026-11-19T10:00:00.000Z' },
      ])
      .execute()
    await older.close()
    const store = await openStore(url)
    opened.push(store)
    const { db } = store.database
    const rows = await db.selectFrom('referrals').select(['id', 'friend_id', 'referrer_id', 'outcome', 'network', 'decided_at']).orderBy('id').execute()
    expect(rows.map((row) => ({ ...row, id: Number(row.id), friend_id: Number(row.friend_id), referrer_id: Number(row.referrer_id) }))).toEqual([
      { id: 1, friend_id: 7, referrer_id: 3, outcome: 'credited', network: null, decided_at: '2026-11-19T10:00:00.000Z' },
      { id: 2, friend_id: 12, referrer_id: 3, outcome: 'held', network: 'f00d', decided_at: '2026-11-20T10:00:00.000Z' },
    ])
    // Erased friends' decisions stay side by side; a friend still listed has one decision at most.
    const decision = { referrer_id: 3, outcome: 'credited' as const, network: null, decided_at: '2026-11-21T10:00:00.000Z' }
    await db.insertInto('referrals').values([{ ...decision, friend_id: null }, { ...decision, friend_id: null }]).execute()
    await expect(db.insertInto('referrals').values({ ...decision, friend_id: 7 }).execute()).rejects.toThrow()
  })

  it('reads the right place across ranges of keys, with credits that move people past the front', async () => {
    const store = await openStore(await engine.newDatabase())
    opened.push(store)
    // A boost far larger than a range of keys, so credits cross ranges and go below zero.
    const bigBoost = lineOver(store.database, { boostPlaces: 1500 })
    const events = transactionEvents<ConsentEvents>()
    events.subscribe(lineFollowsConsent(bigBoost))
    const consent = consentStore(store.database, events, heldInvitation)
    const { db } = store.database
    const count = 2300
    for (let start = 0; start < count; start += 500)
      await Promise.all(
        Array.from({ length: Math.min(500, count - start) }, (_, index) =>
          store.add({
            ...validSignup,
            email: `r${start + index}@example.com`,
            emailNormalized: `r${start + index}@example.com`,
            submissionId: null,
          }),
        ),
      )
    const ids = (await db.selectFrom('signups').select('id').orderBy('id').execute()).map((row) => row.id)
    const confirmAt = async (id: number, at: number) => {
      const secret = newSecret()
      await saveLinkTokens(store.database.db, [
        {
          hash: hashSecret(secret),
          purpose: 'confirm',
          personId: id,
          expiresAt: new Date(at + 86_400_000),
        },
      ])
      return consent.useToken('confirm', hashSecret(secret), new Date(at))
    }
    let at = Date.parse('2026-11-24T09:00:00Z')
    for (const id of ids) await confirmAt(id, (at += 1000))
    // Three people far back each get one friend, hours apart (no farm, no cap).
    for (const [index, referrerId] of [ids[2200]!, ids[2299]!, ids[1100]!].entries()) {
      const { referral_code: code } = await db.selectFrom('signups').select('referral_code').where('id', '=', referrerId).executeTakeFirstOrThrow()
      await store.add({
        ...validSignup,
        email: `f${index}@example.com`,
        emailNormalized: `f${index}@example.com`,
        submissionId: null,
        consent: { ...noConsentRecord, referralCode: code },
        network: `10.${index}.0.0/24`,
      })
      await store.settled()
      const { id } = await db.selectFrom('signups').select('id').where('email_normalized', '=', `f${index}@example.com`).executeTakeFirstOrThrow()
      await confirmAt(id, (at += 3_600_000))
    }
    const everyone = (await db.selectFrom('signups').select(['id', 'line_score', 'confirm_seq', 'referral_credits']).execute()).sort(byPlace)
    expect(everyone.filter((row) => row.line_score! < 0)).toHaveLength(1)
    for (const position of [0, 1, 2, 3, 500, 1023, 1024, 1025, 1500, 2047, 2048, 2301, everyone.length - 1])
      expect(await bigBoost.placeOf(everyone[position]!.id), `position ${position}`).toEqual({ place: position + 1, inLine: everyone.length })
    // Everyone's place at once (the console's export) agrees with the sort, read a few at a time so that
    // people who share a key are split across reads; and nobody unconfirmed has one.
    const placeOf = await lineOver(store.database, { boostPlaces: 1500, placePageSize: 7 }).everyonesPlaces()
    expect(everyone.map((row) => placeOf(row.id))).toEqual(everyone.map((_, position) => position + 1))
    expect(placeOf(0)).toBeUndefined()
    expect(placeOf(everyone.length + 1000)).toBeUndefined()
    // Who waits for an invitation, read from the kept counts: everyone, the one whose key is below zero too; then
    // one fewer when the first in line unsubscribes, who keeps the place.
    expect(await bigBoost.waiting(db)).toBe(everyone.length)
    const secret = newSecret()
    await saveLinkTokens(db, [{ hash: hashSecret(secret), purpose: 'unsubscribe', personId: everyone[0]!.id, expiresAt: new Date(at + 86_400_000) }])
    expect(await consent.useToken('unsubscribe', hashSecret(secret), new Date((at += 1000)))).toEqual({ signupId: everyone[0]!.id })
    expect(await bigBoost.waiting(db)).toBe(everyone.length - 1)
    expect(await bigBoost.placeOf(everyone[0]!.id)).toEqual({ place: 1, inLine: everyone.length })
  }, 240_000)
})
