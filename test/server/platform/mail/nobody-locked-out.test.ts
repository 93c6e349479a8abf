// @vitest-environment node
// Nobody locked out (platform/mail/mailbox-budget.ts): anyone may ask for an email to any address, so an outsider's asks
// must not use up the budget that protects an inbox and leave its owner's own ask unanswered. Here an outsider
// asks for a team member's sign-in link over and over, and fills a person's inbox before they ask to be
// erased; the person's own ask must still get a working link within the budget's 10 minutes, and the inbox no
// more than its budget. On the engine under test (SQLite here, PostgreSQL in `npm run test:server:postgres`),
// whose shared limiter keeps the count. The clock is moved, not waited for: the PostgreSQL limiter
// (rate-limiter-flexible) reads Date.now(), so the test moves Date itself, and every clock follows it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { consentApi } from '../../../../shared/consent-paths'
import { messages } from '../../../../shared/messages'
import { welcomeSubject } from '../../../../server/features/referral/welcome-email'
import { mailboxBudget } from '../../../../server/platform/mail/mailbox-budget'
import { linkIn, startInbox, type Inbox } from '../../../../tools/smtp-inbox'
import { until } from '../../../../tools/until'
import { adminEmail, startAdminServer, type AdminTestServer } from '../../admin-harness'
import { freshDatabase, makeTempDir, queryDatabase, startTestServer, validSignup, type TestServer } from '../../harness'
import { permissions } from '../../../../shared/team'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

const { windowMs } = mailboxBudget.perKind
const budgetAtOnce = mailboxBudget.perKind.max + mailboxBudget.spare.max

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('a team member whose sign-in link an outsider keeps asking for', () => {
  let server: AdminTestServer
  let temp: Awaited<ReturnType<typeof makeTempDir>>
  beforeEach(async () => {
    temp = await makeTempDir()
    server = await startAdminServer({ databaseUrl: await freshDatabase(temp.dir), trustedProxies: 1 })
  })
  afterEach(async () => {
    await server.close()
    await temp.remove()
  })

  const ask = (client: string) =>
    server.request('/api/admin/sign-in/request', { method: 'POST', body: JSON.stringify({ email: adminEmail }), headers: { 'x-forwarded-for': client } })
  const verify = (link: string) => server.request('/api/admin/sign-in/verify', { method: 'POST', body: JSON.stringify({ token: new URL(link).hash.slice('#token='.length) }) })

  it(`still gets a working link of their own within ${windowMs / 60_000} minutes, and the inbox no more than its budget`, async () => {
    // The outsider's first asks spend what the inbox may receive at once…
    for (let index = 0; index < budgetAtOnce; index++) {
      await ask(`203.0.113.${index + 1}`)
      await server.inbox.next(adminEmail)
    }
    // …and they go on asking, from other addresses, as often as they like.
    for (let index = budgetAtOnce; index < 3 * budgetAtOnce; index++) await ask(`203.0.113.${index + 1}`)

    const asked = Date.now()
    const own = await ask('198.51.100.7')
    expect(own.status).toBe(202)
    await expect(server.inbox.next(adminEmail, 300)).rejects.toThrow(/no mail/)
    vi.setSystemTime(asked + windowMs)
    const mail = await server.inbox.next(adminEmail, 10_000)
    expect(Date.now() - asked).toBeLessThan(windowMs + 10_000)
    const signedIn = await verify(linkIn(mail))
    expect(signedIn.status).toBe(200)
    expect(await signedIn.json()).toEqual({ ok: true, email: adminEmail, role: 'owner', permissions: [...permissions] })
    // All those asks were answered by that one email.
    await expect(server.inbox.next(adminEmail, 300)).rejects.toThrow(/no mail/)
  })
})

describe('a person whose inbox an outsider filled before they asked to be erased', () => {
  let inbox: Inbox
  let server: TestServer
  beforeEach(async () => {
    inbox = await startInbox()
    server = await startTestServer({ mail: { smtpUrl: inbox.url }, consentRateLimit: { max: 1_000_000, windowMs: 60_000 } })
  })
  afterEach(async () => {
    await server.close()
    await inbox.close()
  })

  const post = async (path: string, body: unknown) =>
    (await fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) })).json()
  const join = async (email: string) => {
    expect(await post('/api/waitlist', { ...validSignup, email })).toEqual({ ok: true, message: messages.success })
    await server.store.settled()
  }
  const settled = async () => {
    await until(async () => (await queryDatabase(server.databaseUrl, 'SELECT id FROM outbox WHERE finished_at IS NULL AND next_attempt_at <= $1', [new Date().toISOString()])).length === 0, 10_000, 'the outbox to send what is due')
    await server.sender!.idle()
  }
  const eraseLink = (text: string) => /\/waitlist\/erase\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1]

  it(`still gets a working erasure link within ${windowMs / 60_000} minutes of asking`, async () => {
    const person = 'person@target.example'
    await join(person)
    await inbox.next(person)
    // The outsider signs up +tag spellings of the same inbox (their confirmations spend its spare emails), and
    // asks to erase one of them (which spends its erasure email for the next 10 minutes).
    for (let tag = 1; tag < budgetAtOnce; tag++) await join(`person+${tag}@target.example`)
    expect(await post(consentApi.erase, { email: 'person+1@target.example' })).toEqual({ ok: true, message: messages.eraseRequested })
    await settled()

    const asked = Date.now()
    expect(await post(consentApi.erase, { email: person })).toEqual({ ok: true, message: messages.eraseRequested })
    await settled()
    await expect(inbox.next(person, 300)).rejects.toThrow(/no mail/)
    vi.setSystemTime(asked + windowMs)
    const mail = await inbox.next(person, 10_000)
    expect(Date.now() - asked).toBeLessThan(windowMs + 10_000)
    const token = eraseLink(mail.text ?? '')
    expect(token).toBeDefined()
    expect(await post(consentApi.eraseConfirm, { token })).toEqual({ ok: true, message: messages.erased })
    expect(await queryDatabase(server.databaseUrl, 'SELECT id FROM signups WHERE email_normalized = $1', [person])).toEqual([])
  })

  it('who confirmed their address, gets their erasure link at once however many +tag spellings the outsider made wait', async () => {
    const person = 'confirmed@target.example'
    await join(person)
    const confirm = /\/waitlist\/confirm\?token=([A-Za-z0-9_-]{43})/.exec((await inbox.next(person)).text ?? '')?.[1]
    expect(await post(consentApi.confirm, { token: confirm })).toMatchObject({ ok: true, message: messages.confirmed })
    expect((await inbox.next(person)).subject).toBe(welcomeSubject)
    const spellings = Array.from({ length: 2 * budgetAtOnce }, (_, index) => `confirmed+${index + 1}@target.example`)
    for (const email of spellings) await join(email)
    for (const email of spellings) await post(consentApi.erase, { email })
    await settled()

    expect(await post(consentApi.erase, { email: person })).toEqual({ ok: true, message: messages.eraseRequested })
    const token = eraseLink((await inbox.next(person, 10_000)).text ?? '')
    expect(await post(consentApi.eraseConfirm, { token })).toEqual({ ok: true, message: messages.erased })
    // The outsider's spellings, meanwhile, wait their inbox's turn.
    const waiting = await queryDatabase(server.databaseUrl, "SELECT id FROM outbox WHERE kind = 'erase' AND finished_at IS NULL")
    expect(waiting.length).toBeGreaterThan(1)
  })
})
