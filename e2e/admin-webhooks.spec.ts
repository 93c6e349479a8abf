// Webhooks (issue 33), acted out in Chromium against `npm start` with real email (an in-process SMTP inbox) and a
// real receiver on this machine (WEBHOOKS_ALLOW_PRIVATE=true, as for trying webhooks locally). The team member
// signs in through the mailed link, adds an endpoint pointing at the receiver, sees its secret once (gone once
// dismissed and after a reload), sends a test, and finds it in the delivery log as delivered with the receiver's
// reply; the receiver got it signed with that secret (checked with the specification's own library). Then, by keyboard,
// they turn it off and on (the focus stays on the button), and delete it through the question asked first (Escape
// keeps it). Axe is clean on each screen.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import { Webhook } from 'standardwebhooks'
import { adminWebhooksMessages } from '../machines/admin-webhooks-machine'
import { axeInBothSchemes } from './support/axe'
import { expectNoWiderThanWindow, openArea, signInThroughMailedLink, startConsoleServer, type ConsoleServer } from './support/console-walk'
import { expect, test } from './support/fixtures'
import { host } from './support/ports'
import { listen, type RunningServer } from '../tools/static-server'

const admin = 'team@company.example'

let walk: ConsoleServer | undefined
let receiver: RunningServer
let receiverUrl: string
const received: { headers: IncomingHttpHeaders; body: string }[] = []

test.describe.configure({ mode: 'serial' })
// The console asks for its session first (401 before sign-in): Chromium logs it.
test.use({ allowedConsoleErrors: [/status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/api\/admin\//] })

test.beforeAll(async () => {
  test.setTimeout(150_000)
  // The receiver: keeps what it is sent, answers 200 "thanks".
  const hooks = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.writeHead(200).end('thanks')
    })
  })
  receiver = await listen(hooks, 0, host)
  const address = hooks.address()
  // A long address, as a receiver's often is: no page or question it is written in may make a phone's page wider.
  receiverUrl = `http://${host}:${typeof address === 'object' && address ? address.port : 0}/hooks/waitlist-events-from-the-stride-console-signed`
  walk = await startConsoleServer('admin-webhooks', admin, { WEBHOOKS_ALLOW_PRIVATE: 'true' })
})

test.afterAll(async () => {
  await walk?.stop()
  await receiver?.close()
})

test('the team adds an endpoint, sees its secret once, sends a test, finds it delivered in the log, and deletes it', async ({ page, context }) => {
  test.setTimeout(120_000)
  received.length = 0
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])

  await test.step('signs in through the mailed link', async () => {
    await signInThroughMailedLink(page, walk!, admin)
    await openArea(page, 'Integrations')
  })

  const section = page.getByRole('region', { name: 'Webhooks', exact: true })
  let secret = ''
  await test.step('adds an endpoint for the receiver and sees its secret once', async () => {
    await expect(section.getByText('No endpoint has been added yet.')).toBeVisible()
    await axeInBothSchemes(page, 'the webhooks, none yet')
    const form = section.getByRole('form', { name: 'Add an endpoint' })
    await form.getByLabel('Endpoint URL (https)').fill(receiverUrl)
    await form.getByRole('checkbox', { name: /person\.erased/ }).check()
    await form.getByRole('checkbox', { name: /signup\.confirmed/ }).check()
    await form.getByRole('button', { name: 'Add endpoint' }).click()
    const shown = section.getByRole('status').filter({ hasText: 'shown this once' })
    await expect(shown).toBeVisible()
    secret = (await shown.locator('code').textContent()) ?? ''
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    // One press copies it, and the page says so (issue 47); the form is blank again for the next endpoint.
    await shown.getByRole('button', { name: 'Copy the signing secret' }).click()
    await expect(shown.getByRole('status')).toHaveText('Copied.')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)
    await expect(form.getByLabel('Endpoint URL (https)')).toHaveValue('')
    const row = section.getByRole('row', { name: new RegExp(receiverUrl) })
    await expect(row).toContainText('signup.confirmed, person.erased')
    await expect(row).toContainText('On')
    await axeInBothSchemes(page, 'the webhooks, a secret shown')
    await section.getByRole('button', { name: 'I have copied it' }).click()
    await expect(section.getByText(secret)).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole('region', { name: 'Webhooks', exact: true }).getByRole('row', { name: new RegExp(receiverUrl) })).toBeVisible()
    expect(await page.content()).not.toContain(secret)
  })

  await test.step('sends a test and sees it delivered in the log, with the reply', async () => {
    const again = page.getByRole('region', { name: 'Webhooks', exact: true })
    await again.getByRole('button', { name: `Send a test: ${receiverUrl}` }).click()
    await expect(again.getByRole('heading', { name: `Delivery log of ${receiverUrl}` })).toBeVisible()
    const logRow = again.getByRole('row', { name: /webhook\.test/ })
    // Delivered in the background, and the log finds out by itself while the delivery waits: no Refresh (issue 47).
    await expect(logRow).toContainText('Delivered', { timeout: 20_000 })
    await expect(again.getByText(/^Last looked \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/)).toBeVisible()
    await expect(logRow).toContainText('200')
    await expect(logRow).toContainText('thanks')
    expect(received).toHaveLength(1)
    const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(received[0]!.headers[name])]))
    expect(new Webhook(secret).verify(received[0]!.body, headers)).toMatchObject({ type: 'webhook.test' })
    await axeInBothSchemes(page, 'the webhooks, a delivery in the log')
  })

  await test.step('turns the endpoint off and on again by keyboard, the focus kept on the button', async () => {
    const again = page.getByRole('region', { name: 'Webhooks', exact: true })
    await again.getByRole('button', { name: `Turn off: ${receiverUrl}` }).press('Enter')
    // The button waits while the change is on its way, then works again as Turn on, with the keyboard still on it.
    await expect(again.getByRole('button', { name: `Turn on: ${receiverUrl}` })).toBeFocused()
    await expect(again.getByRole('row', { name: new RegExp(receiverUrl) })).toContainText('Off')
    await page.keyboard.press('Enter')
    await expect(again.getByRole('button', { name: `Turn off: ${receiverUrl}` })).toBeFocused()
  })

  await test.step('deletes the endpoint by keyboard, once the question is answered', async () => {
    const again = page.getByRole('region', { name: 'Webhooks', exact: true })
    const remove = again.getByRole('button', { name: `Delete: ${receiverUrl}` })
    await remove.press('Enter')
    const question = again.getByRole('alertdialog')
    await expect(question).toBeFocused()
    await expect(question).toContainText(`Delete the endpoint ${receiverUrl}?`)
    await axeInBothSchemes(page, 'the webhooks, asked before a deletion')
    await page.setViewportSize({ width: 320, height: 800 })
    await expect(question).toBeVisible()
    await expectNoWiderThanWindow(page, 'the question before a deletion at 320 px')
    await page.setViewportSize({ width: 1280, height: 800 })
    // Escape keeps it, and the keyboard is back on Delete.
    await page.keyboard.press('Escape')
    await expect(question).toHaveCount(0)
    await expect(remove).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(question).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(question.getByRole('button', { name: 'Delete the endpoint' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(again.getByText('No endpoint has been added yet.')).toBeVisible()
    await expect(question).toHaveCount(0)
    // The row is gone: the keyboard is on the words that say what happened, not at the page's top.
    await expect(again.getByRole('status').filter({ hasText: adminWebhooksMessages.deleted(receiverUrl) })).toBeVisible()
    await expect(page.locator(':focus')).toHaveText(adminWebhooksMessages.deleted(receiverUrl))
  })
})
