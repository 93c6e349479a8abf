// The console's areas (issue 47), acted out in Chromium against `npm start` with real email. An owner signs in and
// lands on the Overview, then visits every area by its link in the sidebar (through the Menu on a phone) at 1280
// and 390 px, light and dark: each has its own address, its heading takes the focus, the title names it, and axe
// finds nothing. Back, Forward and a reload land where they should; a shared link to People opened while signed out
// lands on People once signed in; an unknown address says so inside the console. An editor (no people:read) finds
// no People link, and /admin/people says in words who can use it, asking the server for no one. At 320, 390, 1280
// and 1920 px, no area makes the document wider than the window. A public page never requests a byte of the console.
import type { Page } from '@playwright/test'
import { areas, closedWords } from '../src/admin/area-list'
import { adminApiBase } from '../shared/console-api'
import { consoleRoutes, pathOf } from '../shared/console-routes'
import { linkIn } from '../tools/smtp-inbox'
import { expectNoAxeViolations } from './support/axe'
import { areaSettled, expectNoWiderThanWindow, openArea, signInThroughMailedLink, startConsoleServer, type ConsoleServer } from './support/console-walk'
import { expect, test } from './support/fixtures'

const owner = 'owner@company.example'
const editor = 'ed.editor@company.example'
// A second owner, so that each test's sign-in stays within an address's budget of mailed links.
const secondOwner = 'second.owner@company.example'
let server: ConsoleServer

test.describe.configure({ mode: 'serial' })
// The console asks for its session first (401 before sign-in): the console working as designed.
test.use({ allowedConsoleErrors: [/status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/api\/admin\//] })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  server = await startConsoleServer('admin-areas', owner, { ADMIN_EMAILS: `${owner},${secondOwner}` })
  // A few people, so that People has rows with their buttons (and its visually hidden "Actions" header).
  for (const [index, firstName] of ['Ada', 'Ben', 'Cleo'].entries()) {
    const body = JSON.stringify({ email: `person-${index}@example.com`, firstName, source: 'stride-marketing-site' })
    const joined = await fetch(`${server.origin}/api/waitlist`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body })
    expect(joined.ok).toBe(true)
  }
})
test.afterAll(async () => server?.stop())

const path = (area: (typeof areas)[number]) => `/admin${area.path === '/' ? '/' : area.path}`
const areaHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 }).first()

test('an owner visits every area by its link, at both widths in both schemes, each at its own address with its heading focused', async ({ page }) => {
  test.setTimeout(240_000)
  await signInThroughMailedLink(page, server, owner)
  // After the sign-in link: the Overview.
  await expect(page).toHaveURL(`${server.origin}/admin/`)
  await expect(page.getByRole('heading', { name: 'Totals', level: 2 })).toBeFocused()
  const nav = page.getByRole('navigation', { name: 'Console areas' })
  for (const { width, colorScheme } of [
    { width: 1280, colorScheme: 'light' },
    { width: 1280, colorScheme: 'dark' },
    { width: 390, colorScheme: 'light' },
    { width: 390, colorScheme: 'dark' },
  ] as const) {
    await page.setViewportSize({ width, height: 800 })
    await page.emulateMedia({ colorScheme })
    // A sidebar on a wide screen, a Menu on a phone.
    await expect(nav.getByRole('button', { name: 'Menu' })).toBeVisible({ visible: width < 800 })
    for (const area of [...areas.slice(1), areas[0]]) {
      await openArea(page, area.name)
      expect(new URL(page.url()).pathname).toBe(path(area))
      await expect(areaHeading(page)).toBeFocused()
      await expect(page).toHaveTitle(`${area.name} · Waitlist console`)
      await expect(nav.getByRole('link', { name: area.name, exact: true, includeHidden: true })).toHaveAttribute('aria-current', 'page')
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1)
      await areaSettled(page)
      await expectNoAxeViolations(page, `${area.name} at ${width} px, ${colorScheme}`)
    }
    if (width < 800) {
      // The menu is a disclosure: closed after a choice, open on a press, with every link a real link.
      const menu = nav.getByRole('button', { name: 'Menu' })
      await expect(menu).toHaveAttribute('aria-expanded', 'false')
      await expect(nav.getByRole('link', { name: 'People' })).toBeHidden()
      await menu.press('Enter')
      await expect(menu).toHaveAttribute('aria-expanded', 'true')
      await expect(nav.getByRole('link', { name: 'People' })).toHaveAttribute('href', '/admin/people')
      // Tab walks into it; Escape closes it, back on the button.
      await page.keyboard.press('Tab')
      await expect(nav.getByRole('link', { name: 'Overview' })).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(menu).toHaveAttribute('aria-expanded', 'false')
      await expect(menu).toBeFocused()
    }
  }
})

test('Back, Forward and a reload land on the area they were on; an unknown address says so, with the way back', async ({ page }) => {
  await signInThroughMailedLink(page, server, owner)
  await openArea(page, 'People')
  await openArea(page, 'Team')
  await page.goBack()
  await expect(page).toHaveURL(`${server.origin}/admin/people`)
  await expect(page.getByRole('heading', { name: 'Signups', level: 2 })).toBeVisible()
  await page.goForward()
  await expect(page).toHaveURL(`${server.origin}/admin/team`)
  await expect(page.getByRole('heading', { name: 'Team', level: 2 })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Team', level: 2 })).toBeFocused()
  await expect(page).toHaveTitle('Team · Waitlist console')

  await page.goto(`${server.origin}/admin/no-such-area`)
  await expect(page.getByRole('heading', { name: 'Nothing here', level: 2 })).toBeFocused()
  await expect(page.getByText('There is no part of the console at this address.')).toBeVisible()
  await page.getByRole('link', { name: 'Go to the Overview' }).click()
  await expect(page).toHaveURL(`${server.origin}/admin/`)
  await expect(page.getByRole('heading', { name: 'Totals', level: 2 })).toBeVisible()
})

test('a shared link to People, opened while signed out, lands on People once signed in', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${server.origin}/admin/people`)
  await page.getByLabel('Work email').fill(owner)
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
  await expect(page.getByRole('status')).toHaveText(/a sign-in link is on its way/)
  await page.goto(linkIn(await server.inbox.next(owner, 15_000)))
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(`${server.origin}/admin/people`)
  await expect(page.getByRole('heading', { name: 'Signups', level: 2 })).toBeFocused()
  await context.close()
})

test('Sources asks for its figures while the session is still on its way; People waits for it', async ({ page }) => {
  await signInThroughMailedLink(page, server, secondOwner)
  await expect(page.getByRole('heading', { name: 'Totals', level: 2 })).toBeFocused()
  // The session's answer is held until the test lets it go; every request the page sends meanwhile is seen.
  let letSessionGo = () => {}
  const sessionHeld = new Promise<void>((resolve) => (letSessionGo = resolve))
  await page.route(`**${adminApiBase}${consoleRoutes.session.path}`, async (route) => {
    await sessionHeld
    await route.continue()
  })
  // The console's files too: the early script is in the page itself (console-early.ts), so its calls need none of them.
  let letFilesGo = () => {}
  const filesHeld = new Promise<void>((resolve) => (letFilesGo = resolve))
  await page.route('**/admin/assets/**', async (route) => {
    await filesHeld
    await route.continue()
  })
  const asked: string[] = []
  page.on('request', (request) => asked.push(new URL(request.url()).pathname))
  // Sources, opened by every role and not drawn by the server (the Overview is: admin-first-view.spec.ts).
  const sources = areas.find((area) => area.path === '/sources')!
  const firstCalls = [`${adminApiBase}${consoleRoutes.session.path}`, ...sources.firstView.map(({ route }) => `${adminApiBase}${consoleRoutes[route].path}`)]

  await page.goto(`${server.origin}/admin/sources`, { waitUntil: 'commit' })
  // Each of its first calls goes out with the session's held answer still to come, and no file of the console's come.
  await expect.poll(() => firstCalls.filter((call) => asked.includes(call))).toEqual(firstCalls)
  letFilesGo()
  // And its chunk, which the main script asks for as it runs, after the early script's calls.
  await expect.poll(() => asked.some((path) => /sources-area/.test(path))).toBe(true)
  letSessionGo()
  await expect(areaHeading(page)).toBeFocused()
  await areaSettled(page)
  await expectNoAxeViolations(page, 'Sources, its figures asked for early')

  // People is not open to every role: its chunk and its people wait for the session to say the role.
  let letSessionGoAgain = () => {}
  const heldAgain = new Promise<void>((resolve) => (letSessionGoAgain = resolve))
  await page.unroute(`**${adminApiBase}${consoleRoutes.session.path}`)
  let sessionAsked = false
  await page.route(`**${adminApiBase}${consoleRoutes.session.path}`, async (route) => {
    sessionAsked = true
    await heldAgain
    await route.continue()
  })
  asked.length = 0
  // goto waits for the page's load, which comes after its scripts have run, and so after every early call.
  await page.goto(`${server.origin}/admin/people`)
  await expect.poll(() => sessionAsked).toBe(true)
  expect(asked.filter((path) => path.startsWith(`${adminApiBase}/signups`) || /people-area/.test(path))).toEqual([])
  letSessionGoAgain()
  await expect(page.getByRole('heading', { name: 'Signups', level: 2 })).toBeFocused()
  // The heading takes the focus as the area arrives, and the browser tells of the area's request a moment later.
  await expect.poll(() => asked.some((path) => path.startsWith(`${adminApiBase}/signups`))).toBe(true)
})

test('an editor finds no People link, and /admin/people says in words who can use it, asking the server for no one', async ({ page, browser }) => {
  await signInThroughMailedLink(page, server, owner)
  const invited = await page.request.post(`${server.origin}${adminApiBase}${pathOf(consoleRoutes.inviteMember)}`, {
    headers: { Origin: server.origin },
    data: { email: editor, role: 'editor' },
  })
  expect(invited.status()).toBe(201)

  const context = await browser.newContext()
  const editorPage = await context.newPage()
  const asked: string[] = []
  editorPage.on('request', (request) => asked.push(new URL(request.url()).pathname))
  await editorPage.goto(linkIn(await server.inbox.next(editor, 15_000)))
  await editorPage.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(editorPage.getByText('role: editor')).toBeVisible()
  const nav = editorPage.getByRole('navigation', { name: 'Console areas' })
  await expect(nav.getByRole('link')).toHaveText(['Overview', 'Sources', 'Invitations', 'Updates'])

  await editorPage.goto(`${server.origin}/admin/people`)
  const people = areas.find((area) => area.name === 'People')!
  await expect(editorPage.getByRole('main')).toContainText(closedWords(people, 'editor'))
  await expect(editorPage.getByRole('heading', { name: 'People', level: 2 })).toBeFocused()
  await expect(editorPage.getByRole('main')).toContainText('The roles that can use it are owner and people')
  expect(asked.filter((path) => path.startsWith(`${adminApiBase}/signups`) || /people-area/.test(path))).toEqual([])
  await expectNoAxeViolations(editorPage, 'People, closed to an editor')
  await context.close()
})

test('no area makes the document wider than the window, at 320, 390, 1280 and 1920 px', async ({ page }) => {
  test.setTimeout(120_000)
  await signInThroughMailedLink(page, server, owner)
  for (const width of [320, 390, 1280, 1920]) {
    await page.setViewportSize({ width, height: 800 })
    for (const area of areas) {
      await openArea(page, area.name)
      await areaSettled(page)
      await expectNoWiderThanWindow(page, `${area.name} at ${width} px`)
    }
  }
})

test('a public page never requests any of the console’s files', async ({ page }) => {
  const requested: string[] = []
  page.on('request', (request) => requested.push(new URL(request.url()).pathname))
  for (const path of ['/', '/about', '/form', '/legal', '/no-such-page']) {
    await page.goto(`${server.origin}${path}`)
    await page.waitForLoadState('networkidle')
  }
  expect(requested.length).toBeGreaterThan(5)
  expect(requested.filter((path) => path.startsWith('/admin'))).toEqual([])
})
