// API keys (issue 33), acted out in Chromium against `npm start` with real email (an in-process SMTP inbox). A person
// joins through the signup endpoint; the team member signs in through the mailed link, makes a key with the scope
// people:read, sees it once (and never again after saying it is copied), and the test, standing in for the app's
// backend, looks the person up on /api/v1 with it: 200. The team member revokes it after the question; the same call
// is then 401, with the body a made-up key gets. The audit log shows the key made, used and revoked. axe is clean in
// both colour schemes with the key on screen and after the revocation.
import type { Page } from '@playwright/test'
import { adminApiKeysMessages } from '../machines/admin-api-keys-machine'
import { apiV1Base } from '../shared/api-keys'
import { consentVersion } from '../src/content/consent-wording'
import { expectNoAxeViolations } from './support/axe'
import { openArea, signInThroughMailedLink, startConsoleServer, type ConsoleServer } from './support/console-walk'
import { expect, test } from './support/fixtures'

const admin = 'team@company.example'
const person = 'kit.keys@example.com'
const keyName = 'App backend'

let origin: string
let walk: ConsoleServer | undefined

test.describe.configure({ mode: 'serial' })
// The console asks for its session first (401 before sign-in): Chromium logs it.
test.use({ allowedConsoleErrors: [/status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/api\/admin\//] })

test.beforeAll(async () => {
  test.setTimeout(150_000)
  walk = await startConsoleServer('admin-api-keys', admin)
  origin = walk.origin
})

test.afterAll(async () => {
  await walk?.stop()
})

/** The app's backend asking /api/v1 about the person, with a key. */
const lookUp = async (key: string) => {
  const response = await fetch(`${origin}${apiV1Base}/people/lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ email: person }),
  })
  return { status: response.status, body: await response.json() }
}

async function axeInBothSchemes(page: Page, label: string) {
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme })
    await expectNoAxeViolations(page, `${label}, ${colorScheme} scheme`)
  }
}

test('the team makes an API key, sees it once, a server uses it, and once revoked the same call is refused', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  test.setTimeout(120_000)
  await test.step('a person joins the list', async () => {
    const joined = await fetch(`${origin}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ email: person, firstName: 'Kit', source: 'stride-marketing-site', consentVersion }),
    })
    expect(joined.status).toBe(200)
  })

  await test.step('the team member signs in through the mailed link', async () => {
    await signInThroughMailedLink(page, walk!, admin)
    await openArea(page, 'Integrations')
  })

  const section = page.getByRole('region', { name: 'API keys', exact: true })
  const made = section.getByRole('region', { name: `The key “${keyName}”: copy it now` })
  let key = ''

  await test.step('makes a key with people:read and sees it once', async () => {
    await expect(section.getByText('No key has been made yet.')).toBeVisible()
    const make = section.getByRole('button', { name: 'Make key' })
    // Nothing to make until it has a name and a scope: the machine says so, the button shows it.
    await expect(make).toBeDisabled()
    await section.getByLabel('Name (what will use it)').fill(keyName)
    await expect(make).toBeDisabled()
    await section.getByRole('checkbox', { name: /^people:read/ }).check()
    await make.click()
    await expect(made).toBeVisible()
    await expect(made.getByRole('heading')).toBeFocused()
    key = (await made.locator('code').textContent()) ?? ''
    expect(key).toMatch(/^wlk_[\w-]{43}$/)
    // One press copies it, and the page says so (issue 47).
    await made.getByRole('button', { name: 'Copy the API key' }).click()
    await expect(made.getByRole('status')).toHaveText('Copied.')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key)
    const row = section.getByRole('row', { name: new RegExp(keyName) })
    await expect(row).toContainText('people:read')
    await expect(row).toContainText(`${key.slice(0, 12)}…`)
    await axeInBothSchemes(page, 'the console with a key just made')
    await made.getByRole('button', { name: 'I have copied it' }).click()
    await expect(made).toHaveCount(0)
    await expect(page.getByText(key)).toHaveCount(0)
  })

  await test.step('the app’s backend looks the person up with it', async () => {
    expect(await lookUp(key)).toEqual({ status: 200, body: { status: 'pending', invitation: null, activation: null } })
  })

  await test.step('the team member revokes it after the question, and the same call is refused as a made-up key is', async () => {
    await section.getByRole('button', { name: `Revoke key ${keyName}` }).click()
    const question = section.getByRole('alertdialog')
    await expect(question).toContainText(`Revoke the key “${keyName}”?`)
    await question.getByRole('button', { name: `Revoke “${keyName}”` }).click()
    await expect(section.getByRole('status')).toHaveText(adminApiKeysMessages.revoked(keyName))
    // Its Revoke is gone: the keyboard is on the words that say what happened.
    await expect(page.locator(':focus')).toHaveText(adminApiKeysMessages.revoked(keyName))
    const row = section.getByRole('row', { name: new RegExp(keyName) })
    await expect(row.getByRole('button', { name: `Revoke key ${keyName}` })).toHaveCount(0)
    // Revoked and last used both show a time now (the list was fetched again after the revocation).
    // In the console's one way of writing a time (issue 47).
    await expect(row.getByRole('cell').nth(4)).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/)
    await expect(row.getByRole('cell').nth(5)).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/)
    const refused = await lookUp(key)
    expect(refused.status).toBe(401)
    expect(refused.body).toEqual((await lookUp(`wlk_${'A'.repeat(43)}`)).body)
    expect(refused.body.error.code).toBe('unauthorized')
    await axeInBothSchemes(page, 'the console after the revocation')
    await openArea(page, 'Audit')
    const audit = page.getByRole('region', { name: 'Audit log', exact: true }).first()
    for (const action of ['make-api-key', 'use-api-key', 'revoke-api-key']) await expect(audit.getByRole('cell', { name: action, exact: true })).toBeVisible()
  })
})
