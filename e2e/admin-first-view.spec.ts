// The Overview drawn on the server (issue 47), in Chromium against `npm start`: a signed-in member who opens /admin/
// sees the shell and the totals in the page as it arrives, before any of the console's scripts has run, and the
// console then takes over that picture: the parts come in, the controls answer, and nothing is drawn twice. Without
// JavaScript, the totals are still there, the controls disabled, and the areas' links plain links.
import { areas } from '../src/admin/area-list'
import { adminApiBase } from '../shared/console-api'
import { consoleRoutes, type ConsoleRouteName } from '../shared/console-routes'
import { expect, test } from './support/fixtures'
import { signInThroughMailedLink, startConsoleServer, type ConsoleServer } from './support/console-walk'

const owner = 'first.view@company.example'
let server: ConsoleServer

test.describe.configure({ mode: 'serial' })
// The console asks for its session first (401 before sign-in): the console working as designed.
test.use({ allowedConsoleErrors: [/status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/api\/admin\//] })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  server = await startConsoleServer('admin-first-view', owner)
  for (const [index, firstName] of ['Ada', 'Ben', 'Cleo'].entries()) expect((await server.post('/api/waitlist', { email: `drawn-${index}@example.com`, firstName, source: 'stride-marketing-site' })).ok).toBe(true)
})
test.afterAll(async () => server?.stop())

const overview = areas.find((area) => area.path === '/')!
const totalSignups = (scope: import('@playwright/test').Page) =>
  scope.getByRole('region', { name: 'Totals' }).getByRole('definition').first()

test('a signed-in member’s Overview is in the page as it arrives, and the console takes it over', async ({ page, browser }) => {
  await signInThroughMailedLink(page, server, owner)
  const cookies = await page.context().cookies()

  // Without JavaScript: what the server drew, and nothing more.
  const noScript = await browser.newContext({ javaScriptEnabled: false })
  try {
    await noScript.addCookies(cookies)
    const drawn = await noScript.newPage()
    await drawn.goto(`${server.origin}/admin/`)
    await expect(drawn.getByRole('heading', { name: 'Totals', level: 2 })).toBeVisible()
    await expect(totalSignups(drawn)).toHaveText('3')
    await expect(drawn.getByText(`Signed in as ${owner}`)).toBeVisible()
    await expect(drawn.getByRole('button', { name: 'Sign out' })).toBeDisabled()
    await expect(drawn.getByRole('navigation', { name: 'Console areas' }).getByRole('link', { name: 'People', exact: true })).toHaveAttribute('href', '/admin/people')
  } finally {
    await noScript.close()
  }

  // With it, and the console's files held: the Overview is on the screen from the page alone, and of its first calls
  // only those for the parts the server did not draw go out; the session and the figures are in the page.
  const asked: string[] = []
  page.on('request', (request) => asked.push(new URL(request.url()).pathname))
  let letFilesGo = () => {}
  const filesHeld = new Promise<void>((resolve) => (letFilesGo = resolve))
  await page.route('**/admin/assets/**', async (route) => {
    await filesHeld
    await route.continue()
  })
  await page.goto(`${server.origin}/admin/`, { waitUntil: 'commit' })
  await expect(totalSignups(page)).toHaveText('3')
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeDisabled()
  const callOf = (route: ConsoleRouteName) => `${adminApiBase}${consoleRoutes[route].path}`
  const parts = overview.firstView.filter(({ route }) => route !== 'summary').map(({ route }) => callOf(route))
  await expect.poll(() => parts.filter((call) => asked.includes(call))).toEqual(parts)
  expect(asked.filter((path) => path === callOf('session') || path === callOf('summary'))).toEqual([])
  letFilesGo()
  // The console takes the picture over: the parts come in their places.
  await expect(page.getByRole('heading', { name: 'Funnel', level: 2 })).toBeVisible()
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Totals', level: 2 })).toHaveCount(1)
  // The member presses Sign out the moment it can be pressed: it answers.
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByLabel('Work email')).toBeVisible()
  // Signed out, the same address draws nothing of the member's.
  await page.reload()
  await expect(page.getByLabel('Work email')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Totals' })).toHaveCount(0)
})
