// Where signups come from (issue 32), acted out in Chromium against `npm start` with real email (an in-process SMTP
// inbox). Three visitors, each in a browser of their own with a desktop Chrome's User-Agent (the server does not
// count one that says Headless, as Playwright's does), and each with a different one, since on one machine the
// User-Agent is all that tells their daily hashes apart: one with Global Privacy Control, whose browser sends no
// beacon and whose beacon sent by hand is not counted; one who lands from a launch campaign, moves through the site
// by its links, joins on the form and confirms from the email; one who opens a share link. None of them is left a
// cookie or anything in storage. Then the team member signs in through the mailed link and reads the section: the
// visit, the source "launch" with its signup and confirmation, the campaign, the landing page, every count exact (an
// owner sees the people), another range chosen from the keyboard, a table downloaded as CSV, exact and to share
// outside (counts under 5 left empty), and axe clean in both colour schemes at both widths.
import { readFile } from 'node:fs/promises'
import type { Browser, BrowserContext, Locator, Page, Response } from '@playwright/test'
import { analyticsPath } from '../shared/analytics'
import { messages } from '../shared/messages'
import { referralCodeAlphabet, referralCodeLength, shareLinkOf } from '../shared/referral-code'
import { tokenPages } from '../src/content/consent-pages'
import type { Inbox } from '../tools/smtp-inbox'
import { axeInBothSchemes } from './support/axe'
import { openArea, signInThroughMailedLink, startConsoleServer, type ConsoleServer } from './support/console-walk'
import { expect, test } from './support/fixtures'
import { appInControl } from './support/site'
import { waitlistForm } from './support/waitlist'

const admin = 'team@company.example'
const chrome = (platform: string) => `Mozilla/5.0 (${platform}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36`
const visitors = {
  ada: { userAgent: chrome('Windows NT 10.0; Win64; x64'), firstName: 'Ada', email: 'ada.analytics@example.com' },
  ben: { userAgent: chrome('Macintosh; Intel Mac OS X 10_15_7') },
  cleo: { userAgent: chrome('X11; Linux x86_64') },
}
/** A share link's code as the site hands them out (shared/referral-code.ts); the visit counts it whoever it names. */
const code = Array.from({ length: referralCodeLength }, (_, index) => referralCodeAlphabet[(index * 7 + 3) % referralCodeAlphabet.length]).join('')
const notKnown = '—not known'

let origin: string
let walk: ConsoleServer | undefined
let inbox: Inbox

test.describe.configure({ mode: 'serial' })
// The console asks for its session first; without one the server answers 401, which Chromium logs.
test.use({ allowedConsoleErrors: [/status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/api\/admin\//] })

test.beforeAll(async () => {
  test.setTimeout(150_000)
  walk = await startConsoleServer('analytics', admin, {
    RATE_LIMIT_MAX: '100',
    // Today is counted every second rather than every minute, so that the team's refresh finds the visits at once.
    ANALYTICS_COUNT_SECONDS: '1',
  })
  ;({ origin, inbox } = walk)
})

test.afterAll(async () => {
  await walk?.stop()
})

/** A visitor's own browser: their User-Agent, and every console error or uncaught exception of its pages noted. */
async function visitorBrowser(browser: Browser, options: Parameters<Browser['newContext']>[0]) {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => void (message.type() === 'error' && errors.push(`${message.text()} (${message.location().url})`)))
  page.on('pageerror', (error) => errors.push(error.message))
  return { context, page, errors }
}

const isBeacon = (response: Response) => response.url() === `${origin}${analyticsPath}` && response.request().method() === 'POST'
/** The endpoint's answer to the next beacon the page sends: 204 whether it was counted or not. */
const nextBeacon = (page: Page) => page.waitForResponse(isBeacon)

/** Nothing kept on the visitor's device: no cookie, nothing in local or session storage (named, when there is). */
async function expectNothingKept(context: BrowserContext, page: Page, when: string) {
  expect(await context.cookies(), `cookies ${when}`).toEqual([])
  const kept = await page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }))
  expect(kept, `storage ${when}`).toEqual({ local: [], session: [] })
}

const mainLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true })

const analyticsSection = (page: Page) => page.getByRole('region', { name: 'Where signups come from', exact: true })
const reportTable = (section: Locator, caption: RegExp) => section.getByRole('table', { name: caption })
/** One row of a table, by its row header, exactly. */
const rowOf = (table: Locator, key: string) => table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name: key, exact: true }) })
const tables = {
  days: /^Each day’s visitors/,
  sources: /^Where visits came from/,
  campaigns: /^Visits and signups by the campaign/,
  landings: /^Visits and signups by the first page/,
  pages: /^Every page shown/,
  referrers: /^The sites that linked/,
  devices: /^Visits and signups by device/,
}

test('the console shows where signups come from: the visit, its source and campaign, its landing page and its signup, counted without cookies, and nothing from a browser that asks not to be tracked', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)

  // First, so that its absence means something: the views that come after it are counted in order, so once they
  // show, a view of this visitor's would have shown too.
  await test.step('a browser with Global Privacy Control sends no beacon, and a beacon sent by hand with Sec-GPC is not counted', async () => {
    const { context, page: visit, errors } = await visitorBrowser(browser, { userAgent: visitors.cleo.userAgent, extraHTTPHeaders: { 'Sec-GPC': '1' } })
    await visit.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true }))
    const beacons: string[] = []
    visit.on('request', (request) => void (request.url() === `${origin}${analyticsPath}` && beacons.push(request.url())))
    await visit.goto(`${origin}/?utm_source=private&utm_campaign=gpc`)
    await appInControl(visit)
    await mainLink(visit, 'About').click()
    await expect(visit.getByRole('heading', { level: 1 })).toHaveText(/^About /)
    // The landing's beacon would go at the first idle moment after hydration; one asked for now runs after it.
    await visit.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())))
    expect(beacons).toEqual([])
    const byHand = await context.request.post(`${origin}${analyticsPath}`, {
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'Sec-GPC': '1' },
      data: JSON.stringify({ page: '/', utmSource: 'private', utmCampaign: 'gpc' }),
    })
    expect(byHand.status()).toBe(204)
    await expectNothingKept(context, visit, 'after a visit with Global Privacy Control')
    expect(errors).toEqual([])
    await context.close()
  })

  await test.step('a visitor lands from the launch campaign, moves through the site by its links, joins and confirms', async () => {
    const { context, page: visit, errors } = await visitorBrowser(browser, { userAgent: visitors.ada.userAgent })
    const landed = nextBeacon(visit)
    await visit.goto(`${origin}/?utm_source=launch&utm_campaign=nov`)
    expect((await landed).status()).toBe(204)
    await appInControl(visit)
    for (const [link, heading] of [['About', /^About /], ['Home', undefined]] as const) {
      const moved = nextBeacon(visit)
      await mainLink(visit, link).click()
      if (heading) await expect(visit.getByRole('heading', { level: 1 })).toHaveText(heading)
      expect((await moved).status()).toBe(204)
    }
    expect(new URL(visit.url()).pathname).toBe('/')
    const form = waitlistForm(visit, 'hero')
    await form.firstName.fill(visitors.ada.firstName)
    await form.email.fill(visitors.ada.email)
    await form.submit.click()
    await expect(form.status).toHaveText(messages.success)
    await expectNothingKept(context, visit, 'after moving through the site and joining')

    const confirmLink = /https?:\/\/\S+\/waitlist\/confirm\?token=[\w-]{43}/.exec((await inbox.next(visitors.ada.email, 15_000)).text ?? '')![0]
    const confirmPage = nextBeacon(visit)
    await visit.goto(confirmLink)
    await visit.getByRole('main').getByRole('button', { name: tokenPages.confirm.button }).click()
    await expect(visit.getByRole('main').getByRole('status')).toContainText(messages.confirmed)
    expect((await confirmPage).status()).toBe(204)
    await expectNothingKept(context, visit, 'after leaving the site’s page for the emailed link')
    expect(errors).toEqual([])
    await context.close()
  })

  await test.step('another visitor opens a share link', async () => {
    const { context, page: visit, errors } = await visitorBrowser(browser, { userAgent: visitors.ben.userAgent })
    const landed = nextBeacon(visit)
    await visit.goto(shareLinkOf(origin, code))
    expect(JSON.parse((await landed).request().postData() ?? '{}')).toEqual({ page: '/', ref: code })
    expect((await landed).status()).toBe(204)
    await expectNothingKept(context, visit, 'after opening a share link')
    expect(errors).toEqual([])
    await context.close()
  })

  const section = analyticsSection(page)
  await test.step('the team member signs in through the mailed link and finds the section', async () => {
    await signInThroughMailedLink(page, walk!, admin)
    await openArea(page, 'Sources')
    await expect(section.getByRole('heading', { name: 'Where signups come from', level: 2 })).toBeVisible()
    await expect(section.getByRole('status')).toHaveText(/^Showing the last 30 days: \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d \(UTC\)\.$/)
    await expect(section.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true')
  })

  await test.step('sees the visits, the source "launch" with its signup and confirmation, the campaign and the landing page, exact, as an owner sees the people', async () => {
    const sources = reportTable(section, tables.sources)
    // The endpoint answers a beacon at once and keeps its view with the next batch, and joins a signup to its visit
    // after it answered the signup: a person refreshes until the figures are in.
    await expect(async () => {
      await section.getByRole('button', { name: 'Refresh' }).click()
      await expect(section).toHaveAttribute('aria-busy', 'false')
      await expect(rowOf(sources, 'launch').getByRole('cell')).toHaveText(['1', '1', '100.0%', '1', '0', '0', '0'], { timeout: 2_000 })
      await expect(rowOf(sources, 'referral (a share link)').getByRole('cell')).toHaveText(['1', '0', '0.0%', '0', '0', '0', '0'], { timeout: 2_000 })
    }).toPass({ timeout: 30_000 })
    // Two visitors, no more: the one with Global Privacy Control is nowhere.
    await expect(sources.getByRole('rowheader')).toHaveText(['launch', 'referral (a share link)'])
    for (const word of ['private', 'gpc']) await expect(section.getByRole('rowheader', { name: word, exact: true })).toHaveCount(0)

    const today = /to (\d{4}-\d\d-\d\d) \(UTC\)/.exec((await section.getByRole('status').textContent()) ?? '')![1]!
    const days = reportTable(section, tables.days)
    await expect(days.getByRole('rowheader')).toHaveText([today])
    await expect(rowOf(days, today).getByRole('cell')).toHaveText(['2', '1', '50.0%', '1', '0', '0', '0'])
    const campaigns = reportTable(section, tables.campaigns)
    await expect(campaigns.getByRole('rowheader')).toHaveText(['none', 'nov'])
    await expect(rowOf(campaigns, 'nov').getByRole('cell')).toHaveText(['1', '1', '100.0%', '1', '0', '0', '0'])
    // Both landed on the home page; a signup keeps no landing page, so its later steps are not known there.
    const landings = reportTable(section, tables.landings)
    await expect(landings.getByRole('rowheader')).toHaveText(['/'])
    await expect(rowOf(landings, '/').getByRole('cell')).toHaveText(['2', '1', '50.0%', notKnown, notKnown, notKnown, notKnown])
    await expect(section.getByText('A signup does not record the page its visit landed on')).toBeVisible()
    const pages = reportTable(section, tables.pages)
    await expect(pages.getByRole('rowheader')).toHaveText(['/', '/about', '/waitlist/confirm'])
    await expect(rowOf(pages, '/').getByRole('cell')).toHaveText(['2', /^\d+$/])
    await expect(reportTable(section, tables.referrers).getByRole('rowheader')).toHaveText([/^none /])
    await expect(rowOf(reportTable(section, tables.devices), 'desktop').getByRole('cell')).toHaveText(['2', '1', '50.0%'])
    await expect(section.getByText(/^Counting visits is off/)).toHaveCount(0)
    await axeInBothSchemes(page, 'the section with the visits')
  })

  await test.step('asks for the last 7 days from the keyboard: the focus stays on the button and the visits are still there', async () => {
    const seven = section.getByRole('button', { name: 'Last 7 days' })
    await section.getByRole('button', { name: 'Last 30 days' }).focus()
    await page.keyboard.press('Shift+Tab')
    await expect(seven).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(seven).toHaveAttribute('aria-pressed', 'true')
    await expect(section.getByRole('status')).toHaveText(/^Showing the last 7 days: /)
    await expect(seven).toBeFocused()
    await expect(rowOf(reportTable(section, tables.sources), 'launch').getByRole('cell')).toHaveText(['1', '1', '100.0%', '1', '0', '0', '0'])
  })

  await test.step('downloads the sources as CSV, exact, and again to share outside: counts under 5 left empty, numbers only', async () => {
    const csvOf = async (link: Locator) => {
      const download = page.waitForEvent('download')
      await link.click()
      return (await readFile((await (await download).path())!, 'utf8')).trim().split(/\r?\n/)
    }
    const rows = await csvOf(section.getByRole('link', { name: 'Download sources as CSV' }))
    expect(rows[0]).toBe('source,visitors,views,signups,confirmed,invited,claimed,activated,masked')
    expect(rows.slice(1)).toEqual([expect.stringMatching(/^launch,1,\d+,1,1,0,0,0,$/), expect.stringMatching(/^referral,1,\d+,0,0,0,0,0,$/)])
    // Each table has its own; the sources' is the second, after the days'.
    const outside = await csvOf(section.getByRole('link', { name: 'as CSV to share outside the team (counts under 5 left empty)' }).nth(1))
    expect(outside.slice(1)).toEqual(['launch,,,,,0,0,0,visitors views signups confirmed', 'referral,,,0,0,0,0,0,visitors views'])
  })
})
