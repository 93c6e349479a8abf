// The consent pages in a real browser (issue 12): the pages behind the links in our emails (confirm,
// unsubscribe, confirm an erasure) and the erasure request page. Opening a link changes nothing; the
// button posts once. With JavaScript, against the stub endpoint's consent replies; without it, the
// prerendered forms post by themselves; at first paint, a tap made before the scripts arrive is kept.
import type { Page } from '@playwright/test'
import { expect, stubFailures, test } from './support/fixtures'
import { messages } from '../shared/messages'
import { erasePage, tokenPages, type TokenAction } from '../src/content/consent-pages'
import { axeInEveryLook, expectNoAxeViolations, pageLookHeight, pageLooks } from './support/axe'
import { mailtoSiteUrl, stubEndpoint } from './support/ports'
import { appInControl, visit } from './support/site'
import { openWithScriptsHeldBack } from './support/scripts-held-back'
import { carrying, sentInOrder } from './support/sent-in-order'
import { stubRequests } from './support/waitlist'
import { consentScenarios, stubEmail, stubToken, stubScenarios } from './support/waitlist-stub'

const tokenPageList: { action: TokenAction; path: string; done: string; refused: string; api: string }[] = [
  { action: 'confirm', path: '/waitlist/confirm', done: messages.confirmed, refused: messages.confirmLinkInvalid, api: '/waitlist/confirm' },
  { action: 'unsubscribe', path: '/waitlist/unsubscribe', done: messages.unsubscribed, refused: messages.unsubscribeLinkInvalid, api: '/waitlist/unsubscribe' },
  { action: 'eraseConfirm', path: '/waitlist/erase/confirm', done: messages.erased, refused: messages.eraseLinkInvalid, api: '/waitlist/erase/confirm' },
]

const button = (page: Page, action: TokenAction) => page.getByRole('main').getByRole('button', { name: tokenPages[action].button })
const status = (page: Page) => page.getByRole('main').getByRole('status')
const eraseForm = (page: Page) => ({
  email: page.getByRole('main').getByRole('textbox', { name: erasePage.emailLabel }),
  submit: page.getByRole('main').getByRole('button', { name: erasePage.button }),
})

test.describe('axe on every consent page', () => {
  test.use({ allowedConsoleErrors: [stubFailures] }) // the stub's deliberate 429
  test.describe('both schemes at 1280 and 390 px', () => {
    test.use({ viewport: { width: pageLooks[0].width, height: pageLookHeight }, colorScheme: pageLooks[0].colorScheme })
    for (const path of [...tokenPageList.map((entry) => `${entry.path}?token=${stubToken(consentScenarios.ok)}`), '/waitlist/erase']) {
      test(`${path.split('?')[0]} has no axe violations in any of them`, async ({ page }) => {
        await visit(page, path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await axeInEveryLook(page, path)
      })
    }
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the replies (done, refused, failure) and the outcome pages have no violations (${colorScheme} scheme)`, async ({ page }) => {
      await page.emulateMedia({ colorScheme })
      for (const [scenario, text] of [[consentScenarios.ok, messages.confirmed], [consentScenarios.invalid, messages.confirmLinkInvalid], [consentScenarios.tooMany, messages.tooManyConsentRequests]] as const) {
        await visit(page, `/waitlist/confirm?token=${stubToken(scenario)}`)
        await button(page, 'confirm').click()
        await expect(status(page)).toHaveText(text)
        await expectNoAxeViolations(page, `confirm, ${scenario}`)
      }
      for (const code of ['erase-link-invalid', 'erased', 'confirm-link-invalid']) {
        await visit(page, `/waitlist/${code}`)
        await expectNoAxeViolations(page, `/waitlist/${code}`)
      }
    })
  }
})

test.describe('with JavaScript', () => {
  test.describe.configure({ mode: 'parallel' })
  test.use({ allowedConsoleErrors: [stubFailures] }) // the stub's deliberate 429 and 500

  for (const entry of tokenPageList) {
    test(`${entry.path}: opening the link sends nothing; the button sends the token once and shows the reply`, async ({ page }) => {
      const token = stubToken(consentScenarios.slow)
      await visit(page, `${entry.path}?token=${token}`)
      await expect(page).toHaveTitle(/\| Stride Health$/)
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
      await appInControl(page)
      expect(await stubRequests({ token }), 'a GET of the page sends nothing').toHaveLength(0)
      await button(page, entry.action).dblclick()
      await expect(status(page)).toHaveText('Submitting…')
      await expect(button(page, entry.action)).toBeDisabled()
      await expect(status(page)).toHaveText(entry.done, { timeout: 5_000 })
      await expect(button(page, entry.action)).toHaveCount(0)
      const received = await stubRequests({ token })
      expect(received).toHaveLength(1)
      expect(received[0]!.path).toBe(entry.api)
      expect(received[0]!.json).toEqual({ token })
      expect(received[0]!.headers['content-type']).toMatch(/^text\/plain/)
      expect(await stubRequests({ token, method: 'OPTIONS' }), 'no preflight').toHaveLength(0)
    })

    test(`${entry.path}: a spent link says so and offers the next step, without a button`, async ({ page }) => {
      await visit(page, `${entry.path}?token=${stubToken(consentScenarios.invalid)}`)
      await button(page, entry.action).click()
      await expect(status(page)).toHaveText(entry.refused)
      await expect(button(page, entry.action)).toHaveCount(0)
      await expect(page.getByRole('main').getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/')
    })
  }

  test('too many requests, a server error and a dropped connection each say so, and the button stays to try again', async ({ page }) => {
    for (const [scenario, text] of [
      [consentScenarios.tooMany, messages.tooManyConsentRequests],
      [consentScenarios.serverError, messages.serverError],
      [consentScenarios.drop, 'Network issue—please check your connection and try again.'],
    ] as const) {
      await visit(page, `/waitlist/unsubscribe?token=${stubToken(scenario)}`)
      await button(page, 'unsubscribe').click()
      await expect(status(page)).toHaveText(text)
      await expect(button(page, 'unsubscribe')).toBeEnabled()
    }
  })

  test('a link without a token says it is incomplete and offers no button', async ({ page }) => {
    for (const entry of tokenPageList) {
      await visit(page, entry.path)
      await expect(status(page)).toHaveText(tokenPages[entry.action].missingToken, { timeout: 15_000 })
      await expect(button(page, entry.action)).toHaveCount(0)
    }
  })

  test('/waitlist/erase validates the address, sends it once, and shows the same reply for any address', async ({ page }) => {
    await visit(page, '/waitlist/erase')
    const form = eraseForm(page)
    await form.email.fill('ada@example')
    await form.submit.click()
    await expect(status(page)).toHaveText('Please enter a valid email address.')
    await expect(form.email).toBeFocused()
    const email = stubEmail(stubScenarios.slow)
    await form.email.fill(email)
    await form.submit.dblclick()
    await expect(form.submit).toBeDisabled()
    await expect(status(page)).toHaveText(messages.eraseRequested, { timeout: 5_000 })
    await expect(form.email).toHaveValue('')
    const received = await stubRequests({ email })
    expect(received).toHaveLength(1)
    expect(received[0]!.path).toBe('/waitlist/erase')
    expect(received[0]!.json).toEqual({ email })
  })

  test('the footer and the Privacy Policy lead to /waitlist/erase', async ({ page }) => {
    await visit(page, '/legal#privacy-policy')
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Delete my data' })).toHaveAttribute('href', '/waitlist/erase')
    await page.getByRole('main').getByRole('link', { name: 'Delete my waitlist data' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(erasePage.title)
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const entry of tokenPageList) {
    test(`${entry.path}: the button is a form that posts back to the page's own address, token included`, async ({ page }) => {
      const token = stubToken(consentScenarios.ok)
      await visit(page, `${entry.path}?token=${token}`)
      // The unsubscribe page has a second form, "stop all email" (scope=all), made the same way.
      const forms = page.getByRole('main').locator('form')
      await expect(forms).toHaveCount(entry.action === 'unsubscribe' ? 2 : 1)
      for (const form of await forms.all()) {
        await expect(form).toHaveAttribute('method', 'post')
        expect(await form.getAttribute('action')).toBeNull()
      }
      // The static host of the suite cannot answer a POST; the server that serves the site does (npm start).
      const posted = new Promise<{ method: string; url: string }>((resolve) =>
        page.route(`**${entry.path}?token=*`, async (route) => {
          if (route.request().method() !== 'POST') return route.continue()
          resolve({ method: route.request().method(), url: route.request().url() })
          await route.fulfill({ status: 303, headers: { Location: `/waitlist/${entry.action === 'confirm' ? 'confirmed' : entry.action === 'unsubscribe' ? 'unsubscribed' : 'erased'}` } })
        }),
      )
      await button(page, entry.action).click()
      const { method, url } = await posted
      expect(method).toBe('POST')
      expect(new URL(url).pathname).toBe(entry.path)
      expect(new URL(url).searchParams.get('token')).toBe(token)
      await expect(status(page)).toHaveText(entry.done)
      // A consent outcome never shows the signup form; the confirmed page's one form asks about news and updates.
      await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0)
      await expect(page.getByRole('main').locator('form')).toHaveCount(entry.action === 'confirm' ? 1 : 0)
      if (entry.action === 'confirm') await expect(page.getByRole('main').locator('form input[name="news"]')).toHaveAttribute('value', 'on')
    })
  }

  test('/waitlist/erase posts the address to <endpoint>/erase and lands on the outcome page', async ({ page }) => {
    await visit(page, '/waitlist/erase')
    const form = page.getByRole('main').locator('form')
    await expect(form).toHaveAttribute('method', 'post')
    await expect(form).toHaveAttribute('action', `${stubEndpoint}/erase`)
    const email = stubEmail(stubScenarios.ok)
    await eraseForm(page).email.fill(email)
    await eraseForm(page).submit.click()
    await expect(page).toHaveURL(/\/waitlist\/erase-requested$/)
    await expect(status(page)).toHaveText(messages.eraseRequested)
    const received = await stubRequests({ email })
    expect(received).toHaveLength(1)
    expect(received[0]!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/)
    expect(page.url()).not.toContain('example.com')
  })
})

test.describe('at first paint, before the scripts arrive', () => {
  for (const entry of tokenPageList) {
    test(`${entry.path}: a double tap before the scripts arrive sends the token once, without leaving the page`, async ({ page }) => {
      const token = stubToken(consentScenarios.ok)
      const sent = sentInOrder(page)
      const { expectActedEarly, sameDocument } = await openWithScriptsHeldBack(page, `${entry.path}?token=${token}`)
      await button(page, entry.action).click()
      await button(page, entry.action).click()
      await expectActedEarly()
      await expect(status(page)).toHaveText(entry.done, { timeout: 15_000 })
      // Both taps were the app's to act on before it showed the answer: a second send would precede this marker.
      expect(carrying(await sent.untilNow(), token)).toHaveLength(1)
      expect(await stubRequests({ token })).toHaveLength(1)
      expect(await sameDocument()).toBe(true)
    })
  }

  test('/waitlist/erase: an address typed and submitted early is sent once, as typed', async ({ page }) => {
    const email = stubEmail(stubScenarios.ok)
    const { expectActedEarly, sameDocument } = await openWithScriptsHeldBack(page, '/waitlist/erase')
    await eraseForm(page).email.fill(email)
    await eraseForm(page).submit.click()
    await expectActedEarly()
    await expect(status(page)).toHaveText(messages.eraseRequested, { timeout: 15_000 })
    expect(await stubRequests({ email })).toHaveLength(1)
    expect(await sameDocument()).toBe(true)
    expect(page.url()).not.toContain('example.com')
  })
})

test.describe('the build without an endpoint', () => {
  test.use({ baseURL: mailtoSiteUrl })

  test('the token pages say how to ask by email and offer no button', async ({ page }) => {
    for (const entry of tokenPageList) {
      await visit(page, `${entry.path}?token=${stubToken(consentScenarios.ok)}`)
      await expect(status(page)).toHaveText(tokenPages[entry.action].byEmail)
      await expect(button(page, entry.action)).toHaveCount(0)
    }
    await expectNoAxeViolations(page, 'a token page without an endpoint')
  })

  test('/waitlist/erase opens a mail draft to the privacy address', async ({ page }) => {
    await visit(page, '/waitlist/erase')
    await eraseForm(page).email.fill('ann@example.com')
    const mailto = page.waitForRequest((request) => request.url().startsWith('mailto:'))
    await eraseForm(page).submit.click()
    const url = new URL((await mailto).url())
    expect(decodeURIComponent(url.pathname)).toBe('privacy@stridehealth.example')
    expect(url.searchParams.get('subject')).toBe('Delete my data')
    expect(url.searchParams.get('body')).toContain('Email: ann@example.com')
    await expect(status(page).getByRole('link', { name: 'email link' })).toHaveAttribute('href', url.href)
  })
})
