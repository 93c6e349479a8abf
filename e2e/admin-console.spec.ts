// `npm start` with real email (an in-process SMTP server), in Chromium. The team's console: sign in through a
// mailed link and through `npm run admin:link`, read the figures on the Overview, find a person in People, download
// the CSV, erase a person, sign out (after which the old cookie opens nothing), page through the table by a step and by a jump
// (issue 35), and axe on every screen at 1280 and 390 px.
// Then a visitor's whole consent flow: join, confirm from the email, unsubscribe with the one-click POST,
// ask for erasure, confirm it, and be gone from the export.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { createClient } from '@libsql/client'
import type { Page } from '@playwright/test'
import { inlineScriptHashes } from '../server/platform/http/security-headers'
import { messages } from '../shared/messages'
import { referralRules } from '../shared/rules'
import { checkInboxLine } from '../src/content/consent-wording'
import { erasePage, tokenPages } from '../src/content/consent-pages'
import { linkIn, rawHeader, startInbox, type Inbox } from '../tools/smtp-inbox'
import { waitlistForm } from './support/waitlist'
import { axeAtBothWidths, expectNoAxeViolations } from './support/axe'
import { openArea } from './support/console-walk'
import { expect, test } from './support/fixtures'
import { servedSite, type NpmStart } from './support/npm-start'
import { host, serverSiteDir, sparePort } from './support/ports'

const port = sparePort(1)
const origin = `http://${host}:${port}`
const admin = 'team@company.example'
const siteDir = serverSiteDir
let server: NpmStart | undefined
let inbox: Inbox
let work: string
let databaseUrl: string
let env: NodeJS.ProcessEnv

const people = [
  { email: 'ada@example.com', firstName: 'Ada', source: 'stride-marketing-site', daysAgo: 0 },
  { email: 'cleo.search@example.org', firstName: 'Cleo', source: 'stride-marketing-site', daysAgo: 2 },
  { email: 'erase.me@example.net', firstName: 'Eve', source: 'stride-marketing-site', daysAgo: 2 },
  { email: 'formula@example.com', firstName: '=1+2', source: 'stride-marketing-site', daysAgo: 40 },
]

test.describe.configure({ mode: 'serial' })
// The console asks for its session first; without one the server answers 401, which Chromium logs.
// A refused link is a 400. Both are the console working as designed.
test.use({ allowedConsoleErrors: [/status of 40[01] \((Unauthorized|Bad Request)\) \(http:\/\/[^/]+\/api\/admin\//] })

test.beforeAll(async () => {
  test.setTimeout(150_000)
  inbox = await startInbox()
  work = await mkdtemp(join(tmpdir(), 'admin-console-'))
  databaseUrl = `file:${join(work, 'waitlist.db')}`
  // Enough signups from this one client for the referral test's line of people ahead.
  env = { ...process.env, PORT: String(port), HOST: host, RATE_LIMIT_MAX: '100', DATABASE_URL: databaseUrl, ADMIN_EMAILS: `${admin}, other@company.example`, SMTP_URL: inbox.url }
  server = servedSite(env)
  await server.serving(origin, 60_000)
  for (const person of people) {
    const response = await fetch(`${origin}/api/waitlist`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(person) })
    expect(response.ok).toBe(true)
  }
  // The server's own writes after each reply (its outbox, work begun 20–200 ms after a reply) hold the file
  // now and then: wait for the lock, as the server's own connection does, instead of failing at once.
  const client = createClient({ url: databaseUrl })
  await client.execute('PRAGMA busy_timeout = 10000')
  for (const person of people)
    await client.execute({ sql: 'UPDATE signups SET created_at = ? WHERE email = ?', args: [new Date(Date.now() - person.daysAgo * 86_400_000).toISOString(), person.email] })
  client.close()
})

test.afterAll(async () => {
  await server?.stop()
  await inbox?.close()
  await rm(work, { recursive: true, force: true })
})

async function useLink(page: Page, link: string) {
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Sign in to the waitlist console' })).toBeVisible()
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Waitlist console' })).toBeVisible()
  await expect(page).toHaveURL(`${origin}/admin/`) // the used link is out of the address bar
}

test('the console is its own noindex shell, with the strict headers, never referenced by a public page', async ({ page }) => {
  const response = await page.goto(`${origin}/admin/`)
  const csp = response!.headers()['content-security-policy']!
  expect(csp).toContain("frame-ancestors 'none'")
  expect(response!.headers()['x-frame-options']).toBe('DENY')
  const html = await response!.text()
  expect(html).toContain('<meta name="robots" content="noindex, nofollow"')
  expect(html).not.toContain(admin)
  // One inline script, the early calls' (src/admin/console-early.ts), and the CSP allows it by its hash and nothing
  // else inline.
  const inline = inlineScriptHashes(html)
  expect(inline).toHaveLength(1)
  const scriptSrc = csp.split(';').map((directive) => directive.trim()).find((directive) => directive.startsWith('script-src '))
  expect(scriptSrc).toBe(`script-src 'self' ${inline[0]}`)
  expect(await readFile(join(siteDir, 'sitemap.xml'), 'utf8')).not.toContain('/admin')
  const publicPages = (await readdir(siteDir, { recursive: true })).filter((file) => file.endsWith('.html') && !file.startsWith('admin'))
  expect(publicPages.length).toBeGreaterThan(5)
  for (const file of publicPages) expect(await readFile(join(siteDir, file), 'utf8'), file).not.toContain('/admin')
})

test('a team member signs in through the mailed link, sees the figures, finds a person, downloads and erases', async ({ page, context }) => {
  // A whole journey (sign-in, figures, search, download, erasure, a reused link): more than one step's budget.
  test.setTimeout(90_000)
  await page.goto(`${origin}/admin/`)
  const email = page.getByLabel('Work email')
  await expect(email).toBeVisible()
  await axeAtBothWidths(page, 'sign-in form')
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address.')
  await email.fill(admin)
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
  await expect(page.getByRole('status')).toHaveText(/If that address may sign in, a sign-in link is on its way/)
  await axeAtBothWidths(page, 'link sent')
  const link = linkIn(await inbox.next(admin, 10_000))

  await page.goto(link)
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
  await axeAtBothWidths(page, 'confirm the link')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText(`Signed in as ${admin}`)).toBeVisible()

  // Totals and chart match the four signups (three in the last 90 days' chart window, all four counted).
  const total = page.getByRole('definition').first()
  await expect(total).toHaveText('4')
  await expect(page.getByRole('definition').nth(1)).toHaveText('4') // pending: nobody has confirmed yet
  await expect(page.getByText(/^4 signups in the last 90 days; the busiest day was \d{4}-\d\d-\d\d with 2\. 0 confirmed signups came through a referral\.$/)).toBeVisible()
  await expect(page.getByRole('img', { name: /4 signups in the last 90 days/ })).toBeVisible()
  // The Overview (issue 47): each total with its definition, and the funnel of the last 30 days.
  await expect(page.getByRole('term').first()).toHaveText(/^All signupsEveryone on the list now/)
  await expect(page.getByRole('table', { name: /^From visit to activation, the last 30 days/ })).toBeVisible()
  await axeAtBothWidths(page, 'overview')
  await openArea(page, 'People')
  await expect(page.getByRole('status').filter({ hasText: /4 signups, page 1 of 1/ })).toBeVisible()
  await axeAtBothWidths(page, 'people')

  // Search finds one person.
  await page.getByLabel('Search by email or name').fill('cleo')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByText('1 signup matching “cleo”, page 1 of 1.')).toBeVisible()
  const table = page.getByRole('table', { name: /Signups, sorted by/ })
  await expect(table.getByRole('row')).toHaveCount(2)
  await expect(table.getByRole('cell', { name: 'cleo.search@example.org', exact: true })).toBeVisible()

  // The CSV of this search holds what the table shows.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download this search as CSV' }).click()])
  const searchCsv = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n')
  expect(searchCsv[0]).toBe('created_at,email,first_name,source,status,consent_version,confirmed_at,unsubscribed_at,news_consent_version,news_given_at,news_withdrawn_at,utm_source,utm_medium,utm_campaign,referrer_origin,place,referral_credits,held_referrals,referred_by')
  expect(searchCsv.slice(1).map((line) => line.split(',')[1])).toEqual(['cleo.search@example.org'])

  // The whole list, formula-safe.
  await page.getByLabel('Search by email or name').fill('')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(table.getByRole('row')).toHaveCount(5)
  const shownEmails = await table.getByRole('row').locator('td:nth-child(2)').allTextContents()
  const [all] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download all as CSV' }).click()])
  const allCsv = (await readFile((await all.path())!, 'utf8')).trimEnd().split('\r\n').slice(1)
  expect(allCsv.map((line) => line.split(',')[1]).sort()).toEqual([...shownEmails].sort())
  expect(allCsv.find((line) => line.includes('formula@'))).toContain(",'=1+2,")

  // --- The erase flow (issue 47, a page per person): Erase left the table's rows for the person's own page, which
  // their address in the table leads to; erased there, after confirming, the page says so and leads back to People.
  await table.getByRole('link', { name: 'erase.me@example.net', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'erase.me@example.net' })).toBeVisible()
  await expect(page.getByRole('term').filter({ hasText: 'Consent wording' })).toBeVisible()
  await axeAtBothWidths(page, 'person page')
  await page.getByRole('button', { name: 'Erase erase.me@example.net' }).click()
  const dialog = page.getByRole('dialog', { name: 'Erase erase.me@example.net?' })
  await expect(dialog).toBeVisible()
  await axeAtBothWidths(page, 'erase confirmation')
  await dialog.getByRole('button', { name: 'Erase for good' }).click()
  await expect(page.getByText('erase.me@example.net has been erased from the waitlist.')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Erased' })).toBeFocused()
  await page.getByRole('link', { name: 'Back to People' }).click()
  await expect(table.getByRole('row')).toHaveCount(4)
  await expect(table.getByRole('cell', { name: 'erase.me@example.net', exact: true })).toHaveCount(0)
  // --- End of the erase flow (issue 47).
  const [after] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download all as CSV' }).click()])
  expect(await readFile((await after.path())!, 'utf8')).not.toContain('erase.me')
  await openArea(page, 'Overview')
  await expect(total).toHaveText('3')
  await openArea(page, 'Audit')
  await expect(page.getByRole('cell', { name: 'erase', exact: true })).toBeVisible() // in the audit log
  await expect(page.getByRole('cell', { name: 'export', exact: true }).first()).toBeVisible()

  // Sign out: the server forgets the session, so the old cookie opens nothing any more.
  const [cookie] = (await context.cookies(origin)).filter((entry) => entry.name === 'stride_admin')
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' })
  expect((await fetch(`${origin}/api/admin/summary`, { headers: { cookie: `stride_admin=${cookie!.value}` } })).status).toBe(200)
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(page.getByText('You are signed out.')).toBeVisible()
  await expect(page.getByLabel('Work email')).toBeVisible()
  const refused = await fetch(`${origin}/api/admin/summary`, { headers: { cookie: `stride_admin=${cookie!.value}` } })
  expect(refused.status).toBe(401)
  expect(await refused.text()).not.toContain('@example')

  // The mailed link was used once; opening it again is refused.
  await page.goto(link)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText(/expired or was already used/)
})

test('npm run admin:link prints a link that signs in', async ({ page }) => {
  const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'admin:link', '--', admin], { env })
  const link = stdout.trim()
  expect(link).toMatch(new RegExp(`^${origin}/admin/sign-in#token=[A-Za-z0-9_-]{43}$`))
  await useLink(page, link)
  await expect(page.getByText(`Signed in as ${admin}`)).toBeVisible()
})

test('a visitor joins, confirms from the email, unsubscribes in one click, asks for erasure and is gone from the export', async ({ page }) => {
  const email = `consent-${Date.now()}@example.com`
  const statusInDatabase = async () => {
    const client = createClient({ url: databaseUrl })
    try {
      return (await client.execute({ sql: 'SELECT status FROM signups WHERE email = ?', args: [email] })).rows[0]?.status
    } finally {
      client.close()
    }
  }
  const exported = async () => (await promisify(execFile)('npm', ['run', '-s', 'waitlist:export'], { env })).stdout

  await page.goto(`${origin}/`)
  const form = waitlistForm(page, 'hero')
  await form.firstName.fill('Ada')
  await form.email.fill(email)
  await form.submit.click()
  await expect(form.status).toHaveText(messages.success)
  await expect(form.region.getByText(checkInboxLine)).toBeVisible()
  expect(await statusInDatabase()).toBe('pending')

  // The email: text and HTML, the confirm link, the RFC 8058 headers.
  const mail = await inbox.next(email, 10_000)
  expect(mail.html).toBeTruthy()
  const confirmUrl = /https?:\/\/\S+\/waitlist\/confirm\?token=[\w-]{43}/.exec(mail.text ?? '')![0]
  expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
  const oneClickUrl = rawHeader(mail, 'List-Unsubscribe')!.replace(/^<|>$/g, '')

  // Opening the link changes nothing; the button confirms.
  await page.goto(confirmUrl)
  const confirm = page.getByRole('main').getByRole('button', { name: tokenPages.confirm.button })
  await expect(confirm).toBeVisible()
  expect(await statusInDatabase()).toBe('pending')
  await confirm.click()
  await expect(page.getByRole('main').getByRole('status')).toContainText(messages.confirmed)
  expect(await statusInDatabase()).toBe('confirmed')
  // Confirmed: the one welcome email, with the link to their place in line.
  expect((await inbox.next(email, 10_000)).subject).toMatch(/in line/i)

  // The mail app's one-click unsubscribe: a POST with no page and no Origin.
  const oneClick = await fetch(oneClickUrl, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })
  expect(oneClick.status).toBe(200)
  expect(await statusInDatabase()).toBe('unsubscribed')
  expect(await exported()).toMatch(new RegExp(`,${email.replace(/[.]/g, '\\.')},Ada,[^,]*,unsubscribed,2026-11-22,[^,]+Z,[^,]+Z,`))

  // Erasure: the request page, the verification email, its button.
  await page.goto(`${origin}/waitlist/erase`)
  await page.getByRole('main').getByRole('textbox', { name: erasePage.emailLabel }).fill(email)
  await page.getByRole('main').getByRole('button', { name: erasePage.button }).click()
  await expect(page.getByRole('main').getByRole('status')).toHaveText(messages.eraseRequested)
  const eraseMail = await inbox.next(email, 10_000)
  const eraseUrl = /https?:\/\/\S+\/waitlist\/erase\/confirm\?token=[\w-]{43}/.exec(eraseMail.text ?? '')![0]
  await page.goto(eraseUrl)
  await page.getByRole('main').getByRole('button', { name: tokenPages.eraseConfirm.button }).click()
  await expect(page.getByRole('main').getByRole('status')).toHaveText(messages.erased)
  expect(await statusInDatabase()).toBeUndefined()
  expect(await exported()).not.toContain(email)
})

test('a person shares their link from their place page; a friend joins through it and confirms; the person moves up', async ({ browser }) => {
  test.setTimeout(90_000)
  const stamp = Date.now()
  const post = (path: string, body: unknown) => fetch(`${origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(body) })
  const confirmToken = (mail: { text?: string }) => /\/waitlist\/confirm\?token=([\w-]{43})/.exec(mail.text ?? '')![1]
  // Eleven people confirm first, so a move of ten places shows.
  for (let index = 0; index < 11; index++) {
    const email = `ahead-${index}-${stamp}@example.com`
    expect((await post('/api/waitlist', { firstName: 'Ahead', email, source: 'stride-marketing-site' })).ok).toBe(true)
    expect(await (await post('/api/waitlist/confirm', { token: confirmToken(await inbox.next(email, 10_000)) })).json()).toMatchObject({ ok: true })
    await inbox.next(email, 10_000) // the welcome
  }

  // The first person joins and confirms in the browser, and is told their place as they press Confirm.
  const first = `sharer-${stamp}@example.com`
  const context = await browser.newContext()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
  const page = await context.newPage()
  await page.goto(`${origin}/`)
  const form = waitlistForm(page, 'hero')
  await form.firstName.fill('Sam')
  await form.email.fill(first)
  await form.submit.click()
  await expect(form.status).toHaveText(messages.success)
  await page.goto(/https?:\/\/\S+\/waitlist\/confirm\?token=[\w-]{43}/.exec((await inbox.next(first, 10_000)).text ?? '')![0])
  await page.getByRole('main').getByRole('button', { name: tokenPages.confirm.button }).click()
  const status = page.getByRole('main').getByRole('status')
  await expect(status).toContainText(messages.confirmed)
  await expect(status).toContainText(/number \d+ of \d+ in line/)
  const before = Number(/number (\d+) of/.exec((await status.textContent()) ?? '')![1])

  // The welcome email's private link: the place, the share link, a Copy button that copies it.
  const welcome = await inbox.next(first, 10_000)
  const placeUrl = /https?:\/\/\S+\/waitlist\/place\?token=[\w-]{43}/.exec(welcome.text ?? '')![0]
  await page.goto(placeUrl)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Sam, you're number ${before} in line`)
  const shareLink = await page.getByRole('textbox', { name: 'Your share link' }).inputValue()
  expect(shareLink).toMatch(new RegExp(`^${origin}/\\?ref=[2-9a-hjkmnp-z]{8}$`))
  await page.getByRole('button', { name: 'Copy link' }).click()
  await expect(page.getByRole('status')).toHaveText('Link copied.')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareLink)
  await expectNoAxeViolations(page, 'your place')

  // A friend, in a browser of their own, opens the link, joins and confirms.
  const friend = `friend-${stamp}@example.net`
  const friendContext = await browser.newContext()
  const friendPage = await friendContext.newPage()
  await friendPage.goto(shareLink)
  await expect(friendPage.getByText(/a friend invited you/i)).toBeVisible()
  const friendForm = waitlistForm(friendPage, 'hero')
  await friendForm.firstName.fill('Kit')
  await friendForm.email.fill(friend)
  await friendForm.submit.click()
  await expect(friendForm.status).toHaveText(messages.success)
  await friendPage.goto(/https?:\/\/\S+\/waitlist\/confirm\?token=[\w-]{43}/.exec((await inbox.next(friend, 10_000)).text ?? '')![0])
  await friendPage.getByRole('main').getByRole('button', { name: tokenPages.confirm.button }).click()
  await expect(friendPage.getByRole('main').getByRole('status')).toContainText(messages.confirmed)
  // The friend's own page names nobody but them.
  const friendPlace = /https?:\/\/\S+\/waitlist\/place\?token=[\w-]{43}/.exec((await inbox.next(friend, 10_000)).text ?? '')![0]
  await friendPage.goto(friendPlace)
  await expect(friendPage.getByRole('heading', { level: 1 })).toHaveText(/^Kit, you're number \d+ in line$/)
  expect(await friendPage.content()).not.toContain('Sam')

  // The first person's place, again: moved up by the boost, and their friend counted.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Sam, you're number ${before - referralRules.boostPlaces} in line`)
  await expect(page.getByText('1 friend has confirmed through your link.')).toBeVisible()
  await friendContext.close()
  await context.close()
})

test('the signups table pages by a step and jumps by number, and every page holds different people', async ({ page }) => {
  test.setTimeout(90_000)
  // Enough people for a second page of 25, whatever the tests before left.
  const stamp = Date.now()
  for (let index = 0; index < 26; index++) {
    const person = { email: `pager-${index}-${stamp}@example.com`, firstName: `Pager${index}`, source: 'stride-marketing-site' }
    expect((await fetch(`${origin}/api/waitlist`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(person) })).ok).toBe(true)
  }
  const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'admin:link', '--', admin], { env })
  await useLink(page, stdout.trim())
  await openArea(page, 'People')

  const status = page.getByRole('status').filter({ hasText: /^[\d,]+ signups, page \d+ of [\d,]+\.$/ })
  await expect(status).toHaveText(/, page 1 of /)
  const [, total, pages] = /^([\d,]+) signups, page 1 of ([\d,]+)\.$/.exec((await status.textContent()) ?? '')!
  const count = Number(total!.replace(/,/g, ''))
  expect(Number(pages!.replace(/,/g, ''))).toBe(Math.ceil(count / 25))
  const pager = page.getByRole('navigation', { name: 'Pages of signups' })
  const button = (name: string) => pager.getByRole('button', { name, exact: true })
  await expect(pager).toContainText(`Page 1 of ${pages}`)
  await expect(button('First page')).toBeDisabled()
  await expect(button('Previous page')).toBeDisabled()
  await axeAtBothWidths(page, 'the table with its pager')

  // Step through every page with Next, from the keyboard: the focus stays on Next, and no one shows twice.
  const table = page.getByRole('table', { name: /Signups, sorted by/ })
  const emails = () => table.getByRole('row').locator('td:nth-child(2)').allTextContents()
  const seen = await emails()
  await button('Next page').focus()
  for (let at = 2; at <= Number(pages); at++) {
    await page.keyboard.press('Enter')
    await expect(status).toHaveText(`${total} signups, page ${at} of ${pages}.`)
    await expect(button('Next page')).toBeFocused()
    seen.push(...(await emails()))
  }
  expect(seen).toHaveLength(count)
  expect(new Set(seen).size).toBe(count)
  await expect(button('Next page')).toBeDisabled()
  await expect(button('Last page')).toBeDisabled()

  // Back a step, to the last page, to the first, and to a page by its number: each the same people as before.
  await button('Previous page').click()
  await expect(status).toHaveText(`${total} signups, page ${Number(pages) - 1} of ${pages}.`)
  expect(await emails()).toEqual(seen.slice((Number(pages) - 2) * 25, (Number(pages) - 1) * 25))
  await button('Last page').click()
  await expect(status).toHaveText(`${total} signups, page ${pages} of ${pages}.`)
  expect(await emails()).toEqual(seen.slice((Number(pages) - 1) * 25))
  await button('First page').click()
  await expect(status).toHaveText(`${total} signups, page 1 of ${pages}.`)
  await expect(button('First page')).toBeDisabled()
  expect(await emails()).toEqual(seen.slice(0, 25))
  const goTo = pager.getByLabel('Go to page')
  await goTo.fill(String(Number(pages) + 1))
  await expect(button('Go')).toBeDisabled()
  await goTo.fill('2')
  await button('Go').click()
  await expect(status).toHaveText(`${total} signups, page 2 of ${pages}.`)
  expect(await emails()).toEqual(seen.slice(25, 50))

  // A search starts again at page 1.
  await page.getByLabel('Search by email or name').fill('pager-')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: /matching “pager-”/ })).toHaveText('26 signups matching “pager-”, page 1 of 2.')
})
