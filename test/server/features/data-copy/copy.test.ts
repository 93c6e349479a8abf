// @vitest-environment node
// A copy of one's own data (issue 51) end to end on a real server, a real database (SQLite here, PostgreSQL with
// WAITLIST_TEST_ENGINE=postgres) and real email received by an in-process SMTP server: the same reply for a listed
// and an unlisted address, the link (single use, kept as its SHA-256, ending after a day), the page and the JSON it
// opens, "we hold nothing" for an unlisted or erased address, and the console's copy, audited.
import { createHash } from 'node:crypto'
import type { ParsedMail } from 'mailparser'
import { afterEach, describe, expect, it } from 'vitest'
import { consentApi, copyFilePath, copyPagePath } from '../../../../shared/consent-paths'
import { messages } from '../../../../shared/messages'
import { notLinkedWords, type OwnCopy } from '../../../../shared/own-copy'
import { linkLifetimesMs } from '../../../../shared/rules'
import { rawHeader } from '../../../../tools/smtp-inbox'
import { until } from '../../../../tools/until'
import { startAdminServer, type AdminTestServer } from '../../admin-harness'
import { queryDatabase, startTestServer, validSignup, type TestServer, type TestServerOptions } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'
import { inboxForFile } from '../../../utils/file-inbox'

runsOnBothEngines()

const inbox = inboxForFile()
let server: TestServer
afterEach(() => server?.close())

let people = 0
let person = ''
const start = async (sender: Omit<NonNullable<TestServerOptions['mail']>, 'smtpUrl'> = {}) => {
  person = `ann.copy${++people}@example.com`
  server = await startTestServer({ mail: { smtpUrl: inbox.url, ...sender } })
}
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const sql = (query: string, args: (string | number | null)[] = []) => queryDatabase(server.databaseUrl, query, args)
const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...headers }, body: JSON.stringify(body) })
/** A browser's own form post from a page of this server (no script): the pages send no Referer, so Origin is null. */
const postForm = (path: string, fields: Record<string, string>, origin = 'null') =>
  fetch(`${server.origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: new URLSearchParams(fields).toString(),
  })
function linkTo(mail: ParsedMail, path: string): { url: string; token: string } {
  const found = new RegExp(`https?://[^\\s]+${path.replaceAll('/', '\\/')}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text ?? '')
  if (!found) throw new Error(`no ${path} link in: ${mail.text}`)
  return { url: found[0], token: found[1]! }
}
/** The hidden token of the form that posts to `action` on a page. */
const formToken = (html: string, action: string) => new RegExp(`action="${action}" method="post"><input type="hidden" name="token" value="([\\w-]{43})"`).exec(html)?.[1]

const joinAndConfirm = async (email: string, extra: Record<string, string> = {}) => {
  expect((await server.post({ ...validSignup, email, ...extra })).status).toBe(200)
  const { token } = linkTo(await inbox.next(email), '/waitlist/confirm')
  expect((await (await postJson(consentApi.confirm, { token })).json()).ok).toBe(true)
}
const askForCopy = async (email: string) => {
  const response = await postJson(consentApi.copy, { email })
  return { status: response.status, body: await response.json() }
}

describe('asking for a copy', () => {
  it('answers a listed and an unlisted address alike; the listed gets a link, the unlisted a note that we hold nothing, and no address is kept once it is sent', async () => {
    await start()
    await joinAndConfirm(person)
    await inbox.next(person) // the welcome email
    const listed = await askForCopy(` ${person.replace('example.com', 'EXAMPLE.com')} `)
    const unlisted = await askForCopy('nobody.copy@example.com')
    expect(listed).toEqual({ status: 200, body: { ok: true, message: messages.copyRequested } })
    expect(unlisted).toEqual(listed)

    const link = await inbox.next(person)
    expect(link.subject).toBe('Your copy of your Stride Health waitlist data')
    expect(rawHeader(link, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    expect(linkTo(link, copyPagePath).url.startsWith(`${server.origin}${copyPagePath}?token=`)).toBe(true)
    const none = await inbox.next('nobody.copy@example.com')
    expect(none.subject).toBe('Stride Health holds no waitlist data about this address')
    expect(none.text).toContain('we hold nothing about it')
    await server.sender!.idle()
    expect(await sql('SELECT * FROM copy_requests')).toEqual([])

    expect(await askForCopy('not an address')).toEqual({ status: 200, body: { ok: false, message: messages.invalidEmail } })
    expect((await postJson(consentApi.copy, { email: person }, { Origin: 'null' })).status).toBe(403)
  })

  it('queues one email for a flood of asks while the address’s email waits, and one more for an ask after it went, which the inbox’s spare budget lets go', async () => {
    // The sender holds off while the asks come, as it does while the inbox's budget or a slow mail server keeps
    // the email waiting. Left to race, the first email was sometimes sent between two asks of one flood, each
    // then queueing its own (three emails for five asks on PostgreSQL under load, CI, 2026-12-07).
    let holding = true
    await start({ outbox: (outbox) => ({ ...outbox, claim: (...args) => (holding ? Promise.resolve([]) : outbox.claim(...args)) }) })
    const flood = 'flood.copy@example.com'
    const emailsQueued = async () => (await sql("SELECT id FROM outbox WHERE kind = 'copy-nothing-held'")).length
    const received = () => inbox.mails.filter((mail) => mail.rcptTo.includes(flood)).length

    const asks = await Promise.all(Array.from({ length: 5 }, () => askForCopy(flood)))
    for (const ask of asks) expect(ask.body).toEqual({ ok: true, message: messages.copyRequested })
    await server.sender!.idle()
    expect(await emailsQueued()).toBe(1)
    expect(received()).toBe(0)

    holding = false
    await server.sender!.idle()
    expect(received()).toBe(1)
    expect(await emailsQueued()).toBe(1)

    // Its address went with it (nothing of an unlisted address is kept once it is sent), so an ask now queues one
    // more; it goes as one of the inbox's few spare emails a day (platform/mail/mailbox-budget.ts).
    await askForCopy(flood)
    await server.sender!.idle()
    expect(await emailsQueued()).toBe(2)
    expect(received()).toBe(2)
  })

  it('answers an erased address with "we hold nothing"', async () => {
    await start()
    await joinAndConfirm(person)
    await inbox.next(person)
    await postJson(consentApi.erase, { email: person })
    const { token } = linkTo(await inbox.next(person), '/waitlist/erase/confirm')
    expect((await (await postJson(consentApi.eraseConfirm, { token })).json()).ok).toBe(true)
    await askForCopy(person)
    expect((await inbox.next(person)).subject).toBe('Stride Health holds no waitlist data about this address')
  })

  it('answers a browser post with the outcome page', async () => {
    await start()
    const response = await postForm(consentApi.copy, { email: 'nobody.copy@example.com' }, server.origin)
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/waitlist/copy-requested')
  })
})

describe('the link and the copy', () => {
  it('keeps only the SHA-256 of the link, for a day; opening it changes nothing; its button shows the copy once; the JSON downloads for an hour', async () => {
    await start()
    await joinAndConfirm(person, { utmSource: 'newsletter', utmCampaign: 'launch-week', consentVersion: '2026-11-01' })
    await inbox.next(person)
    // A friend joins through Ann's share link: counted in her copy, never named.
    const codeOf = async () => (await sql('SELECT referral_code FROM signups WHERE email_normalized = $1', [person]))[0]?.referral_code as string | null
    await until(async () => (await codeOf()) !== null, 10_000, 'Ann’s code')
    const code = (await codeOf())!
    const friend = `friend.copy${people}@example.com`
    expect((await server.post({ ...validSignup, email: friend, firstName: 'Bea', referralCode: code })).status).toBe(200)
    await askForCopy(person)
    const { url, token } = linkTo(await inbox.next(person), copyPagePath)

    const stored = await sql("SELECT token_hash, expires_at FROM consent_tokens WHERE purpose = 'copy'")
    expect(stored).toHaveLength(1)
    expect(stored[0]!.token_hash).toBe(sha256(token))
    expect(JSON.stringify(await sql('SELECT * FROM consent_tokens'))).not.toContain(token)
    const endsInMs = new Date(String(stored[0]!.expires_at instanceof Date ? stored[0]!.expires_at.toISOString() : stored[0]!.expires_at)).getTime() - Date.now()
    expect(endsInMs).toBeGreaterThan(linkLifetimesMs.copy - 60_000)
    expect(endsInMs).toBeLessThanOrEqual(linkLifetimesMs.copy)

    // Opening the link shows a button, twice over, and uses nothing.
    for (let open = 0; open < 2; open++) {
      const door = await fetch(url)
      expect(door.status).toBe(200)
      expect(door.headers.get('x-robots-tag')).toBe('noindex, nofollow')
      expect(door.headers.get('referrer-policy')).toBe('no-referrer')
      const html = await door.text()
      expect(html).toContain('Show my data')
      expect(formToken(html, copyPagePath)).toBe(token)
    }
    const page = await postForm(copyPagePath, { token })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    for (const shown of [person, 'Ann', 'newsletter', 'launch-week', '2026-11-01', code, 'confirm', 'welcome', 'Friends who join', 'not on our suppression list', ...notLinkedWords])
      expect(html).toContain(shown.replaceAll("'", '&#x27;'))
    expect(html).not.toContain(friend)
    expect(html).not.toContain('Bea')
    // Single use.
    const again = await postForm(copyPagePath, { token })
    expect(again.status).toBe(404)
    expect(await again.text()).toContain('Ask for a new link')

    // The page's download: the same copy as JSON, as a file, for an hour, pressed as often as wanted.
    const fileToken = formToken(html, copyFilePath)!
    for (let press = 0; press < 2; press++) {
      const file = await postForm(copyFilePath, { token: fileToken })
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="stride-health-my-data-\d{4}-\d{2}-\d{2}\.json"$/)
      const text = await file.text()
      expect(text).not.toContain(friend)
      const copy = JSON.parse(text) as OwnCopy
      expect(copy.signup).toMatchObject({ email: person, firstName: 'Ann', status: 'confirmed', utmSource: 'newsletter', utmCampaign: 'launch-week' })
      expect(copy.consent.version).toBe('2026-11-01')
      expect(copy.consent.confirmedAt).not.toBeNull()
      expect(copy.purposes.earlyAccess.held).toBe(true)
      expect(copy.line).toMatchObject({ code, friendsJoined: 1, friendsConfirmed: 0 })
      expect(copy.line.place).toBe(1)
      expect(copy.emails.map((email) => email.kind)).toEqual(expect.arrayContaining(['confirm', 'welcome', 'copy']))
      expect(copy.suppression).toBeNull()
      expect(copy.notLinked).toEqual(notLinkedWords)
    }
    server.clock.offsetMs = linkLifetimesMs.copyFile + 1000
    expect((await postForm(copyFilePath, { token: fileToken })).status).toBe(404)
  })

  it('refuses a link past its day, and one that is malformed, with a page that offers a new one', async () => {
    await start()
    await joinAndConfirm(person)
    await inbox.next(person)
    await askForCopy(person)
    const { token } = linkTo(await inbox.next(person), copyPagePath)
    server.clock.offsetMs = linkLifetimesMs.copy + 1000
    const late = await postForm(copyPagePath, { token })
    expect(late.status).toBe(404)
    expect(await late.text()).toContain('Ask for a new link')
    expect((await fetch(`${server.origin}${copyPagePath}?token=short`)).status).toBe(404)
    expect((await postForm(copyFilePath, { token: 'x'.repeat(43) })).status).toBe(404)
  })
})

describe("the console's copy", () => {
  let admin: AdminTestServer
  afterEach(() => admin?.close())

  it('makes the same file for a member with people:export, in the audit log by id, and refuses a role without it', async () => {
    admin = await startAdminServer()
    const owner = await admin.signIn()
    const signedUp = await admin.request('/api/waitlist', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ ...validSignup, email: 'cal.copy@example.com' }) })
    expect(signedUp.status).toBe(200)
    const found = await (await admin.request('/api/admin/signups?search=cal.copy%40example.com', { cookie: owner })).json()
    const id = found.rows[0].id as number

    const file = await admin.request(`/api/admin/people/${id}/copy.json`, { cookie: owner })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="stride-health-my-data-/)
    const copy = (await file.json()) as OwnCopy
    expect(copy.signup.email).toBe('cal.copy@example.com')
    expect(copy.notLinked).toEqual(notLinkedWords)
    const audit = await (await admin.request('/api/admin/audit', { cookie: owner })).json()
    expect(audit.entries[0]).toMatchObject({ action: 'export', detail: `copy of signup #${id}'s data` })
    expect(JSON.stringify(audit.entries[0])).not.toContain('cal.copy@example.com')

    const viewer = await admin.joinTeam(owner, 'viewer.copy@company.example', 'viewer')
    expect((await admin.request(`/api/admin/people/${id}/copy.json`, { cookie: viewer })).status).toBe(403)
    expect((await admin.request('/api/admin/people/999999/copy.json', { cookie: owner })).status).toBe(404)
  })
})
