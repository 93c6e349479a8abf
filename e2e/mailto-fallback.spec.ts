// The site built without a waitlist endpoint (docs/product-rules.md#the-waitlist-form): submitting opens a
// prefilled mail draft to the contact address instead of calling anything, and shows a neutral message with a
// link to the draft.
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { brand } from '../shared/brand'
import { mailtoSiteUrl, stubOrigin } from './support/ports'
import { visit } from './support/site'
import { statusColor, stubRequests, waitlistForm, waitlistForms, type WaitlistFormId } from './support/waitlist'

test.use({ baseURL: mailtoSiteUrl })

const fallbackMessage = "Your email app should open. If it doesn't, please use the email link."

/** Submits a form and returns the mailto: URL the browser was asked to open. */
async function submitAndCaptureMailto(page: Page, id: WaitlistFormId, fields: { firstName: string; email: string }) {
  const form = waitlistForm(page, id)
  await form.firstName.fill(fields.firstName)
  await form.email.fill(fields.email)
  const mailto = page.waitForRequest((request) => request.url().startsWith('mailto:'))
  await form.submit.click()
  return { form, url: (await mailto).url() }
}

function parseMailto(href: string) {
  const url = new URL(href)
  return { to: decodeURIComponent(url.pathname), params: [...url.searchParams.entries()], search: url.search }
}

for (const { id } of waitlistForms) {
  test(`the ${id} form opens a mail draft with subject Waitlist and name, email and source in the body`, async ({ page }) => {
    await visit(page, '/')
    const { form, url } = await submitAndCaptureMailto(page, id, { firstName: '  Ann  ', email: '  ann@example.com ' })
    const { to, params, search } = parseMailto(url)
    expect(to).toBe(brand.contactEmail)
    expect(params).toEqual([
      ['subject', 'Waitlist'],
      ['body', `Name: Ann\r\nEmail: ann@example.com\r\nSource: ${brand.waitlistSource}`],
    ])
    // RFC 6068 encoding: spaces as %20 (never '+'), line breaks as %0D%0A, '@' in the body encoded.
    expect(search).toContain('%0D%0A')
    expect(search).not.toContain('+')
    expect(search).toContain('ann%40example.com')

    await expect(form.status).toHaveText(fallbackMessage)
    await expect(form.status).toHaveCSS('color', statusColor.neutral)
    await expect(form.status.getByRole('link', { name: 'email link' })).toHaveAttribute('href', url)
    await expect(waitlistForm(page, id === 'hero' ? 'bottom' : 'hero').status).toHaveText('')
  })
}

test('an empty first name shows as (not provided)', async ({ page }) => {
  await visit(page, '/')
  const { url } = await submitAndCaptureMailto(page, 'hero', { firstName: '   ', email: 'bo@example.com' })
  const body = new URL(url).searchParams.get('body')
  expect(body).toBe(`Name: (not provided)\r\nEmail: bo@example.com\r\nSource: ${brand.waitlistSource}`)
})

test('what a visitor types cannot add recipients or headers to the draft', async ({ page }) => {
  await visit(page, '/')
  const form = waitlistForm(page, 'bottom')
  const hostile = 'Ann&cc=x@evil.example\r\nBcc: y@evil.example'
  await form.firstName.fill(hostile)
  // A text input drops line breaks from its value; the rest must arrive as data, not as mailto syntax.
  const typed = await form.firstName.inputValue()
  expect(typed).toContain('&cc=x@evil.example')
  const { url } = await submitAndCaptureMailto(page, 'bottom', { firstName: hostile, email: 'ann+tag@example.com' })
  const { to, params } = parseMailto(url)
  expect(to).toBe(brand.contactEmail)
  expect(params.map(([key]) => key)).toEqual(['subject', 'body'])
  expect(new URL(url).searchParams.get('body')).toBe(
    `Name: ${typed.trim()}\r\nEmail: ann+tag@example.com\r\nSource: ${brand.waitlistSource}`,
  )
  expect(url).not.toMatch(/[?&](cc|bcc)=/i)
})

test('an invalid email opens no draft', async ({ page }) => {
  await visit(page, '/')
  const opened: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith('mailto:')) opened.push(request.url())
  })
  const form = waitlistForm(page, 'hero')
  await form.email.fill('nope')
  await form.submit.click()
  await expect(form.status).toHaveText('Please enter a valid email address.')
  // The same form with the address put right opens its draft: the only one, so the invalid press opened none.
  const draft = page.waitForRequest((request) => request.url().startsWith('mailto:'))
  await form.email.fill('nope@example.com')
  await form.submit.click()
  await draft
  expect(opened).toHaveLength(1)
  expect(opened[0]).toContain('nope%40example.com')
})

test('the fallback calls no endpoint', async ({ page }) => {
  await visit(page, '/')
  const calls: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' || request.url().startsWith(stubOrigin)) calls.push(request.url())
  })
  const { form } = await submitAndCaptureMailto(page, 'hero', { firstName: '', email: 'mailto-only@example.com' })
  await expect(form.status).toHaveText(fallbackMessage)
  expect(calls).toEqual([])
  expect(await stubRequests({ email: 'mailto-only@example.com' })).toEqual([])
})
