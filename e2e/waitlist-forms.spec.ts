// Every outcome of the form's message catalogue (docs/product-rules.md#messages) in both waitlist forms of
// the home page, against a real local endpoint: the exact words, the colours, what the endpoint received
// (text/plain, no preflight, trimmed JSON, one request per submit) and the 15 s time-out on Playwright's
// clock.
import type { Page } from '@playwright/test'
import { expect, stubFailures, test } from './support/fixtures'
import { brand } from '../shared/brand'
import {
  API_ERROR_MESSAGE,
  HTTP_ERROR_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  NETWORK_ISSUE_MESSAGE,
  NO_MESSAGE_FALLBACK,
  SUBMITTING_MESSAGE,
  UNREADABLE_ERROR_MESSAGE,
  successMessage,
} from '../machines/waitlist-messages'
import { siteUrl } from './support/ports'
import { visit } from './support/site'
import { otherForm, statusColor, stubRequests, waitlistForm, waitlistForms, type WaitlistFormId } from './support/waitlist'
import { API_FALSE_MESSAGE, HTTP_ERROR_TEXT, stubEmail, stubScenarios, type StubScenario } from './support/waitlist-stub'

// The form's message catalogue, word for word (the em dash and the ellipsis are single characters).
const spec = {
  invalid: 'Please enter a valid email address.',
  apiError: 'An API error occurred.',
  httpError: 'Something went wrong.',
  unreadable: 'Unable to read error response.',
  network: 'Network issue—please check your connection and try again.',
  noMessage: 'Something went wrong. Please try again in a moment.',
  submitting: 'Submitting…',
  success: `You're on the waitlist! Reach out to us at ${brand.contactEmail} if you want to get in touch.`,
}

// Chromium logs the endpoint's deliberate HTTP errors and dropped connections as failed loads.
test.use({ allowedConsoleErrors: [stubFailures] })

test('the message constants say the exact words of the catalogue', () => {
  expect(INVALID_EMAIL_MESSAGE).toBe(spec.invalid)
  expect(API_ERROR_MESSAGE).toBe(spec.apiError)
  expect(HTTP_ERROR_MESSAGE).toBe(spec.httpError)
  expect(UNREADABLE_ERROR_MESSAGE).toBe(spec.unreadable)
  expect(NETWORK_ISSUE_MESSAGE).toBe(spec.network)
  expect(NO_MESSAGE_FALLBACK).toBe(spec.noMessage)
  expect(SUBMITTING_MESSAGE).toBe(spec.submitting)
  expect(successMessage(brand.contactEmail)).toBe(spec.success)
})

const failures: { outcome: string; scenario: StubScenario; message: string }[] = [
  { outcome: 'the API answers ok:false with a message', scenario: stubScenarios.apiFalseMessage, message: API_FALSE_MESSAGE },
  { outcome: 'the API answers ok:false without a message', scenario: stubScenarios.apiFalse, message: spec.apiError },
  { outcome: 'an HTTP error with a text body', scenario: stubScenarios.httpText, message: HTTP_ERROR_TEXT },
  { outcome: 'an HTTP error with an empty body', scenario: stubScenarios.httpEmpty, message: spec.httpError },
  { outcome: 'an HTTP error whose body cannot be read', scenario: stubScenarios.httpUnreadable, message: spec.unreadable },
  { outcome: 'an answer that is not JSON (no message available)', scenario: stubScenarios.notJson, message: spec.noMessage },
  { outcome: 'a network failure', scenario: stubScenarios.drop, message: 'Network issue—please check your connection and try again.' },
]

/** Opens the home page; gives the form `id` and an address the stub endpoint answers with `scenario`. */
async function openForm(page: Page, id: WaitlistFormId, scenario: StubScenario) {
  await visit(page, '/')
  const form = waitlistForm(page, id)
  const email = stubEmail(scenario)
  return { form, email }
}

for (const { id } of waitlistForms) {
  test.describe(`the ${id} form`, () => {
    test('a valid signup succeeds: green message, empty fields, one text/plain request with the trimmed payload', async ({ page }) => {
      const { form, email } = await openForm(page, id, stubScenarios.ok)
      await form.firstName.fill('  Ann  ')
      await form.email.fill(`  ${email}  `)
      await form.submit.click()
      await expect(form.status).toHaveText(spec.success)
      await expect(form.status).toHaveCSS('color', statusColor.success)
      await expect(form.firstName).toHaveValue('')
      await expect(form.email).toHaveValue('')
      await expect(form.email).not.toHaveAttribute('aria-invalid', 'true')
      await expect(waitlistForm(page, otherForm(id)).status).toHaveText('')

      const received = await stubRequests({ email })
      expect(received).toHaveLength(1)
      const [request] = received
      expect(request!.method).toBe('POST')
      expect(request!.headers['content-type']).toMatch(/^text\/plain\b/)
      expect(request!.headers.origin).toBe(siteUrl)
      expect(request!.json).toMatchObject({ firstName: 'Ann', email, source: brand.waitlistSource })
      // A text/plain POST is a CORS simple request: the browser sends no preflight.
      expect(await stubRequests({ method: 'OPTIONS' })).toEqual([])
    })

    test('an invalid email says so, marks and focuses the field, and sends nothing', async ({ page }) => {
      await visit(page, '/')
      const form = waitlistForm(page, id)
      for (const value of ['not-an-email', 'ok@example', '   ']) {
        await form.email.fill(value)
        await form.submit.click()
        await expect(form.status).toHaveText(spec.invalid)
        await expect(form.status).toHaveCSS('color', statusColor.error)
        await expect(form.email).toHaveAttribute('aria-invalid', 'true')
        await expect(form.email).toBeFocused()
      }
      await expect(waitlistForm(page, otherForm(id)).status).toHaveText('')
      expect(await stubRequests({ email: 'ok@example' })).toEqual([])
    })

    for (const failure of failures) {
      test(`${failure.outcome}: the red message, the fields kept, the button usable again`, async ({ page }) => {
        const { form, email } = await openForm(page, id, failure.scenario)
        await form.firstName.fill('Ann')
        await form.email.fill(email)
        await form.submit.click()
        await expect(form.status).toHaveText(failure.message)
        await expect(form.status).toHaveCSS('color', statusColor.error)
        await expect(form.submit).toBeEnabled()
        await expect(form.region.locator('form')).toHaveAttribute('aria-busy', 'false')
        await expect(form.email).toHaveValue(email)
        await expect(form.firstName).toHaveValue('Ann')
        await expect(waitlistForm(page, otherForm(id)).status).toHaveText('')
        expect(await stubRequests({ email })).toHaveLength(1)
      })
    }

    test('while submitting it says Submitting… with the button disabled, then succeeds', async ({ page }) => {
      const { form, email } = await openForm(page, id, stubScenarios.slow)
      await form.email.fill(email)
      await form.submit.click()
      await expect(form.status).toHaveText(spec.submitting)
      await expect(form.submit).toBeDisabled()
      await expect(form.region.locator('form')).toHaveAttribute('aria-busy', 'true')
      await expect(form.status).toHaveText(spec.success, { timeout: 5_000 })
      await expect(form.submit).toBeEnabled()
    })

    test('a double click sends one request', async ({ page }) => {
      const { form, email } = await openForm(page, id, stubScenarios.slow)
      await form.email.fill(email)
      await form.submit.dblclick()
      await expect(form.status).toHaveText(spec.success, { timeout: 5_000 })
      expect(await stubRequests({ email })).toHaveLength(1)
    })

    test('pressing Enter twice sends one request', async ({ page }) => {
      const { form, email } = await openForm(page, id, stubScenarios.slow)
      await form.email.fill(email)
      await form.email.press('Enter')
      await form.email.press('Enter')
      await expect(form.status).toHaveText(spec.success, { timeout: 5_000 })
      expect(await stubRequests({ email })).toHaveLength(1)
    })

    test('a request with no answer is aborted after 15 s with the network message', async ({ page }) => {
      // The page's clock stands still from before it opens: only runFor moves it. The app must start all the
      // same (its start-up waits for no timer), and take the tap made the moment the form is there.
      const opened = Date.now()
      await page.clock.install({ time: opened })
      await page.clock.pauseAt(opened + 1_000)
      const { form, email } = await openForm(page, id, stubScenarios.hang)
      await form.email.fill(email)
      await form.submit.click()
      await expect(form.status).toHaveText(spec.submitting)
      await expect.poll(async () => (await stubRequests({ email })).length).toBe(1)
      // From here every change to the form is written down with the page's clock (a MutationObserver runs on no
      // timer, so the paused clock does not hold it): that the form waited out the 15 s is read from the record
      // once the later thing, the network message, has come, rather than from a look after a real-time wait.
      const submittedAt = await page.evaluate(
        ([status, button]) => {
          const changes: { at: number; status: string; disabled: boolean }[] = []
          const note = () => void changes.push({ at: Date.now(), status: status.textContent ?? '', disabled: (button as HTMLButtonElement).disabled })
          new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
          ;(window as { formChanges?: typeof changes }).formChanges = changes
          return Date.now()
        },
        [(await form.status.elementHandle())!, (await form.submit.elementHandle())!] as const,
      )

      await page.clock.runFor(14_999)
      await expect(form.status).toHaveText(spec.submitting)
      await expect(form.submit).toBeDisabled()
      expect((await stubRequests({ email }))[0]!.closedEarly).toBe(false)

      await page.clock.runFor(1)
      await expect(form.status).toHaveText(spec.network)
      const changes = await page.evaluate(() => (window as { formChanges?: { at: number; status: string; disabled: boolean }[] }).formChanges!)
      const leftSubmitting = changes.filter((change) => change.status !== spec.submitting || !change.disabled)
      expect(leftSubmitting.length).toBeGreaterThan(0)
      expect(leftSubmitting.every((change) => change.at - submittedAt >= 15_000)).toBe(true)
      await expect(form.status).toHaveCSS('color', statusColor.error)
      await expect(form.submit).toBeEnabled()
      // The browser gave up on the request: the endpoint sees the connection close unanswered.
      await expect.poll(async () => (await stubRequests({ email }))[0]!.closedEarly).toBe(true)
    })
  })
}

test('the two forms keep their own state', async ({ page }) => {
  await visit(page, '/')
  const hero = waitlistForm(page, 'hero')
  const bottom = waitlistForm(page, 'bottom')
  await hero.email.fill('nope')
  await hero.submit.click()
  await expect(hero.status).toHaveText(spec.invalid)
  const email = stubEmail(stubScenarios.ok)
  await bottom.firstName.fill('Bo')
  await bottom.email.fill(email)
  await bottom.submit.click()
  await expect(bottom.status).toHaveText(spec.success)
  await expect(hero.status).toHaveText(spec.invalid)
  await expect(hero.email).toHaveValue('nope')
})

test('a failed signup can be retried and then succeeds', async ({ page }) => {
  await visit(page, '/')
  const form = waitlistForm(page, 'hero')
  await form.email.fill(stubEmail(stubScenarios.drop))
  await form.submit.click()
  await expect(form.status).toHaveText(spec.network)
  await form.email.fill(stubEmail(stubScenarios.ok))
  await form.submit.click()
  await expect(form.status).toHaveText(spec.success)
  await expect(form.status).toHaveCSS('color', statusColor.success)
})
