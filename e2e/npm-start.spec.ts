// The site as `npm start` serves it: built against its own endpoint, pages and POST /api/waitlist on one
// origin, signups in a real SQLite file. A visitor joins the waitlist; the row is then in the CSV export.
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from './support/fixtures'
import { npmStart, type NpmStart } from './support/npm-start'
import { host, sparePort } from './support/ports'
import { visit } from './support/site'
import { waitlistForm } from './support/waitlist'

const port = sparePort(0)
const origin = `http://${host}:${port}`
let server: NpmStart | undefined
let work: string
let databaseUrl: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  work = await mkdtemp(join(tmpdir(), 'npm-start-'))
  databaseUrl = `file:${join(work, 'waitlist.db')}`
  // npm start builds into dist/ and serves it.
  server = npmStart({ ...process.env, PORT: String(port), HOST: host, DATABASE_URL: databaseUrl })
  await server.serving(origin, 110_000)
})

test.afterAll(async () => {
  await server?.stop()
  await rm(work, { recursive: true, force: true })
})

test('a visitor joins the waitlist on npm start and the signup is in the export', async ({ page }) => {
  const email = `visitor-${Date.now()}@example.com`
  await visit(page, `${origin}/`)
  const form = waitlistForm(page, 'hero')
  await form.firstName.fill('  Ada ')
  await form.email.fill(` ${email} `)
  await form.submit.click()
  await expect(form.status).toHaveText(/^You're on the waitlist!/)
  await expect(form.email).toHaveValue('')

  const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'waitlist:export'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  })
  const rows = stdout.trim().split('\r\n') // RFC 4180 line endings
  expect(rows[0]).toBe('created_at,email,first_name,source,status,consent_version,confirmed_at,unsubscribed_at,news_consent_version,news_given_at,news_withdrawn_at,utm_source,utm_medium,utm_campaign,referrer_origin')
  const mine = rows.filter((row) => row.includes(email))
  expect(mine).toHaveLength(1)
  expect(mine[0]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[^,]+,${email.replace(/[.+]/g, '\\$&')},Ada,stride-marketing-site,pending,`))
})

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false })

  test('a visitor joins with the plain form, sees the outcome, and is in the export once; no email in any URL', async ({ page }) => {
    const email = `no-js-${Date.now()}@example.com`
    const urls: string[] = []
    page.on('request', (request) => urls.push(request.url()))
    page.on('framenavigated', (frame) => urls.push(frame.url()))

    // First with a mistake: the outcome page says what is wrong and offers the form again.
    await page.goto(`${origin}/`)
    let form = waitlistForm(page, 'hero')
    await form.firstName.fill('Ada')
    await form.email.fill('ada-at-example.com')
    await form.submit.click()
    await expect(page).toHaveURL(`${origin}/waitlist/invalid-email`)
    await expect(page.getByRole('main').getByRole('status').first()).toHaveText('Please enter a valid email address.')

    // Then properly, from the outcome page's own form, and once more from the home page.
    const retry = page.getByRole('main')
    await retry.getByRole('textbox', { name: 'First name' }).fill('Ada')
    await retry.getByRole('textbox', { name: 'Email' }).fill(email)
    await retry.getByRole('button', { name: 'Join the waitlist' }).click()
    await expect(page).toHaveURL(`${origin}/waitlist/joined`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're on the waitlist")
    await expect(page.getByRole('status')).toHaveText(/^You're on the waitlist! Reach out to us at \S+@\S+ if you want to get in touch\.$/)

    await page.goto(`${origin}/`)
    form = waitlistForm(page, 'bottom')
    await form.email.fill(email.replace('@example.com', '@Example.COM')) // the same address: domains ignore case
    await form.submit.click()
    await expect(page).toHaveURL(`${origin}/waitlist/joined`) // a repeat reads exactly like a first signup

    const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'waitlist:export'], { env: { ...process.env, DATABASE_URL: databaseUrl } })
    const mine = stdout.trim().split('\r\n').filter((row) => row.toLowerCase().includes(email))
    expect(mine).toHaveLength(1)
    expect(mine[0]).toContain(`,${email},Ada,stride-marketing-site`)
    for (const url of urls) {
      expect(decodeURIComponent(url).toLowerCase()).not.toContain(email)
      expect(decodeURIComponent(url)).not.toContain('ada-at-example.com')
      expect(url).not.toMatch(/[?&]email=/)
    }
  })
})
