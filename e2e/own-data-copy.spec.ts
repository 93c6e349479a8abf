// A copy of one's own data (issue 51) in Chromium, against the server `npm start` runs, with real email (an
// in-process SMTP server): the visitor asks on /waitlist/copy, the email arrives, its link opens a page with one
// button, the button shows every part of the copy (and never a friend's address), and the JSON downloads. With
// JavaScript, the form's machine sends the request and shows the reply; without it, the prerendered form posts
// and the server answers with the outcome page. An address not on the list gets an email saying we hold nothing.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { messages } from '../shared/messages'
import { notLinkedWords, type OwnCopy } from '../shared/own-copy'
import { ownDataPage } from '../src/content/consent-pages'
import { startInbox, type Inbox } from '../tools/smtp-inbox'
import { axeInBothSchemes, expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { servedSite, type NpmStart } from './support/npm-start'
import { host, sparePort } from './support/ports'

const port = sparePort(6)
const origin = `http://${host}:${port}`
let server: NpmStart | undefined
let inbox: Inbox
let work: string
let people = 0

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(150_000)
  inbox = await startInbox()
  work = await mkdtemp(join(tmpdir(), 'own-data-copy-'))
  server = servedSite({ ...process.env, PORT: String(port), HOST: host, DATABASE_URL: `file:${join(work, 'waitlist.db')}`, SMTP_URL: inbox.url })
  await server.serving(origin, 60_000)
})

test.afterAll(async () => {
  await server?.stop()
  await inbox?.close()
  await rm(work, { recursive: true, force: true })
})

const post = (path: string, body: unknown) => fetch(`${origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(body) })
const linkIn = async (to: string, path: string) => new RegExp(`https?://\\S+${path.replaceAll('/', '\\/')}\\?token=[\\w-]{43}`).exec((await inbox.next(to, 10_000)).text ?? '')![0]

/** Ann joins and confirms from her email; a friend then joins through her share link, whose address her copy must never show. */
async function annWithAFriend(): Promise<{ ann: string; friend: string }> {
  const ann = `ann.copy${++people}@example.com`
  const friend = `friend.copy${people}@example.com`
  expect((await post('/api/waitlist', { firstName: 'Ann', email: ann, source: 'stride-marketing-site', utmCampaign: 'launch-week' })).ok).toBe(true)
  const confirm = new URL(await linkIn(ann, '/waitlist/confirm'))
  expect((await post('/api/waitlist/confirm', { token: confirm.searchParams.get('token') })).ok).toBe(true)
  const welcome = (await inbox.next(ann, 10_000)).text ?? ''
  const code = /[?&]ref=([\w-]+)/.exec(welcome)![1]!
  expect((await post('/api/waitlist', { firstName: 'Bea', email: friend, source: 'stride-marketing-site', referralCode: code })).ok).toBe(true)
  return { ann, friend }
}

/** Opens the emailed link, presses its button, reads the page, and downloads the JSON. */
async function openTheCopy(page: Page, link: string, { ann, friend }: { ann: string; friend: string }): Promise<OwnCopy> {
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible()
  await page.getByRole('button', { name: 'Show my data' }).click()
  for (const section of ['Your signup', 'Your consent', 'What you get emails for', 'Your place and your share link', 'Invitation and activation', 'Emails to you', 'Suppression', 'What is not linked to you'])
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible()
  const main = page.getByRole('main')
  await expect(main).toContainText(ann)
  await expect(main).toContainText('launch-week')
  await expect(main).toContainText(notLinkedWords[0]!)
  await expect(main).not.toContainText(friend)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as JSON' }).click()])
  expect(download.suggestedFilename()).toMatch(/^stride-health-my-data-\d{4}-\d{2}-\d{2}\.json$/)
  const text = await readFile((await download.path())!, 'utf8')
  expect(text).not.toContain(friend)
  return JSON.parse(text) as OwnCopy
}

function expectWholeCopy(copy: OwnCopy, ann: string) {
  expect(copy.signup).toMatchObject({ email: ann, firstName: 'Ann', status: 'confirmed', utmCampaign: 'launch-week' })
  expect(copy.consent.confirmedAt).not.toBeNull()
  expect(copy.purposes.earlyAccess.held).toBe(true)
  expect(copy.line.friendsJoined).toBe(1)
  expect(copy.line.code).toMatch(/\w/)
  expect(copy.emails.map((email) => email.kind)).toEqual(expect.arrayContaining(['confirm', 'welcome', 'copy']))
  expect(copy.invitations).toEqual([])
  expect(copy.suppression).toBeNull()
  expect(copy.notLinked).toEqual(notLinkedWords)
}

const form = (page: Page) => ({
  email: page.getByRole('main').getByRole('textbox', { name: ownDataPage.emailLabel }),
  submit: page.getByRole('main').getByRole('button', { name: ownDataPage.button }),
})

test('with JavaScript: ask, open the emailed link, read the copy and download it', async ({ page }) => {
  const person = await annWithAFriend()
  await page.goto(`${origin}/waitlist/copy`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get a copy of your data')
  await expectNoAxeViolations(page, '/waitlist/copy, light scheme')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectNoAxeViolations(page, '/waitlist/copy, dark scheme')
  await form(page).email.fill(person.ann)
  await form(page).submit.click()
  await expect(page.getByRole('main').getByRole('status')).toHaveText(messages.copyRequested)
  const link = await linkIn(person.ann, '/waitlist/your-data')
  expectWholeCopy(await openTheCopy(page, link, person), person.ann)
  // The copy's page, rendered by the server: labels, landmarks and contrast in both schemes, at both widths.
  await axeInBothSchemes(page, 'the copy page')
  // The link was used: pressing its button again says so and offers a new one.
  await page.goto(link)
  await page.getByRole('button', { name: 'Show my data' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("This link doesn't work")
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', /\/waitlist\/copy$/)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the form posts, the outcome page says what was sent, and the copy works the same', async ({ page }) => {
    const person = await annWithAFriend()
    await page.goto(`${origin}/waitlist/copy`)
    await form(page).email.fill(person.ann)
    await form(page).submit.click()
    await expect(page).toHaveURL(`${origin}/waitlist/copy-requested`)
    await expect(page.getByRole('main')).toContainText(messages.copyRequested)
    expectWholeCopy(await openTheCopy(page, await linkIn(person.ann, '/waitlist/your-data'), person), person.ann)
  })

  test('an address not on the list gets the same reply, and an email saying we hold nothing', async ({ page }) => {
    const stranger = `stranger.copy${++people}@example.com`
    await page.goto(`${origin}/waitlist/copy`)
    await form(page).email.fill(stranger)
    await form(page).submit.click()
    await expect(page.getByRole('main')).toContainText(messages.copyRequested)
    const mail = await inbox.next(stranger, 10_000)
    expect(mail.subject).toBe('Stride Health holds no waitlist data about this address')
  })
})
