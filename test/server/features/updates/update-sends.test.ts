// @vitest-environment node
// Sending an update to the list (issue 31, "Audience", "Sending", "The record"), against a real server on each
// engine with real SMTP. People are seeded at each step of the launch, some holding news and updates; the team
// counts the audiences, sends to one, and each person in it gets the update once, with a one-click unsubscribe
// that stops news and updates only. Someone who takes news back or is erased before their turn is skipped; a pause
// withdraws what was queued and a resume carries on; a cancel skips the rest; a send an instance began before it
// was killed is never sent again; a scheduled send starts at its time and can be taken back. Only a draft can be
// edited or deleted. The record counts it all, and its CSV lists it (an erased person without their address).
import { sendMessages } from '../../../../server/features/updates/update-routes'
import { updateKind } from '../../../../server/features/updates/update-sends'
import type { OutboxSender } from '../../../../server/platform/outbox/outbox-sender'
import { saveLinkTokens } from '../../../../server/platform/secrets/link-tokens'
import { hashSecret, newSecret } from '../../../../server/platform/secrets/tokens'
import type { StoredStatus } from '../../../../shared/stored-statuses'
import type { UpdateAudience, UpdateDraft, UpdateRecord } from '../../../../shared/update-rows'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { rawHeader } from '../../../../tools/smtp-inbox'
import { until } from '../../../../tools/until'
import { adminEmail, signedInConsoleOn } from '../../admin-harness'
import { tmpdir } from 'node:os'
import { createMailer } from '../../../../server/platform/mail/mailer'
import { openStore } from '../../../../tools/open-store'

type Person = { email: string; status: StoredStatus; news: 'held' | 'none' | 'withdrawn' }

const record = (counts: Partial<Omit<UpdateRecord, 'skipped'>> & { skipped?: Partial<UpdateRecord['skipped']> }): UpdateRecord => ({
  audience: 0,
  toGo: 0,
  sent: 0,
  refused: 0,
  unsubscribed: 0,
  hardBounces: 0,
  complaints: 0,
  ...counts,
  skipped: { unsubscribed: 0, erased: 0, cancelled: 0, unknown: 0, suppressed: 0, ...counts.skipped },
})

describe.each(eachEngine())('sending an update on $engine', (engine: EngineUnderTest) => {
  const { server, api: send } = signedInConsoleOn(engine)
  let sender: OutboxSender | undefined
  let people = 0

  const json = async (response: Response, status = 200) => {
    expect(response.status, response.url).toBe(status)
    return response.json()
  }
  const db = () => server().store.database.db

  // People at their step of the launch, straight into the table (their confirmations' emails taken away), and
  // nobody else holding news: each test's audience is its own people.
  async function seed(list: Omit<Person, 'email'>[]): Promise<(Person & { id: number })[]> {
    await db().updateTable('signups').set({ news_withdrawn_at: new Date().toISOString() }).where('news_withdrawn_at', 'is', null).where('news_given_at', 'is not', null).execute()
    const seeded = []
    for (const person of list) {
      const email = `person.${++people}@example.com`
      await server().store.add({ email, emailNormalized: email, firstName: 'Pat', source: 'test', submissionId: null })
      const now = new Date().toISOString()
      const row = await db()
        .updateTable('signups')
        .set({
          status: person.status,
          confirmed_at: person.status === 'pending' ? null : now,
          news_given_at: person.news === 'none' ? null : now,
          news_consent_version: person.news === 'none' ? null : '2026-11-27',
          news_withdrawn_at: person.news === 'withdrawn' ? now : null,
        })
        .where('email_normalized', '=', email)
        .returning('id')
        .executeTakeFirstOrThrow()
      seeded.push({ ...person, email, id: Number(row.id) })
    }
    await server().store.settled()
    await db().deleteFrom('outbox').where('kind', '<>', updateKind).execute()
    return seeded
  }

  const create = async (subject: string): Promise<UpdateDraft> =>
    (await json(await send('POST', '/updates', { subject, preheader: 'A short one.', body: 'Read [more](https://stridehealth.example/blog).' }), 201)).update
  const read = async (id: number): Promise<UpdateDraft> => (await json(await send('GET', `/updates/${id}`))).update
  // The server's clock (its routes and its sender), which a test may move forward, and the updates' clock at it.
  const now = () => new Date(Date.now() + server().clock.offsetMs)
  const tick = (at = now()) => server().store.updateSends.tick(at)
  const received = (subject: string) => server().inbox.mails.filter((mail) => mail.subject === subject)
  /** The clock and the sender, until the update is done. */
  async function sendAll(id: number) {
    sender ??= await server().store.startSender({ pollMs: 50 })
    await until(
      async () => {
        await tick()
        await sender!.idle()
        return (await read(id)).send?.state === 'done'
      },
      30_000,
      `update #${id} done`,
    )
    // Each email marked sent was accepted by the inbox, which keeps it before it answers: all are in its list now.
  }
  const stopSender = async () => {
    await sender?.stop()
    sender = undefined
  }

  afterEach(async () => {
    await stopSender()
    server().clock.offsetMs = 0
  })

  it('counts each audience among those who hold news, sends to the one chosen, each person once, with an unsubscribe from news only', async () => {
    const [ann, , cy, dee, eve, gus] = await seed([
      { status: 'confirmed', news: 'held' },
      { status: 'confirmed', news: 'none' },
      { status: 'invited', news: 'held' },
      { status: 'claimed', news: 'held' },
      { status: 'claimed', news: 'withdrawn' },
      // Unsubscribed from early access only: they still hold news and updates, and "everyone" is everyone holding it.
      { status: 'unsubscribed', news: 'held' },
      { status: 'pending', news: 'none' },
    ])
    const counts: Record<UpdateAudience, number> = (await json(await send('GET', '/updates/audiences'))).counts
    expect(counts).toEqual({ everyone: 4, notInvited: 1, invited: 1, claimed: 1 })

    const update = await create('Four of you')
    const sent = (await json(await send('POST', `/updates/${update.id}/send`, { audience: 'everyone', perSecond: 100 }))).update as UpdateDraft
    expect(sent.send).toMatchObject({ state: 'sending', audience: 'everyone', perSecond: 100, requestedBy: adminEmail, record: record({ audience: 4, toGo: 4 }) })
    // Taken when it started: someone who asks for news now is not added.
    await db().updateTable('signups').set({ news_withdrawn_at: null }).where('id', '=', eve!.id).execute()
    await sendAll(update.id)

    const mails = received('Four of you')
    expect(mails.map((mail) => mail.rcptTo[0]).sort()).toEqual([ann!.email, cy!.email, dee!.email, gus!.email].sort())
    expect((await read(update.id)).send!.record).toEqual(record({ audience: 4, sent: 4 }))
    const mail = mails.find((one) => one.rcptTo[0] === ann!.email)!
    expect(mail.text).toContain('asked for news and updates')
    expect(mail.html).not.toMatch(/<img/i)
    expect(mail.text).toContain('Read more (https://stridehealth.example/blog)')

    // Ann's one-click stops news and updates, not early access, and counts as unsubscribed from this update.
    const oneClick = String(rawHeader(mail, 'List-Unsubscribe')).replace(/^<|>$/g, '')
    const form = new FormData()
    form.set('List-Unsubscribe', 'One-Click')
    expect((await fetch(oneClick, { method: 'POST', body: form })).status).toBe(200)
    const annNow = await db().selectFrom('signups').select(['status', 'news_withdrawn_at']).where('id', '=', ann!.id).executeTakeFirstOrThrow()
    expect(annNow.status).toBe('confirmed')
    expect(annNow.news_withdrawn_at).not.toBeNull()
    expect((await read(update.id)).send!.record).toEqual(record({ audience: 4, sent: 4, unsubscribed: 1 }))
    expect((await json(await send('GET', '/updates/audiences'))).counts.everyone).toBe(4) // Ann out; the one who asked in.

    const csv = await (await send('GET', `/updates/${update.id}/record.csv`)).text()
    expect(csv.split('\r\n')[0]).toBe('email,outcome,reason,at,unsubscribed_at')
    expect(csv.split('\r\n').filter((line) => line.includes(',sent,'))).toHaveLength(4)
    expect(csv).toMatch(new RegExp(`${ann!.email},sent,,[^,]+,\\d{4}-`))

    // Sent is sent: its words stay, and it stays.
    expect(await json(await send('PUT', `/updates/${update.id}`, { subject: 'Changed', preheader: '', body: 'x' }), 409)).toEqual({ ok: false, code: 'wrong-state', message: sendMessages.notDraft })
    expect((await send('DELETE', `/updates/${update.id}`)).status).toBe(409)
    expect((await send('POST', `/updates/${update.id}/send`, { audience: 'everyone' })).status).toBe(409)
    expect((await send('POST', `/updates/${update.id}/pause`)).status).toBe(409)
  })

  it('skips whoever takes news back or is erased before their turn; a pause withdraws what is queued; resumed, the rest go', async () => {
    const [first, second, third, fourth] = await seed(Array.from({ length: 4 }, () => ({ status: 'confirmed' as const, news: 'held' as const })))
    const update = await create('Paced')
    await json(await send('POST', `/updates/${update.id}/send`, { audience: 'notInvited', perSecond: 1 }))
    // No sender yet: the clock queues the first three (now, and a second and two ahead), the fourth waits its turn.
    expect((await tick()).queued).toBe(3)
    expect(await db().selectFrom('outbox').select('id').where('kind', '=', updateKind).where('finished_at', 'is', null).execute()).toHaveLength(3)
    expect((await json(await send('POST', `/updates/${update.id}/pause`))).update.send.state).toBe('paused')
    expect(await db().selectFrom('outbox').select('id').where('kind', '=', updateKind).where('finished_at', 'is', null).execute()).toHaveLength(0)
    expect((await tick()).queued).toBe(0)

    // The second takes news back by the link of an earlier email; the third is erased by the team.
    const secret = newSecret()
    await saveLinkTokens(db(), [{ hash: hashSecret(secret), purpose: 'unsubscribe-news', personId: second!.id, expiresAt: new Date(Date.now() + 3_600_000) }])
    const form = new FormData()
    form.set('List-Unsubscribe', 'One-Click')
    expect((await fetch(`${server().origin}/api/waitlist/unsubscribe?token=${secret}`, { method: 'POST', body: form })).status).toBe(200)
    expect((await send('POST', `/signups/${third!.id}/erase`)).status).toBe(200)

    expect((await json(await send('POST', `/updates/${update.id}/resume`))).update.send.state).toBe('sending')
    await sendAll(update.id)
    expect(received('Paced').map((mail) => mail.rcptTo[0]).sort()).toEqual([first!.email, fourth!.email].sort())
    expect((await read(update.id)).send!.record).toEqual(record({ audience: 4, sent: 2, skipped: { unsubscribed: 1, erased: 1 } }))
    const csv = await (await send('GET', `/updates/${update.id}/record.csv`)).text()
    expect(csv).toContain(`${second!.email},skipped,unsubscribed,`)
    expect(csv).toContain('(erased),skipped,erased,')
    expect(csv).not.toContain(third!.email)
    // The erased person's row keeps nothing of them.
    expect(await db().selectFrom('update_recipients').select('id').where('signup_id', '=', third!.id).execute()).toEqual([])
  })

  it('cancelled, skips everyone not reached; a send begun by an instance killed mid-send is never sent again', async () => {
    const [first, second, third] = await seed(Array.from({ length: 3 }, () => ({ status: 'claimed' as const, news: 'held' as const })))
    const update = await create('Begun')
    await json(await send('POST', `/updates/${update.id}/send`, { audience: 'claimed', perSecond: 1 }))
    await tick()
    // As a killed instance leaves it: the first's send marked begun, its entry leased, the lease run out.
    const firstRow = await db().selectFrom('update_recipients').select('id').where('signup_id', '=', first!.id).executeTakeFirstOrThrow()
    await db().updateTable('update_recipients').set({ state: 'sending' }).where('id', '=', firstRow.id).execute()
    await db()
      .updateTable('outbox')
      .set({ attempts: 1, claimed_until: new Date(Date.now() - 1000).toISOString() })
      .where('subject_id', '=', firstRow.id)
      .where('kind', '=', updateKind)
      .execute()
    // Cancelled before the sender runs: the first's entry is a dead instance's (not withdrawn), the rest queued go.
    expect((await json(await send('POST', `/updates/${update.id}/cancel`))).update.send.state).toBe('cancelled')
    expect(await db().selectFrom('outbox').select('subject_id').where('kind', '=', updateKind).where('finished_at', 'is', null).execute()).toEqual([{ subject_id: firstRow.id }])
    sender = await server().store.startSender({ pollMs: 50 })
    await sender.idle()
    expect(received('Begun')).toEqual([])
    const done = (await read(update.id)).send!
    expect(done.state).toBe('cancelled')
    expect(done.endedAt).not.toBeNull()
    expect(done.record).toEqual(record({ audience: 3, skipped: { unknown: 1, cancelled: 2 } }))
    expect([second, third]).toHaveLength(2)
    for (const path of ['resume', 'pause', 'cancel', 'unschedule']) expect((await send('POST', `/updates/${update.id}/${path}`)).status, path).toBe(409)
  })

  it('scheduled, starts at its time with the audience as it is then, and can be taken back to a draft before', async () => {
    await seed([{ status: 'confirmed', news: 'held' }])
    const update = await create('Later')
    const at = new Date(Date.now() + 3_600_000)
    const scheduled = (await json(await send('POST', `/updates/${update.id}/send`, { audience: 'everyone', at: at.toISOString(), perSecond: 5 }))).update
    expect(scheduled.send).toMatchObject({ state: 'scheduled', sendAt: at.toISOString(), startedAt: null, record: record({}) })
    expect((await send('PUT', `/updates/${update.id}`, { subject: 'Changed', preheader: '', body: 'x' })).status).toBe(409)
    expect((await tick()).started).toBe(0)
    expect((await json(await send('POST', `/updates/${update.id}/unschedule`))).update.send).toBeNull()
    expect((await send('PUT', `/updates/${update.id}`, { subject: 'Later, changed', preheader: '', body: 'Words.' })).status).toBe(200)

    await json(await send('POST', `/updates/${update.id}/send`, { audience: 'everyone', at: at.toISOString(), perSecond: 5 }))
    const [another] = await seed([{ status: 'confirmed', news: 'held' }])
    server().clock.offsetMs = at.getTime() + 1000 - Date.now()
    expect((await tick()).started).toBe(1)
    const started = (await read(update.id)).send!
    expect(started).toMatchObject({ state: 'sending', record: record({ audience: 1, toGo: 1 }) })
    await sendAll(update.id)
    expect(received('Later, changed').map((mail) => mail.rcptTo[0])).toEqual([another!.email])
  })

  it('is carried on by another instance over the same database (PostgreSQL), or by a sender started anew (SQLite), each person once', async () => {
    const seeded = await seed(Array.from({ length: 6 }, () => ({ status: 'confirmed' as const, news: 'held' as const })))
    const update = await create('Carried on')
    await json(await send('POST', `/updates/${update.id}/send`, { audience: 'notInvited', perSecond: 2 }))
    // This instance's clock queues the first few and its sender delivers them; then it stops for good.
    await tick()
    sender = await server().store.startSender({ pollMs: 50 })
    await until(async () => received('Carried on').length >= 1, 15_000, 'the first email')
    await stopSender()
    // Another instance (PostgreSQL), or this one started again (SQLite: one process owns the file at a time, and
    // its start releases what the stopped sender held), carries it on with its own clock and sender.
    const other = engine.engine === 'postgres' ? await openStore(server().databaseUrl, { mailer: createMailer({ smtpUrl: server().inbox.url, mailFrom: 'other@company.example', mailDir: tmpdir() }) }) : server().store
    const otherSender = await other.startSender({ pollMs: 50 })
    try {
      await until(
        async () => {
          await other.updateSends.tick(now())
          await otherSender.idle()
          return (await read(update.id)).send?.state === 'done'
        },
        30_000,
        'the other instance to finish it',
      )
    } finally {
      await otherSender.stop()
      if (other !== server().store) await other.close()
    }
    expect(received('Carried on').map((mail) => mail.rcptTo[0]).sort()).toEqual(seeded.map((person) => person.email).sort())
    expect((await read(update.id)).send!.record).toEqual(record({ audience: 6, sent: 6 }))
  })

  it('refuses a send it cannot make, and says why', async () => {
    await seed([])
    const update = await create('Nobody')
    expect(await json(await send('POST', `/updates/${update.id}/send`, { audience: 'claimed' }), 409)).toEqual({ ok: false, code: 'nobody', message: sendMessages.nobody })
    for (const wrong of [{}, { audience: 'all' }, { audience: 'claimed', perSecond: 0 }, { audience: 'claimed', perSecond: 1.5 }, { audience: 'claimed', at: 'soon' }])
      expect((await send('POST', `/updates/${update.id}/send`, wrong)).status, JSON.stringify(wrong)).toBe(400)
    expect((await send('POST', '/updates/999999/send', { audience: 'claimed' })).status).toBe(404)
    expect((await read(update.id)).send).toBeNull()
    const audit = (await json(await send('GET', '/audit'))).entries.filter((entry: { action: string }) => entry.action === 'send-update')
    expect(audit.length).toBeGreaterThan(0)
    expect(audit[0].actor).toBe(adminEmail)
  })
})
