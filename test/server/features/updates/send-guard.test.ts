// @vitest-environment node
// A send that protects the domain (issue 49), against a real server on each engine with real SMTP: an update's send
// pauses itself when its complaint rate, or its hard-bounce rate, passes its limit once enough of its emails have
// gone (UPDATE_PAUSE_COMPLAINT_PERCENT, UPDATE_PAUSE_BOUNCE_PERCENT, UPDATE_PAUSE_AFTER, small here); it says why;
// nothing more leaves while it waits; a member's Resume (audited) carries it on, and everyone gets it once.
import { pauseReason } from '../../../../server/features/updates/send-guard'
import { updateKind } from '../../../../server/features/updates/update-sends'
import { readConfig } from '../../../../server/config'
import type { OutboxSender } from '../../../../server/platform/outbox/outbox-sender'
import type { SendGuard, UpdateDraft } from '../../../../shared/update-rows'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { until } from '../../../../tools/until'
import { signedInConsoleOn } from '../../admin-harness'

describe('the rule', () => {
  const guard: SendGuard = { complaintPercent: 0.3, hardBouncePercent: 5, after: 1000 }
  it('judges nothing before `after` emails, and pauses only past a limit, complaints first', () => {
    expect(pauseReason({ emails: 999, hardBounces: 500, complaints: 500 }, guard)).toBeUndefined()
    expect(pauseReason({ emails: 1000, hardBounces: 50, complaints: 3 }, guard)).toBeUndefined()
    expect(pauseReason({ emails: 1000, hardBounces: 0, complaints: 4 }, guard)).toBe('complaints')
    expect(pauseReason({ emails: 1000, hardBounces: 51, complaints: 0 }, guard)).toBe('hard-bounces')
    expect(pauseReason({ emails: 1000, hardBounces: 51, complaints: 4 }, guard)).toBe('complaints')
    expect(pauseReason({ emails: 10_000, hardBounces: 0, complaints: 31 }, guard)).toBe('complaints')
  })
})

describe.each(eachEngine())('a send that protects the domain on $engine', (engine: EngineUnderTest) => {
  const guard: SendGuard = { complaintPercent: 10, hardBouncePercent: 20, after: 15 }
  const { server, api: send } = signedInConsoleOn(engine, { bounces: { ...readConfig({}).bounces, sendGuard: guard } })
  let sender: OutboxSender | undefined
  let people = 0

  const db = () => server().store.database.db
  const read = async (id: number): Promise<UpdateDraft> => ((await (await send('GET', `/updates/${id}`)).json()) as { update: UpdateDraft }).update
  const tick = () => server().store.updateSends.tick(new Date())

  /** `count` confirmed people holding news and updates, and nobody else. */
  async function seed(count: number) {
    await db().updateTable('signups').set({ news_withdrawn_at: new Date().toISOString() }).where('news_withdrawn_at', 'is', null).where('news_given_at', 'is not', null).execute()
    const now = new Date().toISOString()
    for (let index = 0; index < count; index++) {
      const email = `guard.${++people}@example.com`
      await server().store.add({ email, emailNormalized: email, firstName: 'Pat', source: 'test', submissionId: null })
      await db().updateTable('signups').set({ status: 'confirmed', confirmed_at: now, news_given_at: now, news_consent_version: '2026-11-27' }).where('email_normalized', '=', email).execute()
    }
    await server().store.settled()
    await db().deleteFrom('outbox').where('kind', '<>', updateKind).execute()
  }

  /** An update sent to everyone at 5 a second: the clock's first look queues 11 (two seconds ahead, and one). */
  async function startSending(subject: string): Promise<number> {
    const made = (await (await send('POST', '/updates', { subject, preheader: 'A short one.', body: 'Hello.' })).json()) as { update: UpdateDraft }
    expect((await send('POST', `/updates/${made.update.id}/send`, { audience: 'everyone', perSecond: 5 })).status).toBe(200)
    sender ??= await server().store.startSender({ pollMs: 50 })
    return made.update.id
  }

  const gone = async (id: number) => (await read(id)).send!.record.sent
  const sentTo = async (id: number) =>
    (
      await db()
        .selectFrom('update_recipients')
        .innerJoin('signups', 'signups.id', 'update_recipients.signup_id')
        .select('signups.email')
        .where('update_id', '=', id)
        .where('state', '=', 'sent')
        .orderBy('update_recipients.id')
        .execute()
    ).map((row) => row.email)
  const received = (subject: string) => server().inbox.mails.filter((mail) => mail.subject === subject).flatMap((mail) => mail.rcptTo)

  /** The clock and the sender until the update is paused or done. */
  async function sendUntil(id: number, state: 'paused' | 'done') {
    await until(
      async () => {
        await tick()
        await sender!.idle()
        return (await read(id)).send?.state === state
      },
      30_000,
      `update #${id} ${state}`,
    )
  }

  /** Paused: once the emails a sender held when it paused have gone, nothing queued for it is left in the outbox,
   * and no email leaves on more looks of the clock. */
  async function expectHeld(id: number, subject: string) {
    await sender!.idle()
    const before = received(subject).length
    for (let look = 0; look < 3; look++) {
      expect((await tick()).queued).toBe(0)
      await sender!.idle()
    }
    expect(received(subject)).toHaveLength(before)
    const queued = await db().selectFrom('update_recipients').select('id').where('update_id', '=', id).where('state', 'in', ['queued', 'sending']).execute()
    expect(queued).toEqual([])
  }

  /** Resumed by a member (audited), it finishes: every person once, none lost, none twice. */
  async function resumeAndFinish(id: number, subject: string, audience: number) {
    expect((await send('POST', `/updates/${id}/resume`)).status).toBe(200)
    expect((await read(id)).send).toMatchObject({ state: 'sending', autoPaused: null })
    await sendUntil(id, 'done')
    const to = received(subject)
    expect(to).toHaveLength(audience)
    expect(new Set(to).size).toBe(audience)
    const audit = await db().selectFrom('admin_audit').select(['action', 'detail']).where('detail', '=', `update #${id}: resumed`).execute()
    expect(audit).toEqual([{ action: 'send-update', detail: `update #${id}: resumed` }])
  }

  afterEach(async () => {
    await sender?.stop()
    sender = undefined
  })

  it('pauses on complaints past UPDATE_PAUSE_COMPLAINT_PERCENT, says why, holds the rest, and resumes on a member’s word', async () => {
    await seed(30)
    const subject = 'Complained of'
    const id = await startSending(subject)
    await tick()
    await until(async () => (await gone(id)) === 11, 20_000, 'the first 11 sent')
    // Three of the first 11 mark it as spam: past 10 %, but under 15 emails nothing is judged yet.
    for (const address of (await sentTo(id)).slice(0, 3)) await server().store.suppressions.record({ address, kind: 'complaint', source: 'postmark', words: 'abuse' }, new Date())
    expect((await tick()).paused).toBe(0)
    expect((await read(id)).send).toMatchObject({ state: 'sending', autoPaused: null, record: { complaints: 3, hardBounces: 0 } })
    // Once 15 have gone, 3 of them (20 %) is over the limit.
    await sendUntil(id, 'paused')
    const paused = (await read(id)).send!
    expect(paused).toMatchObject({ state: 'paused', autoPaused: 'complaints', guard, record: { complaints: 3 } })
    expect(paused.record.sent).toBeGreaterThanOrEqual(15)
    expect(paused.record.sent).toBeLessThan(30)
    await expectHeld(id, subject)
    await resumeAndFinish(id, subject, 30)
  })

  it('pauses on hard bounces past UPDATE_PAUSE_BOUNCE_PERCENT, not on a rate under it', async () => {
    await seed(30)
    const subject = 'Bounced'
    const id = await startSending(subject)
    await tick()
    await until(async () => (await gone(id)) === 11, 20_000, 'the first 11 sent')
    const first = await sentTo(id)
    // Three hard bounces: 3 of at least 15 is at most 20 %, not over it: it carries on.
    for (const address of first.slice(0, 3)) await server().store.suppressions.record({ address, kind: 'hard', source: 'postmark', words: '550 5.1.1 unknown user' }, new Date())
    await until(
      async () => {
        await tick()
        await sender!.idle()
        return (await gone(id)) >= 15
      },
      20_000,
      '15 sent',
    )
    expect((await tick()).paused).toBe(0)
    // Three more, the last told twice (a provider's retry counts once): 6 of at most 26 (15, and what was queued
    // ahead) is over 20 %.
    expect(await gone(id)).toBeLessThanOrEqual(26)
    for (const address of [first[3]!, first[4]!, first[5]!, first[5]!]) await server().store.suppressions.record({ address, kind: 'hard', source: 'postmark', words: '550 5.1.1 unknown user' }, new Date())
    expect((await tick()).paused).toBe(1)
    expect((await read(id)).send).toMatchObject({ state: 'paused', autoPaused: 'hard-bounces', record: { hardBounces: 6, complaints: 0 } })
    await expectHeld(id, subject)
    await resumeAndFinish(id, subject, 30)
    expect((await read(id)).send!.record).toMatchObject({ hardBounces: 6, sent: 30 })
  })

  it('counts every update’s emails, hard bounces and complaints together for the Overview', async () => {
    const rates = await (await send('GET', '/send-rates')).json()
    expect(rates).toEqual({ ok: true, emails: 60, hardBounces: 6, complaints: 3, guard })
  })

  it('counts a complaint from an address already suppressed in its send’s complaint rate, once, and unsubscribes its person', async () => {
    await seed(30)
    const id = await startSending('Told late')
    await tick()
    await until(async () => (await gone(id)) === 11, 20_000, 'the first 11 sent')
    const [bounced, twice] = await sentTo(id)
    const complaint = (address: string) => server().store.suppressions.record({ address, kind: 'complaint', source: 'ses', words: 'abuse' }, new Date())
    // A hard bounce the provider told late, then a complaint of the same email: the complaint still counts.
    await server().store.suppressions.record({ address: bounced!, kind: 'hard', source: 'ses', words: '550 5.1.1 unknown user' }, new Date())
    expect(await complaint(bounced!)).toBe('suppressed')
    // A complaint told twice (a provider's retry, or a second press) is told again, and counts once.
    expect(await complaint(twice!)).toBe('suppressed')
    expect(await complaint(twice!)).toBe('suppressed')
    expect((await read(id)).send!.record).toMatchObject({ hardBounces: 1, complaints: 2 })
    const statuses = await db().selectFrom('signups').select('status').where('email_normalized', 'in', [bounced!, twice!]).execute()
    expect(statuses.map((row) => row.status)).toEqual(['unsubscribed', 'unsubscribed'])
  })
})
