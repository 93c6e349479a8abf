// @vitest-environment node
// Purposes of email (issue 31) end to end on a real server, a real database (SQLite here, PostgreSQL in
// `npm run test:server:postgres`) and real email received by an in-process SMTP server. Early access is the
// signup's consent; news and updates is asked after confirmation and kept in the consent record with its
// wording's version; each purpose has its own one-click unsubscribe, and "stop all email" stops both. Every token
// that does not work gets the one answer today's unsubscribe gives, whatever became of it.
import { createHash } from 'node:crypto'
import { createElement } from 'react'
import type { ParsedMail } from 'mailparser'
import { afterEach, describe, expect, it } from 'vitest'
import { EmailLayout } from '../../../../server/platform/mail/email-layout'
import { listEmail, withUnsubscribe } from '../../../../server/platform/mail/list-email'
import { issueLinkTokens } from '../../../../server/platform/secrets/link-tokens'
import { newsConsentVersion, newsConsentWording } from '../../../../shared/email-purposes'
import { messages } from '../../../../shared/messages'
import { pageText } from '../../../utils/page-text'
import { rawHeader } from '../../../../tools/smtp-inbox'
import { queryDatabase, startTestServer, validSignup, type TestServer } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'
import { inboxForFile } from '../../../utils/file-inbox'

runsOnBothEngines()

const inbox = inboxForFile()
let server: TestServer
afterEach(() => server?.close())

const day = 86_400_000
const aToken = /^[\w-]{43}$/
let people = 0
let person = ''
const start = async () => {
  person = `pat.${++people}@example.com`
  server = await startTestServer({ mail: { smtpUrl: inbox.url } })
}
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const sql = (query: string, args: (string | number | null)[] = []) => queryDatabase(server.databaseUrl, query, args)
const postJson = (path: string, body: unknown) =>
  fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) })
// A browser's own post from a page that sends no Referer (Origin: null), as the pages that carry a token are.
const postForm = (path: string, fields: Record<string, string>) =>
  fetch(`${server.origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'null' },
    body: new URLSearchParams(fields).toString(),
  })
/** A mail provider's RFC 8058 one-click: List-Unsubscribe=One-Click posted to the header's URL, no Origin. */
const oneClick = (url: string) => {
  const body = new FormData()
  body.set('List-Unsubscribe', 'One-Click')
  return fetch(url, { method: 'POST', body })
}
const listUnsubscribeUrl = (mail: ParsedMail) => String(rawHeader(mail, 'List-Unsubscribe')).replace(/^<|>$/g, '')
const tokenIn = (mail: ParsedMail, path: string) => {
  const found = new RegExp(`${path.replaceAll('/', '\\/')}\\?token=([\\w-]{43})`).exec(mail.text ?? '')
  if (!found) throw new Error(`no ${path} link in: ${mail.text}`)
  return found[1]!
}

type NewsRecord = { status: string; news_consent_version: string | null; news_given_at: unknown; news_withdrawn_at: unknown }
const recordOf = async (email = person) =>
  (await sql('SELECT status, news_consent_version, news_given_at, news_withdrawn_at FROM signups WHERE email_normalized = $1', [email]))[0] as NewsRecord
/** A link's token past its end, as its lifetime leaves it (the routes read the system's clock). */
const endNow = (token: string) =>
  sql('UPDATE consent_tokens SET expires_at = $1 WHERE token_hash = $2', [new Date(Date.now() - 1000).toISOString(), sha256(token)])
const holdsNews = (record: NewsRecord) => record.news_given_at !== null && record.news_withdrawn_at === null

/** Joins and confirms from the emailed link, as the confirmation page's script does: the reply's token for news and updates. */
async function joinAndConfirm(email = person): Promise<string> {
  expect(await (await server.post({ ...validSignup, email })).json()).toEqual({ ok: true, message: messages.success })
  const confirmed = await postJson('/api/waitlist/confirm', { token: tokenIn(await inbox.next(email), '/waitlist/confirm') })
  const reply = (await confirmed.json()) as { ok: boolean; nextToken: string }
  expect(reply).toMatchObject({ ok: true, message: messages.confirmed, nextToken: expect.stringMatching(aToken) })
  return reply.nextToken
}

async function choose(token: string, news: 'on' | 'off') {
  const reply = (await (await postJson('/api/waitlist/news', { token, news })).json()) as { ok: boolean; message: string; nextToken?: string }
  return reply
}

/** A news-and-updates email's headers and links, made as every list email is (platform/mail/list-email.ts), for
 * its own purpose: the mechanism the updates will be sent with. */
async function newsEmailFor(email: string) {
  const [row] = await sql('SELECT id FROM signups WHERE email_normalized = $1', [email])
  const tokens = await issueLinkTokens(server.store.database.db, Number(row!.id), new Date(), withUnsubscribe({}, 'news'))
  const links = { siteUrl: server.origin, apiUrl: server.origin }
  return listEmail(email, 'News from Stride Health', links, tokens['unsubscribe-news'], [], (unsubscribeUrl) =>
    createElement(EmailLayout, { preheader: 'News', sentBecause: 'Sent because you asked for news and updates.', unsubscribeUrl, children: null }),
  )
}
const oneClickUrlOf = (mail: { headers?: Record<string, string> }) => mail.headers!['List-Unsubscribe']!.replace(/^<|>$/g, '')

describe('news and updates, asked after confirmation', () => {
  it('records the choice with its wording’s version, and takes it back as easily with the token its answer hands on', async () => {
    await start()
    const first = await joinAndConfirm()
    // Nobody holds news and updates until they ask: confirming early access gives none.
    expect(await recordOf()).toMatchObject({ status: 'confirmed', news_consent_version: null, news_given_at: null, news_withdrawn_at: null })

    const given = await choose(first, 'on')
    expect(given).toEqual({ ok: true, message: messages.newsOn, nextToken: expect.stringMatching(aToken) })
    const record = await recordOf()
    expect(record).toMatchObject({ status: 'confirmed', news_consent_version: newsConsentVersion, news_withdrawn_at: null })
    expect(record.news_given_at).not.toBeNull()
    // Single use: the token that gave it is spent.
    expect(await choose(first, 'on')).toEqual({ ok: false, message: messages.newsLinkInvalid })

    // Stored hashed, for a day, and only the next choice's token is left.
    const tokens = await sql("SELECT token_hash, expires_at FROM consent_tokens WHERE purpose = 'news-choice'")
    expect(tokens.map((row) => row.token_hash)).toEqual([sha256(given.nextToken!)])
    const lifetime =
      new Date(String(tokens[0]!.expires_at instanceof Date ? tokens[0]!.expires_at.toISOString() : tokens[0]!.expires_at)).getTime() - Date.now()
    expect(lifetime).toBeGreaterThan(day - 60_000)
    expect(lifetime).toBeLessThanOrEqual(day)

    const taken = await choose(given.nextToken!, 'off')
    expect(taken).toEqual({ ok: true, message: messages.newsOff, nextToken: expect.stringMatching(aToken) })
    const back = await recordOf()
    expect(back.news_withdrawn_at).not.toBeNull()
    // The record keeps the wording it was given under; early access is untouched.
    expect(back).toMatchObject({ status: 'confirmed', news_consent_version: newsConsentVersion })
    expect(holdsNews(back)).toBe(false)

    // And given again, with the next token.
    expect(await choose(taken.nextToken!, 'on')).toMatchObject({ ok: true, message: messages.newsOn })
    expect(holdsNews(await recordOf())).toBe(true)
  })

  it('works without JavaScript: the confirmed page’s form posts back to its own address and lands on the answer, which offers the other choice', async () => {
    await start()
    expect(await (await server.post({ ...validSignup, email: person })).json()).toEqual({ ok: true, message: messages.success })
    const confirm = tokenIn(await inbox.next(person), '/waitlist/confirm')
    const confirmed = await postForm(`/waitlist/confirm?token=${confirm}`, {})
    expect(confirmed.status).toBe(303)
    const confirmedPage = confirmed.headers.get('location')!
    expect(confirmedPage).toMatch(/^\/waitlist\/confirmed\?token=[\w-]{43}$/)

    const yes = await postForm(confirmedPage, { news: 'on' })
    expect(yes.status).toBe(303)
    const newsOnPage = yes.headers.get('location')!
    expect(newsOnPage).toMatch(/^\/waitlist\/news-on\?token=[\w-]{43}$/)
    expect(holdsNews(await recordOf())).toBe(true)

    const no = await postForm(newsOnPage, { news: 'off' })
    expect(no.headers.get('location')).toMatch(/^\/waitlist\/news-off\?token=[\w-]{43}$/)
    expect(holdsNews(await recordOf())).toBe(false)

    // The confirmed page's token was spent by its one choice: its answer page names no token.
    expect((await postForm(confirmedPage, { news: 'on' })).headers.get('location')).toBe('/waitlist/news-link-invalid')
    expect(holdsNews(await recordOf())).toBe(false)
  })

  it('answers every choice token that does not work the same way, and changes nothing', async () => {
    await start()
    const first = await joinAndConfirm()
    const { nextToken: spentNext } = await choose(first, 'on')
    const expired = (await choose(spentNext!, 'off')).nextToken!
    const before = await recordOf()
    const confirmToken = (await issueLinkTokens(server.store.database.db, 1, new Date(), { confirm: day })).confirm

    const answers = new Set<string>()
    // Unknown, malformed, spent, another purpose's token, and (below) one past its day.
    for (const token of ['A'.repeat(43), 'short', '', 42, null, first, confirmToken]) {
      const response = await postJson('/api/waitlist/news', { token, news: 'on' })
      expect(response.status).toBe(200)
      answers.add(await response.text())
    }
    await endNow(expired)
    const late = await postJson('/api/waitlist/news', { token: expired, news: 'on' })
    answers.add(await late.text())
    expect([...answers]).toEqual([JSON.stringify({ ok: false, message: messages.newsLinkInvalid })])
    expect(await recordOf()).toEqual(before)
  })

  it('reads a choice that is neither on nor off as unreadable, before it touches the token', async () => {
    await start()
    const token = await joinAndConfirm()
    for (const news of ['yes', '', 'ON', undefined]) expect(await choose(token, news as 'on')).toEqual({ ok: false, message: messages.unreadable })
    expect(await choose(token, 'on')).toMatchObject({ ok: true, message: messages.newsOn })
  })

  it('asks only a confirmed address: someone back after unsubscribing is asked again once they confirm anew', async () => {
    await start()
    const token = await joinAndConfirm()
    const unsubscribe = tokenIn((await inbox.next(person))!, '/waitlist/unsubscribe') // the welcome email's
    expect(await (await postJson('/api/waitlist/unsubscribe', { token: unsubscribe })).json()).toEqual({ ok: true, message: messages.unsubscribed })
    expect(await (await server.post({ ...validSignup, email: person })).json()).toEqual({ ok: true, message: messages.success })
    await server.store.settled()
    expect((await recordOf()).status).toBe('pending')
    // The day-long token from the first confirmation is still unspent, but the address is not confirmed now.
    expect(await choose(token, 'on')).toEqual({ ok: false, message: messages.newsLinkInvalid })
    expect((await recordOf()).news_given_at).toBeNull()
  })
})

describe('each purpose has its own one-click unsubscribe, and "stop all email" stops both', () => {
  it('unsubscribing from news and updates (a news email’s one-click) leaves early access', async () => {
    await start()
    await choose(await joinAndConfirm(), 'on')
    const news = await newsEmailFor(person)
    expect(news.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
    // The same one-click URL as every email's: the token's own purpose says which purpose it stops.
    expect(oneClickUrlOf(news)).toMatch(new RegExp(`^${server.origin}/api/waitlist/unsubscribe\\?token=[\\w-]{43}$`))

    const response = await oneClick(oneClickUrlOf(news))
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(messages.unsubscribedNews)
    const record = await recordOf()
    expect(record.status).toBe('confirmed')
    expect(record.news_withdrawn_at).not.toBeNull()
    // Early access's emails still go: the welcome, sent at confirmation, is delivered.
    expect((await inbox.next(person)).subject).toMatch(/in line/i)
  })

  it('unsubscribing from early access (its emails’ one-click) leaves news and updates, and says so', async () => {
    await start()
    await choose(await joinAndConfirm(), 'on')
    const welcome = await inbox.next(person)
    const response = await oneClick(listUnsubscribeUrl(welcome))
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(messages.unsubscribedEarlyAccess)
    const record = await recordOf()
    expect(record.status).toBe('unsubscribed')
    expect(holdsNews(record)).toBe(true)
  })

  it('without news and updates, early access’s unsubscribe still says no email will come, word for word as before', async () => {
    await start()
    await joinAndConfirm()
    const response = await oneClick(listUnsubscribeUrl(await inbox.next(person)))
    expect(await response.text()).toBe(messages.unsubscribed)
    expect((await recordOf()).status).toBe('unsubscribed')
  })

  it('stop all email, from the unsubscribe page of either purpose’s link (its script and its no-script form), stops both', async () => {
    await start()
    // From an early-access link, by the page's script.
    await choose(await joinAndConfirm(), 'on')
    const welcome = await inbox.next(person)
    const all = await postJson('/api/waitlist/unsubscribe', { token: tokenIn(welcome, '/waitlist/unsubscribe'), scope: 'all' })
    expect(await all.json()).toEqual({ ok: true, message: messages.unsubscribed })
    let record = await recordOf()
    expect([record.status, holdsNews(record)]).toEqual(['unsubscribed', false])

    // From a news link, by the page's own form post back to its address.
    const other = `other.${people}@example.com`
    await choose(await joinAndConfirm(other), 'on')
    const newsLink = new URL(oneClickUrlOf(await newsEmailFor(other))).searchParams.get('token')!
    const page = await postForm(`/waitlist/unsubscribe?token=${newsLink}`, { scope: 'all' })
    expect(page.status).toBe(303)
    expect(page.headers.get('location')).toBe('/waitlist/unsubscribed')
    record = await recordOf(other)
    expect([record.status, holdsNews(record)]).toEqual(['unsubscribed', false])
  })

  it('the page’s first button stops only the link’s purpose, as the one-click does', async () => {
    await start()
    await choose(await joinAndConfirm(), 'on')
    const newsLink = new URL(oneClickUrlOf(await newsEmailFor(person))).searchParams.get('token')!
    const page = await postForm(`/waitlist/unsubscribe?token=${newsLink}`, {})
    expect(page.headers.get('location')).toBe('/waitlist/unsubscribed-news')
    const record = await recordOf()
    expect([record.status, holdsNews(record)]).toEqual(['confirmed', false])
  })

  it('answers a used, expired or unknown token of either purpose, or a stop of what is already stopped, as today’s unsubscribe does', async () => {
    await start()
    await choose(await joinAndConfirm(), 'on')
    const welcome = await inbox.next(person)
    const earlyAccess = listUnsubscribeUrl(welcome)
    const news = oneClickUrlOf(await newsEmailFor(person))
    const newsAgain = oneClickUrlOf(await newsEmailFor(person))
    const unknown = `${server.origin}/api/waitlist/unsubscribe?token=${'B'.repeat(43)}`
    const before = await (await oneClick(unknown)).text()
    expect(before).toBe(messages.unsubscribeLinkInvalid)

    expect(await (await oneClick(news)).text()).toBe(messages.unsubscribedNews)
    const replies = [
      await oneClick(news), // used
      await oneClick(newsAgain), // news and updates already stopped
      await oneClick(unknown),
      await oneClick(`${server.origin}/api/waitlist/unsubscribe?token=short`),
    ]
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200])
    expect(await Promise.all(replies.map((reply) => reply.text()))).toEqual(Array(4).fill(messages.unsubscribeLinkInvalid))

    // Past its end (a year), early access's link answers the same, by the page's script and its "stop all email" too.
    const ended = new URL(earlyAccess).searchParams.get('token')!
    await endNow(ended)
    const late = await postJson('/api/waitlist/unsubscribe', { token: ended, scope: 'all' })
    expect(await late.json()).toEqual({ ok: false, message: messages.unsubscribeLinkInvalid })
    const record = await recordOf()
    expect(record.status).toBe('confirmed')
  })
})

describe('the "your place" page asks too', () => {
  it('with a plain form and a token of its own, never the place link; once given, it offers to take it back', async () => {
    await start()
    await joinAndConfirm()
    const place = `${server.origin}/waitlist/place?token=${tokenIn(await inbox.next(person), '/waitlist/place')}`
    const page = await fetch(place)
    expect(page.status).toBe(200)
    // The form posts to the endpoint, which answers on the site's outcome page: both allowed, nothing else.
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${server.origin}`)
    const html = await page.text()
    expect(pageText(html)).toContain(newsConsentWording)
    expect(html).toMatch(/<form class="news" (action="\/api\/waitlist\/news" method="post"|method="post" action="\/api\/waitlist\/news")>/)
    expect(html).toContain('name="news" value="on"')
    expect(html).not.toMatch(/checked/)
    // Opening the page changes nothing about the person.
    expect(holdsNews(await recordOf())).toBe(false)
    const token = /name="token" value="([\w-]{43})"/.exec(html)![1]!
    expect(token).not.toBe(new URL(place).searchParams.get('token'))

    const posted = await postForm('/api/waitlist/news', { token, news: 'on' })
    expect(posted.status).toBe(303)
    expect(posted.headers.get('location')).toMatch(/^\/waitlist\/news-on\?token=[\w-]{43}$/)
    expect((await recordOf()).news_consent_version).toBe(newsConsentVersion)

    const again = await (await fetch(place)).text()
    expect(again).toContain('name="news" value="off"')
    expect(pageText(again)).toContain('Stop news and updates')
    const stop = /name="token" value="([\w-]{43})"/.exec(again)![1]!
    expect((await postForm('/api/waitlist/news', { token: stop, news: 'off' })).headers.get('location')).toMatch(/^\/waitlist\/news-off\?token=/)
    expect(holdsNews(await recordOf())).toBe(false)
  })
})
