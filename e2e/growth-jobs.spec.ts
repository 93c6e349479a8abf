// The growth jobs of issue 47 ("The console as the team's workplace", its first "Done when"), each walked in Chromium
// against `npm start` with real email (an in-process SMTP inbox) and a real webhook receiver: how many signed up and
// from where; find a person and erase them; write, preview, test and send an update; start a wave; add a webhook and
// see a delivery; make an API key; export. Each walk starts on the Overview as a signed-in owner, reaches the job's
// area by what a person sees (the sidebar's link on a wide screen, the Menu and then the link on a phone), and the
// page itself counts the clicks that got there (at most 2) before the test checks that the address is the area's own.
// Then the job is done to its end as a person does it, and the test reads the outcome a person can see, with axe
// clean on every screen the job passes through.
//
// Why this shape covers "both widths, light and dark" in about half the time of every job in every combination: what
// the width changes (the layout: the Menu, stacked rows, a preview beside or below the editor, what fits) and what the
// scheme changes (the colours axe checks) are independent of each other. So every job is walked whole at
// (390 px, light) and at (1280 px, dark): each width and each scheme sees every screen of every job. The two other
// pairs, (390 px, dark) and (1280 px, light), have every job's area reached from the Overview in at most 2 clicks and
// its first screen checked by axe, so each of the four pairs is reached and checked for contrast as well.
// (e2e/admin-areas.spec.ts visits every area in all four pairs too; here the count of clicks from the Overview is
// what is added.)
import { readFile } from 'node:fs/promises'
import type { BrowserContext, Locator, Page } from '@playwright/test'
import { analyticsPath } from '../shared/analytics'
import { consentApi } from '../shared/consent-paths'
import { consentVersion } from '../src/content/consent-wording'
import { areas } from '../src/admin/area-list'
import type { ReceivedMail } from '../tools/smtp-inbox'
import { until } from '../tools/until'
import { startReceiver, type Receiver } from '../test/utils/webhook-receiver'
import { expectNoAxeViolations, type AxeScope } from './support/axe'
import { areaSettled, openArea, signInThroughMailedLink, startConsoleServer, type ConsoleServer } from './support/console-walk'
import { expect, test } from './support/fixtures'

const owner = 'owner@company.example'
type Look = { width: 390 | 1280; colorScheme: 'light' | 'dark' }
/** Every job walked whole. */
const walkedLooks: Look[] = [
  { width: 390, colorScheme: 'light' },
  { width: 1280, colorScheme: 'dark' },
]
/** Every job's area reached, its first screen checked. */
const reachedLooks: Look[] = [
  { width: 390, colorScheme: 'dark' },
  { width: 1280, colorScheme: 'light' },
]
const named = ({ width, colorScheme }: Look) => `${width} px, ${colorScheme}`

// The list the jobs find: three visitors who land from the launch campaign and join in that visit; two who confirmed
// and asked for news and updates (an update's audience); one more confirmed person per walk, for its wave; and one
// person per walk to find and erase.
const chrome = (platform: string) => `Mozilla/5.0 (${platform}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36`
const launchVisitors = [
  { firstName: 'Lena', email: 'lena.launch@example.com', userAgent: chrome('Windows NT 10.0; Win64; x64') },
  { firstName: 'Leo', email: 'leo.launch@example.com', userAgent: chrome('Macintosh; Intel Mac OS X 10_15_7') },
  { firstName: 'Liv', email: 'liv.launch@example.com', userAgent: chrome('X11; Linux x86_64') },
]
const readers = [
  { firstName: 'Nia', email: 'nia.news@example.com' },
  { firstName: 'Noah', email: 'noah.news@example.com' },
]
const waiting = walkedLooks.map((_, index) => ({ firstName: `Wes${index + 1}`, email: `wes${index + 1}.waiting@example.com` }))
const toErase = walkedLooks.map((_, index) => ({ firstName: `Erin${index + 1}`, email: `erin${index + 1}.erase@example.com` }))
const everyone = [...launchVisitors, ...readers, ...waiting, ...toErase]
/** People erased by the walks so far: the walks run in order, so each knows how many are on the list. */
const erased = new Set<string>()

let server: ConsoleServer
let receiver: Receiver
/** The owner's session, signed in once through the mailed link: each walk starts signed in, as a member returning to
 * the console is (the inbox's budget allows a few sign-in emails a day, not one per walk). */
let session: Awaited<ReturnType<BrowserContext['storageState']>>['cookies']

test.describe.configure({ mode: 'serial' })

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...headers }, body: JSON.stringify(body) })

async function join(person: { firstName: string; email: string }, extra: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const joined = await post('/api/waitlist', { ...person, source: 'stride-marketing-site', consentVersion, ...extra }, headers)
  expect(joined.status, person.email).toBe(200)
}

/** Confirms from the emailed link, as the confirmation page's script does; gives the reply's token for news. */
async function confirm(email: string) {
  const token = /\/waitlist\/confirm\?token=([\w-]{43})/.exec((await server.inbox.next(email, 15_000)).text ?? '')![1]
  const reply = (await (await post(consentApi.confirm, { token })).json()) as { ok: boolean; nextToken: string }
  expect(reply.ok, email).toBe(true)
  return reply.nextToken
}

/** The email to `to` with this subject, once it is in the inbox (taken out of it): other emails to the same person
 * (their welcome, an invitation) may have come before it. */
async function mailTo(to: string, subject: string): Promise<ReceivedMail> {
  const find = () => server.inbox.mails.find((mail) => mail.rcptTo.includes(to) && mail.subject === subject)
  await until(() => find() !== undefined, 15_000, `“${subject}” in the inbox of ${to}`)
  const mail = find()!
  server.inbox.mails.splice(server.inbox.mails.indexOf(mail), 1)
  return mail
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000)
  receiver = await startReceiver('/hooks')
  server = await startConsoleServer('growth-jobs', owner, {
    RATE_LIMIT_MAX: '200',
    // Today's visits are counted every second, so that Sources shows the launch's visitors at the first look.
    ANALYTICS_COUNT_SECONDS: '1',
    // A wave needs somewhere to send its people; nobody claims here.
    INVITE_URL: 'https://testflight.example/join/growth',
    INVITE_SEND_RATE: '50',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
  })
  // Each launch visitor's browser sends the site's beacon for the page they land on, then joins in the same visit:
  // the server joins the signup to the visit by the day's hash of the address and the User-Agent.
  for (const { userAgent, ...person } of launchVisitors) {
    const beacon = await post(analyticsPath, { page: '/', utmSource: 'launch', utmCampaign: 'spring' }, { 'User-Agent': userAgent })
    expect(beacon.status).toBe(204)
    await join(person, { utmSource: 'launch', utmCampaign: 'spring' }, { 'User-Agent': userAgent })
  }
  for (const person of [...readers, ...waiting, ...toErase]) await join(person)
  for (const reader of readers) {
    const chosen = (await (await post(consentApi.news, { token: await confirm(reader.email), news: 'on' })).json()) as { ok: boolean }
    expect(chosen.ok, reader.email).toBe(true)
  }
  for (const person of waiting) await confirm(person.email)

  const context = await browser.newContext()
  await signInThroughMailedLink(await context.newPage(), server, owner)
  session = (await context.storageState()).cookies
  await context.close()
})

test.afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

// --- Starting on the Overview, and reaching an area.

const clicksKey = 'growth-jobs-clicks'
/** The first screens axe has checked, by look and area: the Overview starts every walk of a look, and two jobs each
 * start in People and in Integrations. */
const firstScreensChecked = new Set<string>()
async function checkFirstScreen(page: Page, look: Look, area: AreaName | 'Overview', scope?: AxeScope) {
  const key = `${area} at ${named(look)}`
  if (firstScreensChecked.has(key)) return
  await expectNoAxeViolations(page, key, scope)
  firstScreensChecked.add(key)
}
/** Pages that count their clicks already (one listener each). */
const counting = new WeakSet<Page>()

/** Opens the Overview signed in, at the look's width and scheme, with the page counting the person's clicks (trusted
 * click events, kept in the tab's sessionStorage so that a full page load would not lose any). */
async function startOnOverview(page: Page, look: Look) {
  await page.context().addCookies(session)
  await page.setViewportSize({ width: look.width, height: 800 })
  await page.emulateMedia({ colorScheme: look.colorScheme })
  if (!counting.has(page)) {
    await page.addInitScript((key) => {
      if (window !== window.top) return
      addEventListener('click', (event) => event.isTrusted && sessionStorage.setItem(key, String(Number(sessionStorage.getItem(key) ?? 0) + 1)), true)
    }, clicksKey)
    counting.add(page)
    await page.goto(`${server.origin}/admin/`)
  } else await openArea(page, 'Overview') // back from the last walk's area, as a person goes
  await expect(page.getByRole('heading', { name: 'Totals', level: 2 })).toBeVisible()
  await areaSettled(page)
  await checkFirstScreen(page, look, 'Overview')
  await page.evaluate((key) => sessionStorage.setItem(key, '0'), clicksKey)
}

type AreaName = (typeof areas)[number]['name']
const pathOf = (name: AreaName) => {
  const { path } = areas.find((area) => area.name === name)!
  return path === '/' ? '/admin/' : `/admin${path}`
}

/** From the Overview to the area, by its link (through the Menu on a phone): at most 2 clicks, at its own address. */
async function reach(page: Page, name: AreaName) {
  await openArea(page, name)
  const clicks = await page.evaluate((key) => Number(sessionStorage.getItem(key)), clicksKey)
  expect(clicks, `clicks from the Overview to ${name}`).toBeGreaterThan(0)
  expect(clicks, `clicks from the Overview to ${name}`).toBeLessThanOrEqual(2)
  expect(new URL(page.url()).pathname).toBe(pathOf(name))
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeFocused()
  await areaSettled(page)
}

// --- The jobs.

type Walk = { page: Page; look: Look; index: number; label: string }
/** A job: its area, what its first screen shows once it is there whole (for axe), and the walk from there. */
type Job = { name: string; area: AreaName; firstScreen: (page: Page) => Promise<void>; axe?: AxeScope; walk: (walk: Walk) => Promise<void> }

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
/** A row of a table by its row header, exactly. */
const rowOf = (table: Locator, key: string) => table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name: key, exact: true }) })
const figureOf = (area: Locator, term: RegExp) => area.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]')
const onList = () => everyone.length - erased.size

const jobs: Job[] = [
  {
    name: 'how many signed up and from where',
    area: 'Sources',
    // The launch's row of Sources: the endpoint keeps a visit with its next batch and counts today every second, so a
    // person refreshes until it is in (it is, by the time a walk gets here, but the count has its own clock).
    firstScreen: async (page) => {
      const section = region(page, 'Where signups come from')
      const launch = rowOf(section.getByRole('table', { name: /^Where visits came from/ }), 'launch')
      await expect(async () => {
        if ((await launch.count()) > 0) return
        await section.getByRole('button', { name: 'Refresh' }).click()
        await expect(section).toHaveAttribute('aria-busy', 'false')
        await expect(launch).toHaveCount(1, { timeout: 2_000 })
      }).toPass({ timeout: 20_000 })
    },
    walk: async ({ page }) => {
      const section = region(page, 'Where signups come from')
      // Visitors, signups, the share who signed up, ever confirmed, invited, claimed, activated.
      await expect(rowOf(section.getByRole('table', { name: /^Where visits came from/ }), 'launch').getByRole('cell')).toHaveText(['3', '3', '100.0%', '0', '0', '0', '0'])
      await expect(rowOf(section.getByRole('table', { name: /^Visits and signups by the campaign/ }), 'spring').getByRole('cell').nth(1)).toHaveText('3')
      // And how many signed up in all: the Overview's first figure, one click back.
      await openArea(page, 'Overview')
      await expect(figureOf(page.getByRole('main'), /^All signups/)).toHaveText(String(onList()))
    },
  },
  {
    name: 'find a person and erase them',
    area: 'People',
    firstScreen: (page) => expect(page.getByRole('table', { name: /^Signups, sorted by/ })).toBeVisible(),
    walk: async ({ page, index, label }) => {
      const { email } = toErase[index]!
      const search = page.getByRole('searchbox', { name: 'Search by email or name' })
      const status = (text: string) => page.getByRole('main').getByRole('status').filter({ hasText: text })
      const part = email.split('@')[0]!
      await search.fill(part)
      await search.press('Enter')
      await expect(status(`1 signup matching “${part}”, page 1 of 1.`)).toBeVisible()
      await page.getByRole('table', { name: /^Signups, sorted by/ }).getByRole('link', { name: email, exact: true }).click()
      await expect(page.getByRole('heading', { name: email })).toBeVisible()
      expect(new URL(page.url()).pathname).toMatch(/^\/admin\/people\/\d+$/)
      await areaSettled(page)
      await expectNoAxeViolations(page, `the person's page, ${label}`)
      await page.getByRole('button', { name: `Erase ${email}` }).click()
      const dialog = page.getByRole('dialog', { name: `Erase ${email}?` })
      await expect(dialog).toBeVisible()
      await expectNoAxeViolations(page, `the question before erasing, ${label}`)
      await dialog.getByRole('button', { name: 'Erase for good' }).click()
      await expect(page.getByText(`${email} has been erased from the waitlist.`)).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Erased' })).toBeFocused()
      erased.add(email)
      await expectNoAxeViolations(page, `the person's page once erased, ${label}`)
      // Gone from the table: People no longer finds them.
      await page.getByRole('link', { name: 'Back to People' }).click()
      await expect(page).toHaveURL((url) => url.pathname === pathOf('People'))
      await search.fill(email)
      await search.press('Enter')
      await expect(status(`Nobody matches “${email}”.`)).toBeVisible()
      await expect(page.getByRole('link', { name: email, exact: true })).toHaveCount(0)
    },
  },
  {
    name: 'write, preview, test and send an update',
    area: 'Updates',
    firstScreen: (page) => expect(region(page, 'Updates')).toBeVisible(),
    axe: { exclude: ['iframe[sandbox]'] },
    walk: async ({ page, label }) => {
      const section = region(page, 'Updates')
      const subject = `Notes from the launch (${label})`
      const scope = { exclude: ['iframe[sandbox]'] }
      await section.getByRole('button', { name: 'Write an update' }).click()
      const subjectField = section.getByRole('textbox', { name: 'Subject' })
      await expect(subjectField).toBeFocused()
      await subjectField.fill(subject)
      await section.getByRole('textbox', { name: 'Body (Markdown)' }).fill('We opened the doors to **the first wave** this week.\n\nRead [the notes](https://stridehealth.example/notes).')
      await section.getByRole('button', { name: 'Save draft' }).click()
      await expect(section.getByRole('status')).toHaveText('Saved.')
      await expectNoAxeViolations(page, `the saved draft, ${label}`, scope)

      await section.getByRole('button', { name: 'Preview', exact: true }).click()
      await expect(section.getByRole('heading', { name: 'Preview', exact: true })).toBeFocused()
      await expect(page.frameLocator('iframe[title="The update in a light inbox"]').getByText('the first wave', { exact: true })).toBeVisible()
      await expectNoAxeViolations(page, `the preview, ${label}`, scope)

      await section.getByRole('button', { name: 'Send a test to myself' }).click()
      await expect(section.getByRole('status')).toHaveText(`A test is on its way to ${owner}.`)
      expect((await mailTo(owner, `[Test] ${subject}`)).text).toContain('the first wave')

      await section.getByRole('button', { name: 'Send to the list…' }).click()
      const form = section.getByRole('form', { name: `Send “${subject}” to the list` })
      await expect(form.getByRole('heading')).toBeFocused()
      await form.getByRole('radio', { name: `Everyone who asked for news and updates: ${readers.length} people` }).check()
      await form.getByRole('radio', { name: 'Now' }).check()
      await expectNoAxeViolations(page, `the send form, ${label}`, scope)
      await form.getByRole('button', { name: 'Review the send' }).press('Enter')
      const look = section.getByRole('group', { name: `Send to ${readers.length} people?` })
      await expect(look.getByRole('heading')).toBeFocused()
      await expectNoAxeViolations(page, `the last look before sending, ${label}`, scope)
      await look.getByRole('button', { name: `Send to ${readers.length} people` }).click()
      // The record follows the send by itself until it is done.
      await expect(section.getByRole('heading', { name: `“${subject}”: Sent` })).toBeVisible({ timeout: 30_000 })
      await expect(figureOf(section, /^Sent$/)).toHaveText(String(readers.length))
      await expectNoAxeViolations(page, `the record of the sent update, ${label}`, scope)
      for (const reader of readers) expect((await mailTo(reader.email, subject)).text).toContain('the first wave')
    },
  },
  {
    name: 'start a wave',
    area: 'Invitations',
    firstScreen: (page) => expect(region(page, 'Invitations')).toBeVisible(),
    walk: async ({ page, label }) => {
      const panel = region(page, 'Invitations')
      const count = panel.getByRole('spinbutton', { name: 'Invite the next people' })
      await count.fill('1')
      await count.press('Enter')
      await expect(panel.getByRole('heading', { name: /^The next 1 (person|people) in line$/ })).toBeFocused()
      await expectNoAxeViolations(page, `who is next, ${label}`)
      await panel.getByRole('button', { name: 'Invite this person' }).click()
      const started = panel.getByRole('status').filter({ hasText: /^Invited 1 person in wave #\d+\.$/ })
      await expect(started).toBeVisible()
      const wave = /#(\d+)/.exec((await started.textContent()) ?? '')![0]
      // The wave's own row in the funnel: one invited.
      const funnel = panel.getByRole('table', { name: /^Each wave’s invitations/ })
      await expect(rowOf(funnel, wave).getByRole('cell').nth(1)).toHaveText('1')
      await expectNoAxeViolations(page, `the funnel with the new wave, ${label}`)
    },
  },
  {
    name: 'add a webhook and see a delivery',
    area: 'Integrations',
    firstScreen: (page) => expect(region(page, 'Webhooks')).toBeVisible(),
    walk: async ({ page, index, label }) => {
      const section = region(page, 'Webhooks')
      const url = `${receiver.url}/${index + 1}`
      const form = section.getByRole('form', { name: 'Add an endpoint' })
      await form.getByLabel('Endpoint URL (https)').fill(url)
      await form.getByRole('checkbox', { name: /signup\.confirmed/ }).check()
      await form.getByRole('button', { name: 'Add endpoint' }).click()
      const secret = section.getByRole('status').filter({ hasText: 'shown this once' })
      await expect(secret).toBeVisible()
      await expectNoAxeViolations(page, `the new endpoint's secret, ${label}`)
      await section.getByRole('button', { name: 'I have copied it' }).click()
      await expect(secret).toHaveCount(0)
      await section.getByRole('button', { name: `Send a test: ${url}` }).click()
      await expect(section.getByRole('heading', { name: `Delivery log of ${url}` })).toBeVisible()
      // The log finds out by itself when the delivery is made.
      const delivery = section.getByRole('row', { name: /webhook\.test/ })
      await expect(delivery).toContainText('Delivered', { timeout: 20_000 })
      await expect(delivery).toContainText('200')
      expect(receiver.ofType('webhook.test')).toHaveLength(index + 1)
      await expectNoAxeViolations(page, `the delivery log, ${label}`)
    },
  },
  {
    name: 'make an API key',
    area: 'Integrations',
    firstScreen: (page) => expect(region(page, 'API keys')).toBeVisible(),
    walk: async ({ page, label }) => {
      const section = region(page, 'API keys')
      const name = `App backend (${label})`
      await section.getByLabel('Name (what will use it)').fill(name)
      await section.getByRole('checkbox', { name: /^people:read/ }).check()
      await section.getByRole('button', { name: 'Make key' }).click()
      const made = section.getByRole('region', { name: `The key “${name}”: copy it now` })
      await expect(made.getByRole('heading')).toBeFocused()
      const key = (await made.locator('code').textContent()) ?? ''
      expect(key).toMatch(/^wlk_[\w-]{43}$/)
      await expect(section.getByRole('row', { name: new RegExp(name.replace(/[()]/g, '\\$&')) })).toContainText(`${key.slice(0, 12)}…`)
      await expectNoAxeViolations(page, `the key shown once, ${label}`)
      // Shown once: gone from the page once the person says it is copied.
      await made.getByRole('button', { name: 'I have copied it' }).click()
      await expect(made).toHaveCount(0)
      await expect(page.getByText(key)).toHaveCount(0)
    },
  },
  {
    name: 'export',
    area: 'People',
    firstScreen: (page) => expect(page.getByRole('table', { name: /^Signups, sorted by/ })).toBeVisible(),
    walk: async ({ page, label }) => {
      const table = page.getByRole('table', { name: /^Signups, sorted by/ })
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: `${onList()} signups, page 1 of 1.` })).toBeVisible()
      const shown = await table.getByRole('row').locator('td:nth-child(2)').allTextContents()
      const download = page.waitForEvent('download')
      await page.getByRole('link', { name: 'Download all as CSV' }).click()
      const [header, ...rows] = (await readFile((await (await download).path())!, 'utf8')).trimEnd().split('\r\n')
      const columns = header!.split(',')
      const cells = rows.map((row) => row.split(','))
      // Everyone on the list, as the table shows them; the erased in no row; the launch's visitors with their source.
      expect(cells.map((row) => row[columns.indexOf('email')]).sort()).toEqual([...shown].sort())
      expect(rows).toHaveLength(onList())
      for (const email of erased) expect(rows.join('\n'), label).not.toContain(email)
      for (const { email } of launchVisitors) expect(cells.find((row) => row[columns.indexOf('email')] === email)?.[columns.indexOf('utm_source')]).toBe('launch')
    },
  },
]

for (const [index, look] of walkedLooks.entries()) {
  for (const job of jobs) {
    test(`${job.name}, walked at ${named(look)}`, async ({ page }) => {
      test.setTimeout(60_000)
      await startOnOverview(page, look)
      await reach(page, job.area)
      await job.firstScreen(page)
      await checkFirstScreen(page, look, job.area, job.axe)
      await job.walk({ page, look, index, label: named(look) })
    })
  }
}

for (const look of reachedLooks) {
  test(`every job's area is at most 2 clicks from the Overview, and axe clean, at ${named(look)}`, async ({ page }) => {
    test.setTimeout(60_000)
    for (const job of jobs) {
      await test.step(job.name, async () => {
        await startOnOverview(page, look)
        await reach(page, job.area)
        await job.firstScreen(page)
        await checkFirstScreen(page, look, job.area, job.axe)
      })
    }
  })
}
