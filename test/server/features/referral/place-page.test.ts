// @vitest-environment node
// A place in line end to end (issue 21) on a real server, a real database (SQLite here, PostgreSQL in
// `npm run test:server:postgres`) and real email: a person joins, confirms from the emailed link and is told
// their place; the welcome email brings the private "your place" page with their share link; a friend joins
// through that link and confirms; the first person's page shows them moved up, and the friend's shows nothing
// of them. Opening the page changes nothing, and an unknown link reveals nobody. Someone a wave invited keeps
// the page when they unsubscribe, and joining again returns them to their invitation.
import type { ParsedMail } from 'mailparser'
import { afterEach, expect, it } from 'vitest'
import { invitationSubject } from '../../../../server/features/launch/invitation-email'
import { messages } from '../../../../shared/messages'
import { referralRules } from '../../../../shared/rules'
import { pageText } from '../../../utils/page-text'
import { rawHeader } from '../../../../tools/smtp-inbox'
import { queryDatabase, startTestServer, validSignup, type TestServer } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'
import { inboxForFile } from '../../../utils/file-inbox'

runsOnBothEngines()

const inbox = inboxForFile()
let server: TestServer
afterEach(() => server?.close())

const tokenLink = (mail: ParsedMail, path: string) => {
  const found = new RegExp(`https?://[^\\s]+${path.replaceAll('/', '\\/')}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text ?? '')
  if (!found) throw new Error(`no ${path} link in: ${mail.text}`)
  return { url: found[0], token: found[1]! }
}
const shareLinkIn = (text: string) => /https?:\/\/\S+\/\?ref=([2-9a-hjkmnp-z]{8})/.exec(text)

async function joinAndConfirm(email: string, consent: Record<string, string> = {}) {
  const joined = await server.post({ ...validSignup, email, ...consent })
  expect(await joined.json()).toEqual({ ok: true, message: messages.success })
  const { token } = tokenLink(await inbox.next(email), '/waitlist/confirm')
  const confirmed = await fetch(`${server.origin}/api/waitlist/confirm`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify({ token }) })
  return (await confirmed.json()) as { ok: boolean; place?: number; inLine?: number }
}

it('shows each person their own place, moves the referrer up when a friend confirms, and names nobody', async () => {
  server = await startTestServer({ mail: { smtpUrl: inbox.url } })
  // Twelve people ahead of the referrer, so a credit of boostPlaces shows.
  for (let index = 0; index < 12; index++) expect((await joinAndConfirm(`ahead-${index}@example.com`)).place).toBe(index + 1)
  const first = await joinAndConfirm('first@example.com')
  expect(first).toMatchObject({ ok: true, place: 13, inLine: 13 })

  // The welcome email: the private link, and the share link.
  const welcome = await inbox.next('first@example.com')
  const place = tokenLink(welcome, '/waitlist/place')
  const share = shareLinkIn(welcome.text ?? '')
  expect(share).not.toBeNull()

  const page = await fetch(place.url)
  expect(page.status).toBe(200)
  expect(page.headers.get('cache-control')).toBe('no-store')
  expect(page.headers.get('referrer-policy')).toBe('no-referrer')
  expect(page.headers.get('x-robots-tag')).toMatch(/noindex/)
  expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/)
  const html = await page.text()
  expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>')
  expect(pageText(html)).toContain("you're number 13 in line")
  expect(pageText(html)).toContain('13 people are in line')
  expect(html).toContain(`value="${share![0]}"`)
  expect(pageText(html)).toContain('No friends have confirmed through your link yet.')

  // A friend comes through the share link and confirms: the first person moves up.
  const friend = await joinAndConfirm('friend@example.net', { referralCode: share![1]! })
  expect(friend).toMatchObject({ ok: true, place: 14, inLine: 14 })
  const after = pageText(await (await fetch(place.url)).text())
  expect(after).toContain(`you're number ${13 - referralRules.boostPlaces} in line`)
  expect(after).toContain('1 friend has confirmed through your link.')

  // The friend's own welcome and page: their place, their own code, nothing of the first person.
  const friendWelcome = await inbox.next('friend@example.net')
  const friendPage = await (await fetch(tokenLink(friendWelcome, '/waitlist/place').url)).text()
  expect(pageText(friendPage)).toContain("you're number 14 in line")
  expect(friendPage).not.toContain(share![1]!)
  expect(friendPage).not.toContain('first@example.com')

  // Opening the page again and again changes nothing.
  for (let index = 0; index < 3; index++) expect(pageText(await (await fetch(place.url)).text())).toContain(`you're number ${13 - referralRules.boostPlaces} in line`)
})

it('answers every link that does not work with the same page and a 404, whoever is listed', async () => {
  server = await startTestServer({ mail: { smtpUrl: inbox.url } })
  const bodies = new Set<string>()
  for (const query of ['', '?token=', '?token=short', `?token=${'A'.repeat(43)}`, `?token=${'x'.repeat(43)}&x=1`]) {
    const response = await fetch(`${server.origin}/waitlist/place${query}`)
    expect(response.status, query).toBe(404)
    expect(response.headers.get('x-robots-tag')).toMatch(/noindex/)
    bodies.add(await response.text())
  }
  expect(bodies.size).toBe(1)
  expect(pageText([...bodies][0]!)).toContain("This link doesn't work")
})

it('moves no figure on a person’s page because of another address’s past: only a friend’s own confirmation counts', async () => {
  server = await startTestServer({ mail: { smtpUrl: inbox.url } })
  await joinAndConfirm('owner@example.com')
  const place = tokenLink(await inbox.next('owner@example.com'), '/waitlist/place')
  // Each opening carries fresh tokens for its news-and-updates form and its questions link, which say nothing of
  // anyone: set aside.
  const page = async () =>
    (await (await fetch(place.url)).text()).replace(/name="token" value="[\w-]{43}"/g, 'name="token" value=""').replace(/questions\?token=[\w-]{43}/g, 'questions?token=')
  const code = /\/\?ref=([2-9a-hjkmnp-z]{8})"/.exec(await page())![1]!
  // Addresses already listed (one pending, one confirmed) and one never listed.
  expect(await (await server.post({ ...validSignup, email: 'pending@example.org' })).json()).toEqual({ ok: true, message: messages.success })
  await joinAndConfirm('confirmed@example.org')
  const before = await page()

  // The owner posts each of them with their own code, as anyone may: a repeat never gains a referrer, a first
  // signup does. The page must read the same either way, or it tells who was listed.
  for (const email of ['pending@example.org', 'confirmed@example.org', 'stranger@example.org']) {
    expect(await (await server.post({ ...validSignup, email, referralCode: code })).json()).toEqual({ ok: true, message: messages.success })
    await server.store.settled()
    expect(await page(), email).toBe(before)
  }
  expect(pageText(before)).toContain('No friends have confirmed through your link yet.')

  // The stranger confirms from their own inbox: their own act, and the page counts it.
  const { token } = tokenLink(await inbox.next('stranger@example.org'), '/waitlist/confirm')
  await fetch(`${server.origin}/api/waitlist/confirm`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify({ token }) })
  expect(pageText(await page())).toContain('1 friend has confirmed through your link.')
})

const inviteUrl = 'https://testflight.apple.com/join/Stride01'

/** Joins, confirms, is invited by a wave and unsubscribes with the invitation's own one-click link (RFC 8058,
 * as a mail provider posts it): their place link, and the invitation link they hold. */
async function invitedThenUnsubscribed(email: string) {
  await joinAndConfirm(email)
  const place = tokenLink(await inbox.next(email), '/waitlist/place')
  expect(await server.store.invitations.startWave({ count: 1, by: 'team@company.example', kind: 'next', now: new Date() })).toMatchObject({ ok: true })
  server.sender!.poke()
  const invitation = await inbox.next(email)
  expect(invitation.subject).toBe(invitationSubject)
  const oneClick = new FormData()
  oneClick.set('List-Unsubscribe', 'One-Click')
  const unsubscribed = await fetch(String(rawHeader(invitation, 'List-Unsubscribe')).replace(/^<|>$/g, ''), { method: 'POST', body: oneClick })
  expect(await unsubscribed.text()).toBe(messages.unsubscribed)
  return { place, invite: tokenLink(invitation, '/waitlist/invite') }
}

it('keeps an invited person’s page when they unsubscribe, saying where their invitation stands and that no email comes', async () => {
  server = await startTestServer({ mail: { smtpUrl: inbox.url }, inviteUrl })
  const { place, invite } = await invitedThenUnsubscribed('invited@example.com')
  const page = await fetch(place.url)
  expect(page.status).toBe(200)
  expect(page.headers.get('cache-control')).toBe('no-store')
  const text = pageText(await page.text())
  expect(text).toContain('Ann, your invitation is here')
  expect(text).toContain("You've unsubscribed: we won't email you again, not even a reminder. Your invitation stays yours until it ends, and the link in its email still works.")
  expect(text).not.toContain("you're number")
  // The invitation's page works as before, and opening either changes nothing.
  expect((await fetch(invite.url)).status).toBe(200)
  expect((await fetch(place.url)).status).toBe(200)
})

it('returns an invited person who unsubscribed and joins again to their invitation: the rejoin mails the confirmation only, and the link they held claims', async () => {
  server = await startTestServer({ mail: { smtpUrl: inbox.url }, inviteUrl })
  const email = 'back@example.com'
  const { place, invite } = await invitedThenUnsubscribed(email)
  expect(await (await server.post({ ...validSignup, email })).json()).toEqual({ ok: true, message: messages.success })
  await server.store.settled()
  const confirmation = await inbox.next(email)
  const { token } = tokenLink(confirmation, '/waitlist/confirm')
  const confirmed = await fetch(`${server.origin}/api/waitlist/confirm`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify({ token }) })
  expect(await confirmed.json()).toMatchObject({ ok: true, message: messages.confirmed })
  expect(await queryDatabase(server.databaseUrl, 'SELECT status FROM signups WHERE email_normalized = $1', [email])).toEqual([{ status: 'invited' }])
  // Back where they stood: their page says the invitation is here, with no word of unsubscribing, and no
  // second welcome or invitation is mailed (the one they have still works).
  const back = pageText(await (await fetch(place.url)).text())
  expect(back).toContain('Ann, your invitation is here')
  expect(back).not.toContain('unsubscribed')
  expect((await fetch(invite.url)).status).toBe(200)
  await server.sender!.idle()
  expect(inbox.mails.filter((mail) => mail.rcptTo.includes(email))).toEqual([])
  const claimed = await fetch(`${server.origin}/waitlist/invite`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `token=${invite.token}`,
  })
  expect(claimed.status).toBe(200)
  expect(await claimed.text()).toContain(`href="${inviteUrl}"`)
})
