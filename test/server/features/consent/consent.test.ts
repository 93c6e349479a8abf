// @vitest-environment node
// The consent flows end to end on a real server, a real database (SQLite here, PostgreSQL in
// `npm run test:server:postgres`) and real email received by an in-process SMTP server: double opt-in,
// repeats, the RFC 8058 one-click unsubscribe, erasure on request, and every bad link.
import { createHash, createHmac } from 'node:crypto'
import type { ParsedMail } from 'mailparser'
import { afterEach, describe, expect, it } from 'vitest'
import { brand } from '../../../../shared/brand'
import { messages } from '../../../../shared/messages'
import { rawHeader } from '../../../../tools/smtp-inbox'
import { queryDatabase, startTestServer, validSignup, type TestServer } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'
import { inboxForFile } from '../../../utils/file-inbox'

runsOnBothEngines()

const inbox = inboxForFile()
let server: TestServer
afterEach(() => server?.close())

const start = async (options: Parameters<typeof startTestServer>[0] = {}) => {
  person = `ann.${++people}@example.com`
  server = await startTestServer({ mail: { smtpUrl: inbox.url }, ...options })
  return server
}
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const sql = (query: string, args: (string | number | null)[] = []) => queryDatabase(server.databaseUrl, query, args)
const statusOf = async (email: string) => (await sql('SELECT status FROM signups WHERE email_normalized = $1', [email]))[0]?.status
const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...headers }, body: JSON.stringify(body) })
const postForm = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.origin, ...headers },
    body: new URLSearchParams(fields).toString(),
  })

/** The link to `path` in a mail's text part, and its token. */
function linkTo(mail: ParsedMail, path: string): { url: string; token: string } {
  const found = new RegExp(`https?://[^\\s]+${path.replaceAll('/', '\\/')}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text ?? '')
  if (!found) throw new Error(`no ${path} link in: ${mail.text}`)
  return { url: found[0], token: found[1]! }
}
/** Where a no-script confirmation lands: the confirmed page, with the token of its question about news and updates. */
const confirmedPage = /^\/waitlist\/confirmed\?token=[\w-]{43}$/
const listUnsubscribeUrl = (mail: ParsedMail) => String(rawHeader(mail, 'List-Unsubscribe')).replace(/^<|>$/g, '')
// Each test writes to its own person, so a late mail of an earlier test can never be mistaken for one of its own.
let person = validSignup.email
let people = 0
const join = async (email = person) => {
  const response = await server.post({ ...validSignup, email })
  expect(await response.json()).toEqual({ ok: true, message: messages.success })
  await server.store.settled() // a repeat is signed up again just after its reply
}
/** Waits until the outbox has nothing due, then says whether a mail to `to` arrived meanwhile. */
const noMailTo = async (to: string) => {
  await server.sender!.idle()
  return !inbox.mails.some((mail) => JSON.stringify(mail.to).includes(to))
}

describe('double opt-in', () => {
  it('stores the signup as pending and mails a confirmation with text and HTML parts, real links, a Reply-To and the one-click headers', async () => {
    await start()
    await join()
    expect(await statusOf(person)).toBe('pending')
    const mail = await inbox.next(person)
    expect(mail.subject).toBe('Confirm your place on the Stride Health waitlist')
    expect(mail.from?.text).toContain('Stride Health')
    expect(mail.text).toContain('Hi Ann,')
    expect(mail.html).toContain('Confirm my email')
    const confirm = linkTo(mail, '/waitlist/confirm')
    expect(confirm.url.startsWith(`${server.origin}/waitlist/confirm?token=`)).toBe(true)
    expect(mail.html).toContain(confirm.url)
    expect(mail.html).toContain(`href="${confirm.url}"`)
    expect(mail.html).toContain(`href="${linkTo(mail, '/waitlist/unsubscribe').url}"`)
    expect(mail.replyTo?.value).toEqual([{ name: '', address: brand.contactEmail }])
    expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    expect(listUnsubscribeUrl(mail)).toMatch(new RegExp(`^${server.origin}/api/waitlist/unsubscribe\\?token=[A-Za-z0-9_-]{43}$`))
    // No advertising: the email speaks of the signup only.
    expect(`${mail.text}`.toLowerCase()).not.toMatch(/download|offer|discount|app store|feature/)
  })

  it('keeps only SHA-256 hashes of the tokens, confirming for 7 days and unsubscribing for a year', async () => {
    await start()
    await join()
    const mail = await inbox.next(person)
    const { token } = linkTo(mail, '/waitlist/confirm')
    const rows = await sql('SELECT token_hash, purpose, expires_at FROM consent_tokens ORDER BY purpose')
    expect(JSON.stringify(rows)).not.toContain(token)
    expect(rows.map((row) => row.purpose)).toEqual(['confirm', 'unsubscribe'])
    expect(rows[0]!.token_hash).toBe(sha256(token))
    const days = (row: Record<string, unknown>) => (new Date(String(row.expires_at instanceof Date ? row.expires_at.toISOString() : row.expires_at)).getTime() - Date.now()) / 86_400_000
    expect(days(rows[0]!)).toBeGreaterThan(6.99)
    expect(days(rows[0]!)).toBeLessThanOrEqual(7)
    expect(days(rows[1]!)).toBeGreaterThan(364)
  })

  it('confirms on the POST only: opening the link changes nothing, the POST confirms once, a reuse is refused', async () => {
    await start()
    await join()
    const confirm = linkTo(await inbox.next(person), '/waitlist/confirm')
    const page = await fetch(confirm.url)
    expect(page.status).toBe(404) // no site in this test; the point is that a GET changes nothing
    expect(await statusOf(person)).toBe('pending')

    const first = await postJson('/api/waitlist/confirm', { token: confirm.token })
    // The reply says where the person now stands in line: the only one in this fresh list; and hands on the
    // token its page asks about news and updates with.
    expect(await first.json()).toEqual({ ok: true, message: messages.confirmed, place: 1, inLine: 1, nextToken: expect.stringMatching(/^[\w-]{43}$/) })
    expect(await statusOf(person)).toBe('confirmed')
    const [row] = await sql('SELECT confirmed_at FROM signups')
    expect(row!.confirmed_at).not.toBeNull()
    const again = await postJson('/api/waitlist/confirm', { token: confirm.token })
    expect(await again.json()).toEqual({ ok: false, message: messages.confirmLinkInvalid })
  })

  it('refuses unknown, malformed and expired tokens with a clear message, changing nothing', async () => {
    await start()
    await join()
    const confirm = linkTo(await inbox.next(person), '/waitlist/confirm')
    for (const token of ['', 'short', 'x'.repeat(43), `${confirm.token}x`, 42, null, { $ne: '' }]) {
      const response = await postJson('/api/waitlist/confirm', { token })
      expect(await response.json()).toEqual({ ok: false, message: messages.confirmLinkInvalid })
    }
    const unreadable = await fetch(`${server.origin}/api/waitlist/confirm`, { method: 'POST', body: '{not json' })
    expect(await unreadable.json()).toEqual({ ok: false, message: messages.unreadable })
    await sql('UPDATE consent_tokens SET expires_at = $1', [new Date(Date.now() - 1000).toISOString()])
    const expired = await postJson('/api/waitlist/confirm', { token: confirm.token })
    expect(await expired.json()).toEqual({ ok: false, message: messages.confirmLinkInvalid })
    expect(await statusOf(person)).toBe('pending')
  })

  it('records the consent: the wording version, the campaign and the referring origin only', async () => {
    await start()
    const response = await server.post({
      ...validSignup,
      email: person,
      consentVersion: '2026-11-22',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'launch',
      referrerOrigin: 'https://news.example/path?secret=1',
    })
    expect(await response.json()).toEqual({ ok: true, message: messages.success })
    const [row] = await sql('SELECT consent_version, utm_source, utm_medium, utm_campaign, referrer_origin, source FROM signups')
    expect(row).toEqual({
      consent_version: '2026-11-22',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'launch',
      referrer_origin: 'https://news.example',
      source: validSignup.source,
    })
  })

  it('refuses disposable addresses with a clear message and stores nothing', async () => {
    await start()
    const response = await server.post({ ...validSignup, email: 'someone@mailinator.com' })
    expect(await response.json()).toEqual({ ok: false, message: messages.disposableEmail })
    expect(await server.rows()).toEqual([])
  })
})

describe('repeats', () => {
  it('re-sends to a pending address at most once per 10 minutes, and sends nothing to a confirmed one', async () => {
    await start()
    await join()
    await inbox.next(person)
    await join()
    expect(await noMailTo(person)).toBe(true)

    await sql('UPDATE signups SET confirmation_queued_at = $1', [new Date(Date.now() - 10 * 60_000 - 1000).toISOString()])
    await join()
    const resent = await inbox.next(person)
    await join()
    expect(await noMailTo(person)).toBe(true)

    const { token } = linkTo(resent, '/waitlist/confirm')
    expect(await (await postJson('/api/waitlist/confirm', { token })).json()).toMatchObject({ ok: true })
    // Confirmed: the one welcome email, with the link to their place; after it, a repeat sends nothing.
    expect((await inbox.next(person)).subject).toMatch(/in line/i)
    await sql('UPDATE signups SET confirmation_queued_at = $1', [new Date(Date.now() - 60 * 60_000).toISOString()])
    await join()
    expect(await noMailTo(person)).toBe(true)
    expect(await statusOf(person)).toBe('confirmed')
    expect(await server.rows()).toHaveLength(1)
  })
})

describe('unsubscribe', () => {
  it('withdraws consent with the RFC 8058 one-click POST (no Origin, multipart), and nothing is mailed again until a new signup', async () => {
    await start()
    await join()
    const mail = await inbox.next(person)
    const body = new FormData()
    body.set('List-Unsubscribe', 'One-Click')
    const response = await fetch(listUnsubscribeUrl(mail), { method: 'POST', body })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(messages.unsubscribed)
    expect(await statusOf(person)).toBe('unsubscribed')
    const [row] = await sql('SELECT unsubscribed_at FROM signups')
    expect(row!.unsubscribed_at).not.toBeNull()
    // The confirmation link it was sent with no longer confirms.
    const { token } = linkTo(mail, '/waitlist/confirm')
    expect(await (await postJson('/api/waitlist/confirm', { token })).json()).toEqual({ ok: false, message: messages.confirmLinkInvalid })

    // Signing up anew is a new consent: pending again, and a new confirmation.
    await join()
    expect(await statusOf(person)).toBe('pending')
    linkTo(await inbox.next(person), '/waitlist/confirm')
  })

  it('skips a queued confirmation when the address unsubscribed before it was sent', async () => {
    // Polls and pokes a minute apart: nothing is sent until the test asks.
    await start({ mail: { smtpUrl: inbox.url, pollMs: 60_000, pokeGapMs: 60_000 } })
    await join()
    await sql("UPDATE signups SET status = 'unsubscribed'")
    expect(await noMailTo(person)).toBe(true)
    expect(await sql('SELECT outcome FROM outbox')).toEqual([{ outcome: 'skipped' }])
  })

  it('opened in a browser, the List-Unsubscribe URL shows the page with the button and changes nothing', async () => {
    await start()
    await join()
    const url = listUnsubscribeUrl(await inbox.next(person))
    const response = await fetch(url, { redirect: 'manual' })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`/waitlist/unsubscribe?token=${new URL(url).searchParams.get('token')}`)
    expect(await statusOf(person)).toBe('pending')
  })

  it('unsubscribes from the page button by JSON, and refuses the same link twice', async () => {
    await start()
    await join()
    const { token } = linkTo(await inbox.next(person), '/waitlist/unsubscribe')
    expect(await (await postJson('/api/waitlist/unsubscribe', { token })).json()).toEqual({ ok: true, message: messages.unsubscribed })
    expect(await (await postJson('/api/waitlist/unsubscribe', { token })).json()).toEqual({ ok: false, message: messages.unsubscribeLinkInvalid })
  })
})

describe('erasure', () => {
  it('answers the same for a listed and an unlisted address, and mails only the listed one', async () => {
    await start()
    await join()
    await inbox.next(person)
    const listed = await postJson('/api/waitlist/erase', { email: ` ${person.replace('example.com', 'EXAMPLE.com')} ` })
    const unlisted = await postJson('/api/waitlist/erase', { email: 'nobody@example.com' })
    expect(listed.status).toBe(unlisted.status)
    expect(await listed.json()).toEqual({ ok: true, message: messages.eraseRequested })
    expect(await unlisted.json()).toEqual({ ok: true, message: messages.eraseRequested })
    const mail = await inbox.next(person)
    expect(mail.subject).toBe('Confirm the deletion of your Stride Health waitlist data')
    expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    expect(await noMailTo('nobody@example.com')).toBe(true)
    const invalid = await postJson('/api/waitlist/erase', { email: 'not an address' })
    expect(await invalid.json()).toEqual({ ok: false, message: messages.invalidEmail })
  })

  it('deletes the signup, its tokens and queued emails on the confirmed link, keeps only a salted hash, and never stores or mails the address again', async () => {
    await start()
    await join()
    const other = `other.${people}@example.com`
    await join(other)
    await inbox.next(person)
    await inbox.next(other)
    await postJson('/api/waitlist/erase', { email: person })
    const { token } = linkTo(await inbox.next(person), '/waitlist/erase/confirm')
    const erased = await postJson('/api/waitlist/erase/confirm', { token })
    expect(await erased.json()).toEqual({ ok: true, message: messages.erased })
    expect((await server.rows()).map((row) => row.email)).toEqual([other])
    const dump = JSON.stringify([await sql('SELECT * FROM erased_emails'), await sql('SELECT * FROM consent_tokens'), await sql('SELECT * FROM outbox')])
    expect(dump).not.toContain(person)
    const [hash] = await sql('SELECT email_hash FROM erased_emails')
    expect(hash!.email_hash).not.toBe(sha256(person)) // salted: not the plain digest of the address
    expect(Number((await sql('SELECT count(*) AS n FROM consent_tokens WHERE signup_id NOT IN (SELECT id FROM signups)'))[0]!.n)).toBe(0)
    expect(await (await postJson('/api/waitlist/erase/confirm', { token })).json()).toEqual({ ok: false, message: messages.eraseLinkInvalid })

    // The same reply to a new signup, in any case or form of the address, but nothing stored and nothing mailed.
    for (const typed of [person, person.toUpperCase(), ` ${person.replace('@example.com', '@EXAMPLE.com.')}`]) await join(typed)
    expect((await server.rows()).map((row) => row.email)).toEqual([other])
    expect(await noMailTo(person)).toBe(true)
  })

  it('never stores again an address erased before the canonical rule, typed as it was erased', async () => {
    await start()
    // The older rule kept the local part's case: an erasure of "Tok5@…" left the hash of exactly that.
    const typed = `Tok${people}@example.com`
    const salt = String((await sql("SELECT value FROM consent_settings WHERE key = 'erasure_salt'"))[0]!.value)
    const hash = createHmac('sha256', salt).update(typed, 'utf8').digest('hex')
    await sql('INSERT INTO erased_emails (email_hash, erased_at) VALUES ($1, $2)', [hash, new Date().toISOString()])
    await join(typed)
    expect(await server.rows()).toEqual([])
    expect(await noMailTo(typed.toLowerCase())).toBe(true)
  })
})

describe('posts from the token pages, which send no Referer', () => {
  it('accepts Origin: null for the link actions, from the page and its script, and nowhere else', async () => {
    await start()
    const other = `a.${people}@example.com`
    for (const email of [person, other]) await join(email)
    const [first, second] = [await inbox.next(person), await inbox.next(other)].map((mail) => linkTo(mail, '/waitlist/confirm'))
    const page = await postForm(`/waitlist/confirm?token=${first!.token}`, {}, { Origin: 'null' })
    expect(page.headers.get('location')).toMatch(confirmedPage)
    const api = await postJson('/api/waitlist/confirm', { token: second!.token }, { Origin: 'null' })
    expect(await api.json()).toEqual({ ok: true, message: messages.confirmed, place: 2, inLine: 2, nextToken: expect.stringMatching(/^[\w-]{43}$/) })
    expect(api.headers.get('access-control-allow-origin')).toBeNull()
    expect([await statusOf(person), await statusOf(other)]).toEqual(['confirmed', 'confirmed'])
    // A signup or an erasure request carries no token: "null" is refused there as before.
    expect((await server.post({ ...validSignup, email: `c.${people}@example.com` }, { headers: { Origin: 'null' } })).status).toBe(403)
    expect((await postJson('/api/waitlist/erase', { email: person }, { Origin: 'null' })).status).toBe(403)
  })
})

describe('browser form posts and limits', () => {
  it('answers a form post to the API and to the page itself with a 303 to the outcome page', async () => {
    await start()
    await join()
    const other = `other.${people}@example.com`
    await join(other)
    const first = linkTo(await inbox.next(person), '/waitlist/confirm')
    const second = linkTo(await inbox.next(other), '/waitlist/confirm')
    // The confirmed page asks about news and updates next, with a token the server has just made for it.
    const api = await postForm('/api/waitlist/confirm', { token: first.token })
    expect(api.status).toBe(303)
    expect(api.headers.get('location')).toMatch(confirmedPage)
    const page = await postForm(`/waitlist/confirm?token=${second.token}`, {})
    expect(page.status).toBe(303)
    expect(page.headers.get('location')).toMatch(confirmedPage)
    const reused = await postForm(`/waitlist/confirm?token=${second.token}`, {})
    expect(reused.headers.get('location')).toBe('/waitlist/confirm-link-invalid')
    const erase = await postForm('/api/waitlist/erase', { email: 'nobody@example.com' })
    expect(erase.headers.get('location')).toBe('/waitlist/erase-requested')
    const foreign = await postForm(`/waitlist/confirm?token=${second.token}`, {}, { Origin: 'https://evil.example' })
    expect(foreign.headers.get('location')).toBe('/waitlist/origin-not-allowed')
  })

  it('rate limits the confirm, unsubscribe and erase endpoints per client', async () => {
    await start({ consentRateLimit: { max: 3, windowMs: 60_000 } })
    const replies = [
      await postJson('/api/waitlist/confirm', { token: 'x' }),
      await postJson('/api/waitlist/unsubscribe', { token: 'x' }),
      await postJson('/api/waitlist/erase', { email: 'a@example.com' }),
      await postJson('/api/waitlist/erase/confirm', { token: 'x' }),
    ]
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 429])
    expect(await replies[3]!.text()).toBe(messages.tooManyConsentRequests)
    expect(Number(replies[3]!.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
