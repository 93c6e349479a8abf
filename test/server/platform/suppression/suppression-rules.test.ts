// @vitest-environment node
// The suppression list's rules (platform/suppression/), on both engines: a hard bounce suppresses at once, soft bounces
// only SOFT_BOUNCE_LIMIT of them within SOFT_BOUNCE_DAYS, a complaint suppresses and unsubscribes from every purpose;
// one mailbox is one entry whatever its spelling; an erasure takes the address and keeps the hash; the team lifts;
// and the outbox sends a suppressed address nothing, of any kind, but the email that answers its own new request.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { canonicalAddress } from '../../../../shared/mailbox'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { memoryMailer } from '../../../../tools/memory-mailer'
import { openStore, type Stores } from '../../../../tools/open-store'
import { validSignup } from '../../harness'
import { sendGuardDefaults } from '../../../../shared/update-rows'

const day = 86_400_000
const start = new Date('2026-12-01T10:00:00.000Z')

describe.each(eachEngine())('the suppression list on $engine', (engine: EngineUnderTest) => {
  beforeAll(() => engine.setup(), 60_000)
  afterAll(() => engine.teardown())
  const opened: Stores[] = []
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close()
  })
  const clock = { at: start }
  async function open(options: { softBounces?: { limit: number; windowMs: number } } = {}) {
    clock.at = start
    const url = await engine.newDatabase()
    const mailer = memoryMailer()
    const store = await openStore(url, {
      now: () => clock.at,
      mailer,
      config: options.softBounces ? { bounces: { softBounces: options.softBounces, sesTopicArns: [], postmarkAuth: undefined, sendgridPublicKey: undefined, mailgunSigningKey: undefined, sendGuard: sendGuardDefaults } } : {},
    })
    opened.push(store)
    return { store, mailer, url }
  }
  const signUp = (store: Stores, email: string) => store.add({ ...validSignup, email, emailNormalized: canonicalAddress(email)!, submissionId: null })
  const later = (ms: number) => (clock.at = new Date(clock.at.getTime() + ms))

  it('suppresses at a hard bounce, keeping the reason, the source, the time and the words trimmed', async () => {
    const { store } = await open()
    const words = `550 5.1.1 <ann@example.com>: no such mailbox\r\n${'x'.repeat(1000)}`
    expect(await store.suppressions.record({ address: 'ann@example.com', kind: 'hard', source: 'smtp', words }, clock.at)).toBe('suppressed')
    const entry = await store.suppressions.suppressionOf('ann@example.com')
    expect(entry).toMatchObject({ reason: 'hard-bounce', source: 'smtp', suppressedAt: start.toISOString() })
    expect(entry?.words.startsWith('550 5.1.1 <ann@example.com>: no such mailbox xxx')).toBe(true)
    expect(entry?.words.length).toBe(300)
    expect(entry?.words).not.toMatch(/[\r\n]/)
    // A second bounce changes nothing: the first reason and time stay.
    later(1000)
    expect(await store.suppressions.record({ address: 'ann@example.com', kind: 'hard', source: 'ses', words: 'again' }, clock.at)).toBe('already')
    expect((await store.suppressions.suppressionOf('ann@example.com'))?.source).toBe('smtp')
  })

  it('takes one mailbox as one entry, whatever its case or form', async () => {
    const { store } = await open()
    await store.suppressions.record({ address: '  Ann@EXAMPLE.com ', kind: 'hard', source: 'postmark', words: 'gone' }, clock.at)
    expect(await store.suppressions.suppressionOf('ann@example.com')).toBeDefined()
    expect(await store.suppressions.suppressionOf('ANN@example.COM')).toBeDefined()
    expect(await store.suppressions.suppressionOf('bob@example.com')).toBeUndefined()
    expect(await store.suppressions.record({ address: 'not an address', kind: 'hard', source: 'ses', words: '' }, clock.at)).toBe('not-an-address')
  })

  it('suppresses at the third soft bounce within 14 days, not before, and forgets the ones older than that', async () => {
    const { store } = await open()
    const soft = () => store.suppressions.record({ address: 'ann@example.com', kind: 'soft', source: 'smtp', words: '452 mailbox full' }, clock.at)
    expect(await soft()).toBe('counted')
    later(10 * day)
    expect(await soft()).toBe('counted')
    // The first is now 15 days old: outside the window, so this is the second of the window, not the third.
    later(5 * day)
    expect(await soft()).toBe('counted')
    expect(await store.suppressions.suppressionOf('ann@example.com')).toBeUndefined()
    later(day)
    expect(await soft()).toBe('suppressed')
    expect(await store.suppressions.suppressionOf('ann@example.com')).toMatchObject({ reason: 'soft-bounces', words: '452 mailbox full' })
  })

  it('follows SOFT_BOUNCE_LIMIT and SOFT_BOUNCE_DAYS', async () => {
    const { store } = await open({ softBounces: { limit: 2, windowMs: 2 * day } })
    const soft = () => store.suppressions.record({ address: 'ann@example.com', kind: 'soft', source: 'sendgrid', words: 'blocked' }, clock.at)
    expect(await soft()).toBe('counted')
    later(3 * day)
    expect(await soft()).toBe('counted')
    later(day)
    expect(await soft()).toBe('suppressed')
  })

  it('suppresses at a complaint and unsubscribes its person from every purpose', async () => {
    const { store, url } = await open()
    await signUp(store, 'ann@example.com')
    await signUp(store, 'bob@example.com')
    expect(await store.suppressions.record({ address: 'ann@example.com', kind: 'complaint', source: 'ses', words: 'abuse' }, clock.at)).toBe('suppressed')
    const rows = await engine.query(url, "SELECT email_normalized, status FROM signups ORDER BY email_normalized")
    expect(rows).toEqual([
      { email_normalized: 'ann@example.com', status: 'unsubscribed' },
      { email_normalized: 'bob@example.com', status: 'pending' },
    ])
    expect(await store.suppressions.suppressionOf('ann@example.com')).toMatchObject({ reason: 'complaint', source: 'ses' })
    // A complaint after a hard bounce still says stop: the reason becomes the complaint.
    await signUp(store, 'cy@example.com')
    await store.suppressions.record({ address: 'cy@example.com', kind: 'hard', source: 'smtp', words: '550' }, clock.at)
    expect(await store.suppressions.record({ address: 'cy@example.com', kind: 'complaint', source: 'mailgun', words: 'spam' }, clock.at)).toBe('suppressed')
    expect((await engine.query(url, "SELECT status FROM signups WHERE email_normalized = 'cy@example.com'"))[0]?.status).toBe('unsubscribed')
  })

  it('tells a complaint from an address already suppressed for one: its person, back on the list, is unsubscribed again', async () => {
    const { store, url } = await open()
    const status = async () => (await engine.query(url, "SELECT status FROM signups WHERE email_normalized = 'ann@example.com'"))[0]?.status
    await signUp(store, 'ann@example.com')
    expect(await store.suppressions.record({ address: 'ann@example.com', kind: 'complaint', source: 'ses', words: 'abuse' }, clock.at)).toBe('suppressed')
    expect(await status()).toBe('unsubscribed')
    // She signs up again past the 10 minutes (its confirmation answers her own request, and goes), and marks it as spam.
    later(11 * 60_000)
    await signUp(store, 'ann@example.com')
    await store.settled()
    expect(await status()).toBe('pending')
    expect(await store.suppressions.record({ address: 'ann@example.com', kind: 'complaint', source: 'postmark', words: 'spam' }, clock.at)).toBe('suppressed')
    expect(await status()).toBe('unsubscribed')
    // The entry stays the first complaint's: its time and words.
    expect(await store.suppressions.suppressionOf('ann@example.com')).toMatchObject({ reason: 'complaint', source: 'ses', words: 'abuse', suppressedAt: start.toISOString() })
  })

  it('keeps an erased address on the list by its keyed hash alone', async () => {
    const { store, url } = await open()
    await signUp(store, 'ann@example.com')
    await store.suppressions.record({ address: 'ann@example.com', kind: 'hard', source: 'smtp', words: '550 gone' }, clock.at)
    const [ann] = await engine.query(url, "SELECT id FROM signups WHERE email_normalized = 'ann@example.com'")
    expect(await store.consent.eraseById(Number(ann?.id), clock.at)).toBe(true)
    const rows = await engine.query(url, 'SELECT address, address_hash, reason FROM suppressions')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ address: null, reason: 'hard-bounce' })
    // The same keyed hash an erasure keeps (erased_emails), so the two agree.
    const erased = await engine.query(url, 'SELECT email_hash FROM erased_emails')
    expect(erased.map((row) => row.email_hash)).toContain(rows[0]?.address_hash)
    expect(await store.suppressions.suppressionOf('Ann@Example.com')).toMatchObject({ reason: 'hard-bounce' })
    expect(JSON.stringify(await engine.query(url, 'SELECT * FROM suppressions'))).not.toContain('ann@')
  })

  it('lifts an entry, and its soft bounces with it', async () => {
    const { store } = await open()
    await store.suppressions.record({ address: 'ann@example.com', kind: 'hard', source: 'smtp', words: '550' }, clock.at)
    expect(await store.suppressions.lift('ANN@example.com', 'team@company.example', clock.at)).toBe(true)
    expect(await store.suppressions.suppressionOf('ann@example.com')).toBeUndefined()
    expect(await store.suppressions.lift('ann@example.com', 'team@company.example', clock.at)).toBe(false)
    // Lifted, it counts afresh: one soft bounce is not three.
    expect(await store.suppressions.record({ address: 'ann@example.com', kind: 'soft', source: 'smtp', words: '452' }, clock.at)).toBe('counted')
  })

  it('lists the entries newest first, a page at a time', async () => {
    const { store } = await open()
    for (const [index, name] of ['a', 'b', 'c'].entries()) {
      clock.at = new Date(start.getTime() + index * 1000)
      await store.suppressions.record({ address: `${name}@example.com`, kind: 'hard', source: 'smtp', words: name }, clock.at)
    }
    const first = await store.suppressions.list({ size: 2 })
    expect(first.entries.map((entry) => entry.address)).toEqual(['c@example.com', 'b@example.com'])
    const second = await store.suppressions.list({ size: 2, before: first.older! })
    expect(second.entries.map((entry) => entry.address)).toEqual(['a@example.com'])
    expect(second.older).toBeNull()
  })

  it('sends a suppressed address nothing, and finishes its email as suppressed, never retried', async () => {
    const { store, mailer, url } = await open()
    await signUp(store, 'ann@example.com')
    await signUp(store, 'bob@example.com')
    later(60_000)
    await store.suppressions.record({ address: 'ann@example.com', kind: 'hard', source: 'ses', words: 'gone' }, clock.at)
    const sender = await store.startSender({ pollMs: 20 })
    await sender.idle()
    expect(mailer.sent.map((mail) => mail.to)).toEqual(['bob@example.com'])
    const outcomes = await engine.query(url, 'SELECT s.email_normalized, o.outcome, o.attempts FROM outbox o JOIN signups s ON s.id = o.signup_id ORDER BY s.email_normalized')
    expect(outcomes.map((row) => [row.email_normalized, row.outcome, Number(row.attempts)])).toEqual([
      ['ann@example.com', 'suppressed', 1],
      ['bob@example.com', 'sent', 1],
    ])
    // The exception: an erasure link Ann asks for after the suppression answers her own request, and goes.
    later(60_000)
    await store.consent.requestErasure('ann@example.com', clock.at)
    sender.poke()
    await sender.idle()
    expect(mailer.sent.map((mail) => mail.to)).toEqual(['bob@example.com', 'ann@example.com'])
    expect(mailer.sent[1]?.subject).toMatch(/delet|eras/i)
  })
})
