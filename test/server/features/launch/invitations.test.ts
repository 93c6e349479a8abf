// @vitest-environment node
// Invitations in waves (issue 22), against both engines, with the outbox sender delivering to a mailbox in
// memory on a clock the test moves: a wave takes the next confirmed people by place and nobody twice, its
// emails leave at the configured pace, a link claims once, one reminder goes only to someone still invited,
// expiry, sending again, unsubscribing and erasure each land in the funnel, someone who unsubscribes and joins
// again returns to where they stood, and the daily pace runs once a UTC day until the list is empty, whatever
// the clocks of its instances do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashSecret, newSecret } from '../../../../server/platform/secrets/tokens'
import { outboxStore } from '../../../../server/platform/outbox/outbox-store'
import { budgetRetryMs, type OutboxSender } from '../../../../server/platform/outbox/outbox-sender'
import { createMetrics, type Metrics } from '../../../../server/platform/observability/metrics'
import { startLaunchTicker } from '../../../../server/features/launch/launch-ticker'
import type { OutgoingMail } from '../../../../server/platform/mail/mailer'
import { OverBudgetError } from '../../../../server/platform/mail/mailbox-budget'
import { noConsentRecord } from '../../../../server/features/signup/validate'
import { canonicalAddress } from '../../../../shared/mailbox'
import { invitationRules, reminderAfterMs } from '../../../../shared/rules'
import { memoryMailer } from '../../../../tools/memory-mailer'
import { openStore, type Stores } from '../../../../tools/open-store'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { invitationSubject } from '../../../../server/features/launch/invitation-email'
import { invitationReminderSubject } from '../../../../server/features/launch/invitation-reminder-email'
import { confirmationSubject } from '../../../../server/features/consent/confirmation-email'
import { welcomeSubject } from '../../../../server/features/referral/welcome-email'
import { validSignup } from '../../harness'
import { saveLinkTokens } from '../../../../server/platform/secrets/link-tokens'
import { invitationDefaults, invitations } from '../../../../server/features/launch/invitations'
import { recorded } from '../../../utils/recorded-statements'

const day = 86_400_000
const lifetimeMs = invitationRules.lifetimeMs
const sendsPerSecond = 20

describe.each(eachEngine())('invitations on $engine', (engine: EngineUnderTest) => {
  const opened: { store: Stores; sender: OutboxSender }[] = []
  /** Further instances over a test's database, with no sender of their own. */
  const instances: Stores[] = []
  beforeAll(() => engine.setup(), 60_000)
  afterAll(async () => {
    for (const { store, sender } of opened) {
      await sender.stop()
      await store.close().catch(() => {})
    }
    for (const store of instances) await store.close().catch(() => {})
    await engine.teardown()
  })

  async function fresh(options: { overBudget?: (mail: OutgoingMail) => boolean; metrics?: Metrics } = {}) {
    const databaseUrl = await engine.newDatabase()
    const clock = { at: Date.parse('2026-12-01T08:00:00Z') }
    const now = () => new Date(clock.at)
    // The per-inbox daily budget (platform/mail/mailbox-budget.ts) refusing, as the budgeted mailer does.
    const mailer = memoryMailer({ refuse: (mail) => (options.overBudget?.(mail) ? new OverBudgetError() : undefined) })
    const sent = mailer.sent
    const store = await openStore(databaseUrl, { invitations: { lifetimeMs, sendsPerSecond }, mailer, metrics: options.metrics, now, publicUrl: 'https://site.example', config: { publicApiUrl: 'https://api.example' } })
    // The budget itself counts on the system's clock, not on this test's.
    const sender = await store.startSender({ pollMs: 3_600_000, budget: undefined })
    opened.push({ store, sender })
    const { db } = store.database
    const idOf = async (email: string) =>
      (await db.selectFrom('signups').select('id').where('email_normalized', '=', canonicalAddress(email)!).executeTakeFirstOrThrow()).id
    const statusOf = async (email: string) => (await db.selectFrom('signups').select('status').where('email_normalized', '=', canonicalAddress(email)!).executeTakeFirst())?.status
    const spendToken = async (purpose: 'confirm' | 'unsubscribe', email: string) => {
      const secret = newSecret()
      await saveLinkTokens(store.database.db, [{ hash: hashSecret(secret), purpose, personId: await idOf(email), expiresAt: new Date(clock.at + day) }])
      return store.consent.useToken(purpose, hashSecret(secret), now())
    }
    const join = async (email: string) => {
      await store.add({ ...validSignup, email, emailNormalized: canonicalAddress(email)!, submissionId: null, consent: noConsentRecord })
      await store.settled()
    }
    /** `count` people who join and confirm, a minute apart, in this order. */
    const confirmed = async (count: number, prefix = 'p') => {
      const emails = Array.from({ length: count }, (_, index) => `${prefix}${index}@example.com`)
      for (const email of emails) {
        await join(email)
        clock.at += 60_000
        await spendToken('confirm', email)
      }
      return emails
    }
    /** Moves the clock and lets the sender send everything due by then. */
    const at = async (ms: number) => {
      clock.at = ms
      await sender.idle()
    }
    const mailTo = (email: string, subject?: string) => sent.filter((mail) => mail.to === email && (!subject || mail.subject === subject))
    const linkToken = (mail: OutgoingMail, label: string) => new URL(mail.links!.find((link) => link.label === label)!.url).searchParams.get('token')!
    const claimToken = (mail: OutgoingMail) => linkToken(mail, 'Claim')
    /** Uses the link labelled `label` in the last email this person received with `subject`. */
    const follow = (email: string, subject: string, label: 'Confirm' | 'Unsubscribe') =>
      store.consent.useToken(label === 'Confirm' ? 'confirm' : 'unsubscribe', hashSecret(linkToken(mailTo(email, subject).at(-1)!, label)), now())
    return { databaseUrl, store, db, clock, now, sent, sender, idOf, statusOf, spendToken, join, confirmed, at, mailTo, claimToken, follow }
  }

  const reminderSubject = invitationReminderSubject

  it('invites the next confirmed people by place, passing over the pending and the unsubscribed, and moves everyone behind them up', async () => {
    const t = await fresh()
    const emails = await t.confirmed(6)
    await t.join('pending@example.com')
    await t.spendToken('unsubscribe', emails[1]!)
    const last = emails[5]!
    expect(await t.store.line.placeOf(await t.idOf(last))).toEqual({ place: 6, inLine: 6 })

    const preview = await t.store.invitations.nextUp(3)
    expect(preview.people.map((person) => person.email)).toEqual([emails[0], emails[2], emails[3]])
    expect(preview.people.map((person) => person.place)).toEqual([1, 3, 4])
    expect(preview).toMatchObject({ count: 3, waiting: 5 })

    const started = await t.store.invitations.startWave({ count: 3, by: 'team@company.example', kind: 'next', now: t.now(), firstId: preview.people[0]!.id })
    expect(started).toMatchObject({ ok: true, wave: { kind: 'next', startedBy: 'team@company.example', funnel: { invited: 3 } } })
    expect(await Promise.all(emails.map(t.statusOf))).toEqual(['invited', 'unsubscribed', 'invited', 'invited', 'confirmed', 'confirmed'])
    expect(await t.statusOf('pending@example.com')).toBe('pending')
    // The unsubscribed keep their place; the three invited left the line.
    expect(await t.store.line.placeOf(await t.idOf(last))).toEqual({ place: 3, inLine: 3 })
    expect(await t.store.invitations.nextUp(10)).toMatchObject({ count: 2, waiting: 2 })
    // Their private "your place" page says the invitation is here, instead of a place they no longer hold.
    const secret = newSecret()
    await saveLinkTokens(t.store.database.db, [{ hash: hashSecret(secret), purpose: 'place', personId: await t.idOf(emails[0]!), expiresAt: new Date(t.clock.at + day) }])
    expect(await t.store.line.yourPlace(hashSecret(secret), t.now())).toMatchObject({ invitation: 'invited', place: 0 })
  })

  it('reads a preview through the reads connection: the main one, which signups wait for, is asked nothing', async () => {
    const t = await fresh()
    const emails = await t.confirmed(3)
    const { database: watched, take } = recorded(t.store.database)
    const previewer = invitations(watched, t.store.line, invitationDefaults)
    take()
    expect(await previewer.nextUp(2)).toMatchObject({ count: 2, waiting: 3, people: [{ email: emails[0] }, { email: emails[1] }] })
    expect(take()).toEqual([])
    // The same store asks the main connection when a wave starts, in its transaction.
    expect(await previewer.startWave({ count: 1, by: 'team@company.example', kind: 'next', now: t.now() })).toMatchObject({ ok: true })
    expect(take().length).toBeGreaterThan(0)
  })

  it('never invites anyone twice: waves started together take different people, and a wave from a stale preview invites nobody', async () => {
    const t = await fresh()
    await t.confirmed(8)
    const first = (await t.store.invitations.nextUp(1)).people[0]!.id
    const together = await Promise.all([1, 2, 3].map(() => t.store.invitations.startWave({ count: 2, by: 'a@company.example', kind: 'next', now: t.now() })))
    expect(together.every((wave) => wave.ok)).toBe(true)
    const invited = await t.db.selectFrom('invitations').select('signup_id').execute()
    expect(invited).toHaveLength(6)
    expect(new Set(invited.map((row) => row.signup_id)).size).toBe(6)
    // Two tabs that both saw `first` at the head of the line: it has been invited since.
    expect(await t.store.invitations.startWave({ count: 2, by: 'b@company.example', kind: 'next', now: t.now(), firstId: first })).toEqual({ ok: false, reason: 'list-changed' })
    const head = (await t.store.invitations.nextUp(2)).people[0]!.id
    const [one, other] = await Promise.all([1, 2].map(() => t.store.invitations.startWave({ count: 2, by: 'b@company.example', kind: 'next', now: t.now(), firstId: head })))
    expect([one!.ok, other!.ok].sort()).toEqual([false, true])
    expect(await t.db.selectFrom('invitations').select('id').execute()).toHaveLength(8)
    expect(await t.store.invitations.startWave({ count: 2, by: 'b@company.example', kind: 'next', now: t.now() })).toEqual({ ok: false, reason: 'nobody' })
  })

  it('sends each invitation at the configured pace, claims once, and sends no reminder after a claim', async () => {
    const t = await fresh()
    const emails = await t.confirmed(4)
    const wave = await t.store.invitations.startWave({ count: 4, by: 'a@company.example', kind: 'next', now: t.now() })
    const start = t.clock.at
    const queued = await t.db.selectFrom('outbox').select(['next_attempt_at']).where('kind', '=', 'invite').orderBy('next_attempt_at').execute()
    // Emails queued for later are not waiting yet: the outbox's figures (and /healthz) see only those whose turn has come.
    const unfinished = (await t.db.selectFrom('outbox').select('id').where('finished_at', 'is', null).execute()).length
    const stats = await outboxStore(t.store.database).stats(new Date(start))
    // All but the three later invitations and the four reminders, all of which are due.
    expect(stats).toMatchObject({ waiting: unfinished - 3 - 4, due: unfinished - 3 - 4 })
    expect(queued.map((row) => new Date(row.next_attempt_at).getTime() - start)).toEqual([0, 50, 100, 150])
    // At the wave's start only the first is due; a fifth of a second later, all four have gone.
    await t.at(start)
    expect(t.sent.filter((mail) => mail.subject === invitationSubject)).toHaveLength(1)
    await t.at(start + 200)
    for (const email of emails) expect(t.mailTo(email, invitationSubject)).toHaveLength(1)
    const mail = t.mailTo(emails[0]!, invitationSubject)[0]!
    expect(mail.text).toContain(new URL(mail.links!.find((link) => link.label === 'Claim')!.url).href)
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')

    const token = hashSecret(t.claimToken(mail))
    expect(await t.store.invitations.invitationOf(token, t.now())).toMatchObject({ expiresAt: new Date(start + lifetimeMs) })
    // Reading changes nothing: still invited, and the link still claims.
    expect(await t.statusOf(emails[0]!)).toBe('invited')
    expect(await t.store.invitations.claim(token, t.now())).toBe(true)
    expect(await t.store.invitations.claim(token, t.now())).toBe(false)
    expect(await t.store.invitations.invitationOf(token, t.now())).toBeUndefined()
    expect(await t.statusOf(emails[0]!)).toBe('claimed')

    // Reminder day: the three unclaimed get one reminder each, the claimant none, and never a second.
    await t.at(start + reminderAfterMs(lifetimeMs) + 1000)
    await t.at(start + reminderAfterMs(lifetimeMs) + 2 * day)
    expect(t.mailTo(emails[0]!, reminderSubject)).toHaveLength(0)
    for (const email of emails.slice(1)) expect(t.mailTo(email, reminderSubject)).toHaveLength(1)
    // The reminder's own link claims too.
    const reminder = t.mailTo(emails[1]!).at(-1)!
    expect(await t.store.invitations.claim(hashSecret(t.claimToken(reminder)), t.now())).toBe(true)

    const { total, waves } = await t.store.invitations.overview(true)
    expect(waves[0]).toMatchObject({ id: wave.ok && wave.wave.id })
    expect(total).toEqual({ invited: 4, delivered: 4, reminded: 3, claimed: 2, expired: 0, unsubscribed: 0, erased: 0 })
  })

  it('counts each invitation and reminder in the metrics by its kind, as every registered kind is counted', async () => {
    const metrics = createMetrics()
    const sends = async (kind: string, outcome: string) =>
      (await metrics.outboxSends.get()).values.find((sample) => sample.labels.kind === kind && sample.labels.outcome === outcome)?.value
    const t = await fresh({ metrics })
    // Every kind a feature registers has its series from the start, at 0.
    for (const kind of ['confirm', 'erase', 'welcome', 'invite', 'reminder']) expect(await sends(kind, 'sent'), kind).toBe(0)
    const [ann, bob] = await t.confirmed(2)
    await t.store.invitations.startWave({ count: 2, by: 'a@company.example', kind: 'next', now: t.now() })
    const start = t.clock.at
    await t.at(start + 1000)
    expect(await sends('invite', 'sent')).toBe(2)
    expect(await t.store.invitations.claim(hashSecret(t.claimToken(t.mailTo(ann!, invitationSubject)[0]!)), t.now())).toBe(true)
    // Reminder day: Bob's goes; Ann's, claimed, is skipped.
    await t.at(start + reminderAfterMs(lifetimeMs) + 1000)
    expect(t.mailTo(bob!, reminderSubject)).toHaveLength(1)
    expect(await sends('reminder', 'sent')).toBe(1)
    expect(await sends('reminder', 'skipped')).toBe(1)
    expect(await sends('invite', 'sent')).toBe(2)
  })

  it('expires an unclaimed invitation at its end, refuses its link, and sends it again when the team asks', async () => {
    const t = await fresh()
    const [ann, bob] = await t.confirmed(2)
    const wave = await t.store.invitations.startWave({ count: 2, by: 'a@company.example', kind: 'next', now: t.now() })
    if (!wave.ok) throw new Error('no wave')
    const start = t.clock.at
    await t.at(start + 1000)
    const annToken = hashSecret(t.claimToken(t.mailTo(ann!, invitationSubject)[0]!))
    expect(await t.store.invitations.claim(hashSecret(t.claimToken(t.mailTo(bob!, invitationSubject)[0]!)), t.now())).toBe(true)

    expect(await t.store.invitations.tick(new Date(start + lifetimeMs - 1000))).toEqual({ waveId: undefined, expired: 0 })
    t.clock.at = start + lifetimeMs + 1000
    expect(await t.store.invitations.invitationOf(annToken, t.now())).toBeUndefined()
    expect(await t.store.invitations.tick(t.now())).toEqual({ waveId: undefined, expired: 1 })
    expect(await t.statusOf(ann!)).toBe('expired')
    expect(await t.store.invitations.claim(annToken, t.now())).toBe(false)
    expect((await t.store.invitations.overview(true)).total).toMatchObject({ invited: 2, claimed: 1, expired: 1 })

    const again = await t.store.invitations.inviteAgain(wave.wave.id, 'b@company.example', t.now())
    expect(again).toMatchObject({ ok: true, wave: { kind: 'again', funnel: { invited: 1 } } })
    expect(await t.statusOf(ann!)).toBe('invited')
    await t.at(t.clock.at + 1000)
    const fresh2 = t.mailTo(ann!, invitationSubject)
    expect(fresh2).toHaveLength(2)
    expect(await t.store.invitations.claim(hashSecret(t.claimToken(fresh2[1]!)), t.now())).toBe(true)
    expect(await t.store.invitations.inviteAgain(wave.wave.id, 'b@company.example', t.now())).toEqual({ ok: false, reason: 'nobody' })
  })

  it('sends nothing more to someone who unsubscribed, yet lets them claim, and keeps an erased person only as a count', async () => {
    const t = await fresh()
    const [ann, bob, cy] = await t.confirmed(3)
    await t.store.invitations.startWave({ count: 3, by: 'a@company.example', kind: 'next', now: t.now() })
    const start = t.clock.at
    // Cy unsubscribes before her turn comes: her invitation is never sent.
    await t.spendToken('unsubscribe', cy!)
    await t.at(start + 1000)
    expect(t.mailTo(cy!, invitationSubject)).toHaveLength(0)
    await t.spendToken('unsubscribe', ann!)
    const annToken = hashSecret(t.claimToken(t.mailTo(ann!, invitationSubject)[0]!))
    expect(await t.store.consent.eraseById(await t.idOf(bob!), t.now())).toBe(true)

    await t.at(start + reminderAfterMs(lifetimeMs) + 1000)
    expect(t.sent.filter((mail) => mail.subject === reminderSubject)).toHaveLength(0)
    expect(await t.store.invitations.claim(annToken, t.now())).toBe(true)
    expect(await t.statusOf(ann!)).toBe('claimed')

    const rows = await t.db.selectFrom('invitations').select(['signup_id', 'erased_at']).execute()
    expect(rows.filter((row) => row.signup_id === null)).toHaveLength(1)
    expect((await t.store.invitations.overview(true)).total).toEqual({ invited: 3, delivered: 2, reminded: 0, claimed: 1, expired: 0, unsubscribed: 2, erased: 1 })
  })

  it('returns someone who unsubscribed and joins again to where they stood, mailing them only the confirmation and an invitation that never reached them', async () => {
    const t = await fresh()
    const [ann, bob, cy, dee, eve] = await t.confirmed(5)
    await t.at(t.clock.at)
    // Ann unsubscribes in line, and the wave passes over her; Dee unsubscribes before her invitation's turn.
    await t.follow(ann!, welcomeSubject, 'Unsubscribe')
    await t.store.invitations.startWave({ count: 3, by: 'a@company.example', kind: 'next', now: t.now() })
    const start = t.clock.at
    await t.follow(dee!, welcomeSubject, 'Unsubscribe')
    await t.at(start + 1000)
    expect(t.mailTo(dee!, invitationSubject)).toHaveLength(0)
    // Bob claims, then unsubscribes; Cy unsubscribes from her invitation and keeps its link.
    const bobToken = hashSecret(t.claimToken(t.mailTo(bob!, invitationSubject)[0]!))
    const cyToken = hashSecret(t.claimToken(t.mailTo(cy!, invitationSubject)[0]!))
    expect(await t.store.invitations.claim(bobToken, t.now())).toBe(true)
    await t.follow(bob!, invitationSubject, 'Unsubscribe')
    await t.follow(cy!, invitationSubject, 'Unsubscribe')
    expect(await Promise.all([ann, bob, cy, dee].map((email) => t.statusOf(email!)))).toEqual(['unsubscribed', 'unsubscribed', 'unsubscribed', 'unsubscribed'])

    // An hour later all four join again: each is mailed one confirmation, and nothing else yet.
    await t.at(start + 3_600_000)
    const before = t.sent.length
    for (const email of [ann, bob, cy, dee]) await t.join(email!)
    await t.at(t.clock.at + 1000)
    // Different people's emails go side by side (MAIL_CONCURRENCY), so in any order.
    expect(t.sent.slice(before).map((mail) => [mail.to, mail.subject]).sort()).toEqual([ann, bob, cy, dee].map((email) => [email, confirmationSubject]).sort())
    // Until they confirm, the invitation Cy holds still works.
    expect(await t.store.invitations.invitationOf(cyToken, t.now())).toBeDefined()

    for (const email of [ann, bob, cy, dee]) expect(await t.follow(email!, confirmationSubject, 'Confirm')).toBeDefined()
    expect(await Promise.all([ann, bob, cy, dee, eve].map((email) => t.statusOf(email!)))).toEqual(['confirmed', 'claimed', 'invited', 'invited', 'confirmed'])
    // Ann is back at her old place, ahead of Eve, and the next to invite.
    expect(await t.store.line.placeOf(await t.idOf(ann!))).toEqual({ place: 1, inLine: 2 })
    expect((await t.store.invitations.nextUp(1)).people.map((person) => person.email)).toEqual([ann])
    // Cy's link works again; Dee's invitation, which never reached her, is sent now, once; nothing else is mailed.
    const confirmedAt = t.sent.length
    await t.at(t.clock.at + 1000)
    expect(t.sent.slice(confirmedAt).map((mail) => [mail.to, mail.subject])).toEqual([[dee, invitationSubject]])
    expect(await t.store.invitations.invitationOf(cyToken, t.now())).toMatchObject({ expiresAt: new Date(start + lifetimeMs) })
    // Their reminders go on their day, as for anyone invited; Bob's claimed invitation has none.
    await t.at(start + reminderAfterMs(lifetimeMs) + 1000)
    expect([bob, cy, dee].map((email) => t.mailTo(email!, reminderSubject).length)).toEqual([0, 1, 1])
    expect(await t.store.invitations.claim(hashSecret(t.claimToken(t.mailTo(dee!, invitationSubject)[0]!)), t.now())).toBe(true)
    expect(await t.store.invitations.claim(cyToken, t.now())).toBe(true)
    expect((await t.store.invitations.overview(true)).total).toEqual({ invited: 3, delivered: 3, reminded: 2, claimed: 3, expired: 0, unsubscribed: 0, erased: 0 })
  })

  it('returns someone whose invitation ended while they were away to an expired one, which the team can send again', async () => {
    const t = await fresh()
    const [ann] = await t.confirmed(1)
    const wave = await t.store.invitations.startWave({ count: 1, by: 'a@company.example', kind: 'next', now: t.now() })
    if (!wave.ok) throw new Error('no wave')
    const start = t.clock.at
    await t.at(start + 1000)
    const annToken = hashSecret(t.claimToken(t.mailTo(ann!, invitationSubject)[0]!))
    await t.follow(ann!, invitationSubject, 'Unsubscribe')
    await t.at(start + lifetimeMs + day)
    expect(await t.store.invitations.tick(t.now())).toMatchObject({ expired: 0 })

    await t.join(ann!)
    await t.at(t.clock.at + 1000)
    expect(await t.follow(ann!, confirmationSubject, 'Confirm')).toBeDefined()
    expect(await t.statusOf(ann!)).toBe('expired')
    expect(await t.store.invitations.invitationOf(annToken, t.now())).toBeUndefined()
    expect((await t.store.invitations.overview(true)).total).toMatchObject({ invited: 1, expired: 1 })
    const again = await t.store.invitations.inviteAgain(wave.wave.id, 'b@company.example', t.now())
    expect(again).toMatchObject({ ok: true, wave: { kind: 'again', funnel: { invited: 1 } } })
    await t.at(t.clock.at + 1000)
    expect(t.mailTo(ann!, invitationSubject)).toHaveLength(2)
    expect(await t.store.invitations.claim(hashSecret(t.claimToken(t.mailTo(ann!, invitationSubject)[1]!)), t.now())).toBe(true)
  })

  it('holds an invitation over its inbox’s daily budget and sends it later, never drops it', async () => {
    let refusing = true
    const t = await fresh({ overBudget: (mail) => refusing && mail.subject === invitationSubject })
    const [ann] = await t.confirmed(1)
    await t.store.invitations.startWave({ count: 1, by: 'a@company.example', kind: 'next', now: t.now() })
    const start = t.clock.at
    await t.at(start + 1000)
    expect(t.mailTo(ann!, invitationSubject)).toHaveLength(0)
    const waiting = await t.db.selectFrom('outbox').select(['finished_at', 'next_attempt_at']).where('kind', '=', 'invite').executeTakeFirstOrThrow()
    expect(waiting.finished_at).toBeNull()
    expect(new Date(waiting.next_attempt_at).getTime()).toBe(start + 1000 + budgetRetryMs)
    refusing = false
    await t.at(start + 1000 + budgetRetryMs)
    expect(t.mailTo(ann!, invitationSubject)).toHaveLength(1)
    expect((await t.store.invitations.overview(true)).total).toMatchObject({ invited: 1, delivered: 1 })
  })

  it('runs the pace once a day at its time, on one instance, until the list is empty', async () => {
    const t = await fresh()
    await t.confirmed(5)
    const day0 = Date.parse('2026-12-02T00:00:00Z')
    // Set at 10:00 for 09:00: the first wave is tomorrow's.
    t.clock.at = day0 + 10 * 3_600_000
    expect(await t.store.invitations.setPace({ perDay: 2, atUtc: '09:00' }, 'a@company.example', t.now())).toMatchObject({ perDay: 2, lastRunDay: '2026-12-02' })
    expect(await t.store.invitations.tick(new Date(day0 + 11 * 3_600_000))).toMatchObject({ waveId: undefined })
    const morning = new Date(day0 + day + 9 * 3_600_000 + 60_000)
    // Two instances tick at the same moment: one wave.
    const ticks = await Promise.all([t.store.invitations.tick(morning), t.store.invitations.tick(morning)])
    expect(ticks.filter((tick) => tick.waveId !== undefined)).toHaveLength(1)
    expect(await t.store.invitations.tick(new Date(morning.getTime() + 3_600_000))).toMatchObject({ waveId: undefined })
    expect((await t.store.invitations.overview(true)).pace).toMatchObject({ perDay: 2, lastRunDay: '2026-12-03' })
    expect((await t.store.invitations.tick(new Date(morning.getTime() + day))).waveId).toBeDefined()
    // The third day takes the last one and empties the list: the pace ends by itself.
    expect((await t.store.invitations.tick(new Date(morning.getTime() + 2 * day))).waveId).toBeDefined()
    const overview = await t.store.invitations.overview(true)
    expect(overview).toMatchObject({ pace: null, paceEnded: { reason: 'list-empty' }, waiting: 0, total: { invited: 5 } })
    expect(overview.waves.map((wave) => [wave.kind, wave.funnel.invited])).toEqual([
      ['pace', 1],
      ['pace', 2],
      ['pace', 2],
    ])
    expect(await t.store.invitations.stopPace(t.now())).toBe(false)
  })

  it('runs one wave per UTC day of the pace whatever the clock does, on every instance: stepped back across midnight, set again, or forward over days', async () => {
    const t = await fresh()
    await t.confirmed(8)
    // A second instance over the same database (PostgreSQL); on SQLite one process owns the file, so its own store.
    const other = engine.engine === 'postgres' ? await openStore(t.databaseUrl, { invitations: { lifetimeMs, sendsPerSecond } }) : t.store
    if (other !== t.store) instances.push(other)
    const errors: unknown[] = []
    // One tick of the launch ticker as an instance runs it, on that instance's clock; the waves it started.
    const tickOn = async (store: Stores, at: string) => {
      let waves = 0
      const ticker = startLaunchTicker({
        invitations: store.invitations,
        now: () => new Date(at),
        everyMs: 3_600_000,
        onWave: () => waves++,
        log: { info: () => {}, error: (error: unknown) => errors.push(error) },
      })
      await ticker.stop()
      return waves
    }
    const paceWaves = async () => (await t.store.invitations.overview(true)).waves.filter((wave) => wave.kind === 'pace').length

    t.clock.at = Date.parse('2026-12-01T08:00:00Z')
    await t.store.invitations.setPace({ perDay: 1, atUtc: '00:00' }, 'a@company.example', t.now())
    expect(await tickOn(t.store, '2026-12-02T00:00:00Z')).toBe(1)
    // The clock is stepped back a minute, across midnight, then comes forward again: 2 December has had its wave,
    // and 1 December (before it) is not run after it.
    expect(await tickOn(other, '2026-12-01T23:59:00Z')).toBe(0)
    expect(await tickOn(t.store, '2026-12-02T00:00:30Z')).toBe(0)
    expect(await Promise.all([tickOn(t.store, '2026-12-02T00:01:00Z'), tickOn(other, '2026-12-01T23:59:30Z')])).toEqual([0, 0])
    expect(await paceWaves()).toBe(1)
    // The team sets the pace again on a clock still behind: the day already run stays run.
    t.clock.at = Date.parse('2026-12-01T23:58:00Z')
    expect(await t.store.invitations.setPace({ perDay: 1, atUtc: '00:00' }, 'a@company.example', t.now())).toMatchObject({ lastRunDay: '2026-12-02' })
    expect(await tickOn(other, '2026-12-02T00:02:00Z')).toBe(0)
    // Stepped forward three days: today's wave only, never the skipped days', not even when stepped back to one.
    expect(await tickOn(t.store, '2026-12-05T00:00:00Z')).toBe(1)
    expect(await tickOn(other, '2026-12-04T00:00:00Z')).toBe(0)
    expect(await tickOn(t.store, '2026-12-05T12:00:00Z')).toBe(0)
    expect(await paceWaves()).toBe(2)
    expect((await t.store.invitations.overview(true)).pace).toMatchObject({ lastRunDay: '2026-12-05' })
    expect(errors).toEqual([])
  })
})
