// The suppression list (issue 49), acted out in Chromium against `npm start` with real email: a person joins, Postmark
// reports a hard bounce for them (basic auth on the URL, as its webhook sends it), and the team member finds on their
// page that nothing more is sent to the address, why, from where and when. axe is clean in both colour schemes.
import { consentVersion } from '../src/content/consent-wording'
import { expectNoAxeViolations } from './support/axe'
import { openArea, signInThroughMailedLink, startConsoleServer, type ConsoleServer } from './support/console-walk'
import { expect, test } from './support/fixtures'

const admin = 'team@company.example'
const person = 'bo.bounce@example.com'
const postmark = { user: 'hooks', password: 'postmark-walk-secret' }

let walk: ConsoleServer | undefined

test.describe.configure({ mode: 'serial' })
test.use({ allowedConsoleErrors: [/status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/api\/admin\//] })

test.beforeAll(async () => {
  test.setTimeout(150_000)
  walk = await startConsoleServer('admin-suppression', admin, { POSTMARK_WEBHOOK_AUTH: `${postmark.user}:${postmark.password}` })
})

test.afterAll(async () => {
  await walk?.stop()
})

test('a hard bounce from Postmark shows on the person’s page: suppressed, why, from where and when', async ({ page }) => {
  test.setTimeout(120_000)
  const origin = walk!.origin
  const joined = await fetch(`${origin}/api/waitlist`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify({ email: person, firstName: 'Bo', source: 'stride-marketing-site', consentVersion }),
  })
  expect(joined.status).toBe(200)
  const bounce = { RecordType: 'Bounce', Type: 'HardBounce', Email: person, Description: 'The server was unable to deliver your message (ex: unknown user, mailbox not found).' }
  const post = (authorization?: string) =>
    fetch(`${origin}/api/bounces/postmark`, { method: 'POST', headers: { 'content-type': 'application/json', ...(authorization && { authorization }) }, body: JSON.stringify(bounce) })
  expect((await post()).status).toBe(401)
  expect((await post(`Basic ${Buffer.from(`${postmark.user}:${postmark.password}`).toString('base64')}`)).status).toBe(200)

  await signInThroughMailedLink(page, walk!, admin)
  await openArea(page, 'People')
  await page.getByRole('link', { name: person }).click()
  await expect(page.getByRole('heading', { name: person, level: 2 })).toBeVisible()
  const fact = page.getByRole('definition').filter({ hasText: /^Suppressed / })
  await expect(fact).toContainText('Refused for good, said by Postmark')
  await expect(fact).toContainText('unknown user, mailbox not found')
  await expect(fact).toContainText('Nothing more is sent to this address.')
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme })
    await expectNoAxeViolations(page, `the person's page, suppressed, ${colorScheme} scheme`)
  }
})
