// Purposes of email (issue 31) in Chromium, against `npm start` with real email (an in-process SMTP server): a
// person confirms from the emailed link and is asked about news and updates on the page the link lands on; they
// say yes and see the answer, with axe clean; the consent record keeps the choice with its wording's version; and
// taking it back is one press on the same page. Without JavaScript, the same from the prerendered forms: the
// server answers each post with a redirect to the page of its answer (axe needs a script, so it runs on the
// pages with one). And the "your place" page asks too.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import type { Page } from '@playwright/test'
import { newsConsentVersion, newsConsentWording } from '../shared/email-purposes'
import { messages } from '../shared/messages'
import { newsChoiceCopy, tokenPages } from '../src/content/consent-pages'
import { startInbox, type Inbox } from '../tools/smtp-inbox'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { servedSite, type NpmStart } from './support/npm-start'
import { host, sparePort } from './support/ports'

const port = sparePort(3)
const origin = `http://${host}:${port}`
let server: NpmStart | undefined
let inbox: Inbox
let work: string
let databaseUrl: string
let people = 0

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(150_000)
  inbox = await startInbox()
  work = await mkdtemp(join(tmpdir(), 'news-and-updates-'))
  databaseUrl = `file:${join(work, 'waitlist.db')}`
  // Its own output folder, so it never races another spec's `npm start` building at the same time.
  server = servedSite({
    ...process.env,
    PORT: String(port),
    HOST: host,
    DATABASE_URL: databaseUrl,
    SMTP_URL: inbox.url,
  })
  await server.serving(origin, 60_000)
})

test.afterAll(async () => {
  await server?.stop()
  await inbox?.close()
  await rm(work, { recursive: true, force: true })
})

/** Joins (as the site's form posts) and returns the confirm link of the email that arrives. */
async function joinedConfirmLink(email: string) {
  const joined = await fetch(`${origin}/api/waitlist`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body: JSON.stringify({ firstName: 'Nia', email, source: 'stride-marketing-site' }),
  })
  expect(joined.ok).toBe(true)
  return /https?:\/\/\S+\/waitlist\/confirm\?token=[\w-]{43}/.exec((await inbox.next(email, 10_000)).text ?? '')![0]
}

/** The person's consent record of news and updates, as the database keeps it. */
async function newsRecord(email: string) {
  const client = createClient({ url: databaseUrl })
  try {
    await client.execute('PRAGMA busy_timeout = 10000')
    const { rows } = await client.execute({
      sql: 'SELECT status, news_consent_version, news_given_at, news_withdrawn_at FROM signups WHERE email_normalized = ?',
      args: [email],
    })
    return { ...rows[0] }
  } finally {
    client.close()
  }
}

const newsRegion = (page: Page) => page.getByRole('main').getByRole('region', { name: newsChoiceCopy.title })

test('a confirmed person says yes to news and updates on the confirmed page, sees the answer, and can take it back there', async ({ page }) => {
  const email = `news-${++people}-${Date.now()}@example.com`
  await page.goto(await joinedConfirmLink(email))
  await page.getByRole('main').getByRole('button', { name: tokenPages.confirm.button }).click()
  await expect(page.getByRole('main').getByRole('status')).toContainText(messages.confirmed)

  // Asked, never pre-ticked: the wording and one button.
  const region = newsRegion(page)
  await expect(region.getByText(newsConsentWording)).toBeVisible()
  await expect(region.getByRole('checkbox')).toHaveCount(0)
  expect(await newsRecord(email)).toMatchObject({ status: 'confirmed', news_given_at: null })
  await expectNoAxeViolations(page, 'the confirmed page asking about news and updates')

  await region.getByRole('button', { name: newsChoiceCopy.button.on }).click()
  await expect(region.getByText(messages.newsOn)).toBeVisible()
  await expectNoAxeViolations(page, 'the answer to yes')
  expect(await newsRecord(email)).toMatchObject({ status: 'confirmed', news_consent_version: newsConsentVersion, news_withdrawn_at: null })

  // Taking it back is one press, on the same page.
  await region.getByRole('button', { name: newsChoiceCopy.button.off }).click()
  await expect(region.getByText(messages.newsOff)).toBeVisible()
  const record = await newsRecord(email)
  expect(record.news_withdrawn_at).not.toBeNull()
  expect(record.status).toBe('confirmed')
})

test('the "your place" page asks with a plain form, and lands on the answer', async ({ page }) => {
  const email = `place-${++people}-${Date.now()}@example.com`
  await page.goto(await joinedConfirmLink(email))
  await page.getByRole('main').getByRole('button', { name: tokenPages.confirm.button }).click()
  await expect(page.getByRole('main').getByRole('status')).toContainText(messages.confirmed)
  const welcome = await inbox.next(email, 10_000)
  await page.goto(/https?:\/\/\S+\/waitlist\/place\?token=[\w-]{43}/.exec(welcome.text ?? '')![0])
  await expect(page.getByText(newsConsentWording)).toBeVisible()
  await expectNoAxeViolations(page, 'the "your place" page')
  await page.getByRole('button', { name: 'Send me news and updates' }).click()
  await expect(page).toHaveURL(/\/waitlist\/news-on\?token=[\w-]{43}$/)
  await expect(page.getByRole('main').getByRole('status')).toHaveText(messages.newsOn)
  await expect(newsRegion(page).getByRole('button', { name: newsChoiceCopy.button.off })).toBeVisible()
  await expectNoAxeViolations(page, '/waitlist/news-on')
  expect(await newsRecord(email)).toMatchObject({ news_consent_version: newsConsentVersion, news_withdrawn_at: null })
})

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false })

  test('the confirmed page’s own form says yes, and the page it lands on offers to take it back', async ({ page }) => {
    const email = `no-js-${++people}-${Date.now()}@example.com`
    await page.goto(await joinedConfirmLink(email))
    await page.getByRole('main').getByRole('button', { name: tokenPages.confirm.button }).click()
    await expect(page).toHaveURL(/\/waitlist\/confirmed\?token=[\w-]{43}$/)
    await expect(page.getByRole('main').getByRole('status')).toHaveText(messages.confirmed)
    await expect(newsRegion(page).getByText(newsConsentWording)).toBeVisible()

    await newsRegion(page).getByRole('button', { name: newsChoiceCopy.button.on }).click()
    await expect(page).toHaveURL(/\/waitlist\/news-on\?token=[\w-]{43}$/)
    await expect(page.getByRole('main').getByRole('status')).toHaveText(messages.newsOn)
    expect(await newsRecord(email)).toMatchObject({ news_consent_version: newsConsentVersion, news_withdrawn_at: null })

    await newsRegion(page).getByRole('button', { name: newsChoiceCopy.button.off }).click()
    await expect(page).toHaveURL(/\/waitlist\/news-off\?token=[\w-]{43}$/)
    await expect(page.getByRole('main').getByRole('status')).toHaveText(messages.newsOff)
    expect((await newsRecord(email)).news_withdrawn_at).not.toBeNull()
  })
})
