// The pages behind the links in our emails carry the link's token in their address (?token=…). No request such
// a page makes (its modules, the API call, the no-script form post and the page it leads to) may carry the token
// in its Referer. The suite's static host sends no Referrer-Policy header: what holds here is the page's <meta>.
import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { analyticsPath } from '../shared/analytics'
import { consentPages } from '../shared/consent-paths'
import { messages } from '../shared/messages'
import { tokenPages, type TokenAction } from '../src/content/consent-pages'
import { expect, test } from './support/fixtures'
import { siteUrl, stubOrigin } from './support/ports'
import { appInControl, visit } from './support/site'
import { stubRequests } from './support/waitlist'
import { consentScenarios } from './support/waitlist-stub'

const linkPages: { action: TokenAction; done: string; outcome: string }[] = [
  { action: 'confirm', done: messages.confirmed, outcome: '/waitlist/confirmed' },
  { action: 'unsubscribe', done: messages.unsubscribed, outcome: '/waitlist/unsubscribed' },
  { action: 'eraseConfirm', done: messages.erased, outcome: '/waitlist/erased' },
]

/** Shaped like a real link's token (43 URL-safe characters); its prefix asks the stub for the `ok` reply. */
const linkToken = () => `${consentScenarios.ok}_${randomBytes(30).toString('base64url')}`

/** Every request the page makes from now on; `sent()` gives each with the headers the browser sent. */
function recordRequests(page: Page) {
  const requests: { url: string; method: string; headers: Promise<Record<string, string>> }[] = []
  page.on('request', (request) => requests.push({ url: request.url(), method: request.method(), headers: request.allHeaders() }))
  return { sent: () => Promise.all(requests.map(async (request) => ({ ...request, headers: await request.headers }))) }
}

const button = (page: Page, action: TokenAction) => page.getByRole('main').getByRole('button', { name: tokenPages[action].button })

for (const { action, done } of linkPages) {
  const path = consentPages[action]

  test(`${path}: no request of the page, its modules or its API call, names the token in its Referer`, async ({ page }) => {
    const token = linkToken()
    expect(token).toMatch(/^[\w-]{43}$/)
    const recorder = recordRequests(page)
    await visit(page, `${path}?token=${token}`)
    await appInControl(page)
    await button(page, action).click()
    await expect(page.getByRole('main').getByRole('status')).toHaveText(done)

    const sent = await recorder.sent()
    expect(sent.filter((request) => request.url.startsWith(`${siteUrl}/assets/`)).length, 'the page loads its modules').toBeGreaterThan(0)
    const posts = sent.filter((request) => request.method === 'POST' && request.url.startsWith(stubOrigin) && !request.url.endsWith(analyticsPath))
    expect(posts, 'and posts the token once (beside its visit beacons, which carry the path alone)').toHaveLength(1)
    for (const { url, headers } of sent) {
      expect(headers.referer ?? '', url).not.toContain('token')
      expect(headers.referer ?? '', url).not.toContain(token)
      expect(headers.referer, url).toBeUndefined()
    }
    // What the endpoint itself received.
    const [received] = await stubRequests({ token })
    expect(received).toBeDefined()
    expect(received?.headers.referer).toBeUndefined()
  })
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const { action, done, outcome } of linkPages) {
    const path = consentPages[action]

    test(`${path}: the form's post, and the outcome page after it, carry no Referer`, async ({ page }) => {
      const token = linkToken()
      // The suite's static host cannot answer a POST; the server that serves the site does (npm start).
      await page.route(`**${path}?token=*`, (route) =>
        route.request().method() === 'POST' ? route.fulfill({ status: 303, headers: { Location: outcome } }) : route.continue(),
      )
      const recorder = recordRequests(page)
      await visit(page, `${path}?token=${token}`)
      await button(page, action).click()
      await expect(page.getByRole('main').getByRole('status')).toHaveText(done)

      const sent = await recorder.sent()
      const post = sent.find((request) => request.method === 'POST')
      // What a browser sends under no-referrer; the endpoint accepts it for the link actions (consent.test.ts).
      expect(post?.headers.origin).toBe('null')
      expect(sent.find((request) => request.url === `${siteUrl}${outcome}`), 'the outcome page was requested').toBeDefined()
      for (const { url, headers } of sent) expect(headers.referer, url).toBeUndefined()
    })
  }
})
