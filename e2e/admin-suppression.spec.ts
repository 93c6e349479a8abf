// The suppression list (issue 49), acted out in Chromium against `npm start` with real email: a person joins, Postmark
// reports a hard bounce for them (basic auth on the URL, as its webhook sends it), and the team member finds on their
// page that nothing more is sent to the address, why, from where and when. Then, while an update is sending, Postmark
// reports a reader's hard bounce: their page and the list say suppressed and why, and the next update skips them; a
// complaint about that next update passes its limit (UPDATE_PAUSE_AFTER small here), so the send pauses itself and
// the console says why; Resume carries it on, and each reader gets it once. The Overview's check of MAIL_FROM's domain
// says to set it first. axe is clean in both colour schemes.
import type { Locator, Page } from '@playwright/test'
import { mailDomainMessages } from '../server/features/console/setup-routes'
import { consentApi } from '../shared/consent-paths'
import { consentVersion } from '../src/content/consent-wording'
import type { ReceivedMail } from '../tools/smtp-inbox'
import { until } from '../tools/until'
import { axeInBothSchemes, expectNoAxeViolations } from './support/axe'
import { openArea, signInThroughMailedLink, startConsoleServer, type ConsoleServer } from './support/console-walk'
import { expect, test } from './support/fixtures'

const admin = 'team@company.example'
const person = 'bo.bounce@example.com'
const postmark = { user: 'hooks', password: 'postmark-walk-secret' }
const readers = ['Ana', 'Ben', 'Cai', 'Dot', 'Eli', 'Fay', 'Gus', 'Hed'].map((name) => `${name.toLowerCase()}.reader@example.com`)
const [bounced, complained] = [readers[0]!, readers[1]!]

let walk: ConsoleServer | undefined

test.describe.configure({ mode: 'serial' })
// The console asks for its session first (401 before sign-in), and the domain check without MAIL_FROM answers 409.
// (One pattern: Playwright takes a list whose second entry is an object, a RegExp too, for a fixture's options.)
test.use({ allowedConsoleErrors: [/status of (401 \(Unauthorized\) \(http:\/\/[^/]+\/api\/admin\/|409 \(Conflict\) \(http:\/\/[^/]+\/api\/admin\/setup\/mail-domain\)$)/] })

test.beforeAll(async () => {
  test.setTimeout(150_000)
  walk = await startConsoleServer('admin-suppression', admin, {
    POSTMARK_WEBHOOK_AUTH: `${postmark.user}:${postmark.password}`,
    RATE_LIMIT_MAX: '200',
    // A send is judged after its first 4 emails here (1,000 by default); one hard bounce in 8 (12.5 %) stays under
    // the bounce limit, one complaint in 4 or more passes the complaint limit (0.3 %, the default).
    UPDATE_PAUSE_AFTER: '4',
    UPDATE_PAUSE_BOUNCE_PERCENT: '50',
  })
  // The readers join, confirm from their emails and ask for news and updates, as the confirmation page does.
  for (const email of readers) {
    expect((await post('/api/waitlist', { email, firstName: 'Reader', source: 'stride-marketing-site', consentVersion })).status).toBe(200)
    const token = /\/waitlist\/confirm\?token=([\w-]{43})/.exec((await walk.inbox.next(email, 15_000)).text ?? '')![1]
    const confirmed = (await (await post(consentApi.confirm, { token })).json()) as { ok: boolean; nextToken: string }
    expect(((await (await post(consentApi.news, { token: confirmed.nextToken, news: 'on' })).json()) as { ok: boolean }).ok).toBe(true)
  }
})

const post = (path: string, body: unknown) =>
  fetch(`${walk!.origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) })

/** Postmark's webhook, with the basic auth its URL carries. */
const postmarkSays = (record: Record<string, string>) =>
  fetch(`${walk!.origin}/api/bounces/postmark`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${postmark.user}:${postmark.password}`).toString('base64')}` },
    body: JSON.stringify(record),
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

  // The Overview checks MAIL_FROM's domain only when asked; this walk's server has no MAIL_FROM, and says so.
  expect(walk!.env.MAIL_FROM).toBeUndefined()
  await openArea(page, 'Overview')
  const domain = page.getByRole('region', { name: 'The sender’s domain' })
  await domain.getByRole('button', { name: 'Check the domain' }).click()
  await expect(domain.getByRole('alert')).toHaveText(mailDomainMessages.noMailFrom)
  await axeInBothSchemes(page, 'the Overview with the domain check')
})

/** The emails of an update in the inbox, by whom they went to. */
const updateMails = (subject: string): ReceivedMail[] => walk!.inbox.mails.filter((mail) => mail.subject === subject)
const recordFigure = (section: Locator, label: string) => section.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')
const recordHeading = (section: Locator, subject: string, state: string) => section.getByRole('heading', { name: `“${subject}”: ${state}` })

/** Writes an update and sends it now to everyone who asked for news, at one email a second, from the Updates area. */
async function sendUpdate(page: Page, subject: string, people: number) {
  await openArea(page, 'Updates')
  const section = page.getByRole('region', { name: 'Updates', exact: true })
  await section.getByRole('button', { name: 'Write an update' }).click()
  await section.getByRole('textbox', { name: 'Subject' }).fill(subject)
  await section.getByRole('textbox', { name: 'Preheader' }).fill('A short one')
  await section.getByRole('textbox', { name: 'Body (Markdown)' }).fill('We tried **three things** this month.')
  await section.getByRole('button', { name: 'Save draft' }).click()
  await expect(section.getByRole('status')).toHaveText('Saved.')
  await section.getByRole('button', { name: 'Send to the list…' }).click()
  const form = section.getByRole('form', { name: `Send “${subject}” to the list` })
  await form.getByRole('radio', { name: `Everyone who asked for news and updates: ${people} people` }).check()
  await form.getByRole('radio', { name: 'Now' }).check()
  await form.getByRole('spinbutton', { name: 'Emails a second (optional)' }).fill('1')
  await form.getByRole('button', { name: 'Review the send' }).press('Enter')
  await section.getByRole('group', { name: `Send to ${people} people?` }).getByRole('button', { name: `Send to ${people} people` }).click()
  await expect(recordHeading(section, subject, 'Sending')).toBeFocused()
  return section
}

test('a bounce while an update sends suppresses its reader, the next update skips them, and a complaint over the limit pauses it until Resume', async ({ page }) => {
  test.setTimeout(240_000)
  await signInThroughMailedLink(page, walk!, admin)

  const first = 'What the coach learned in May'
  await test.step('while the first update sends, Postmark reports a reader’s hard bounce', async () => {
    const section = await sendUpdate(page, first, readers.length)
    await until(() => updateMails(first).some((mail) => mail.rcptTo.includes(bounced)), 15_000, `the first update to ${bounced}`)
    const said = await postmarkSays({ RecordType: 'Bounce', Type: 'HardBounce', Email: bounced, Description: 'The server was unable to deliver your message (ex: unknown user, mailbox not found).' })
    expect(said.status).toBe(200)
    await expect(recordHeading(section, first, 'Sent')).toBeVisible({ timeout: 30_000 })
    await expect(recordFigure(section, 'Sent')).toHaveText(String(readers.length))
    await expect(recordFigure(section, 'Bounced for good')).toHaveText('1')
    await expect(section.getByText(/^Of 8 emails gone, 12\.5 % bounced for good and 0 % were marked as spam\./)).toBeVisible()
  })

  await test.step('the reader’s page says suppressed and why, and so does the suppression list', async () => {
    await openArea(page, 'People')
    await page.getByRole('link', { name: bounced }).click()
    await expect(page.getByRole('heading', { name: bounced, level: 2 })).toBeVisible()
    const fact = page.getByRole('definition').filter({ hasText: /^Suppressed / })
    await expect(fact).toContainText('Refused for good, said by Postmark')
    await expect(fact.getByRole('button', { name: `Lift ${bounced} off the suppression list` })).toBeVisible()
    await page.getByRole('link', { name: 'Back to People' }).click()
    await page.getByRole('link', { name: 'Suppressed addresses' }).click()
    const list = page.getByRole('region', { name: 'Suppressed addresses' })
    const row = list.getByRole('row').filter({ hasText: bounced })
    await expect(row).toContainText('Refused for good')
    await expect(row).toContainText('unknown user, mailbox not found')
    await expect(row).toContainText('Postmark')
    await expect(row.getByRole('button', { name: `Lift ${bounced}` })).toBeVisible()
    await axeInBothSchemes(page, 'the suppression list')
  })

  const second = 'What the coach learned in June'
  await test.step('the next update skips them; a complaint over the limit pauses it, and the console says why', async () => {
    // The bounce changed no consent: they are still in the audience, and skipped when their turn comes.
    const section = await sendUpdate(page, second, readers.length)
    await until(() => updateMails(second).length >= 4 && updateMails(second).some((mail) => mail.rcptTo.includes(complained)), 20_000, 'four of the second update sent')
    expect((await postmarkSays({ RecordType: 'SpamComplaint', Type: 'SpamComplaint', Email: complained })).status).toBe(200)
    await expect(recordHeading(section, second, 'Paused')).toBeVisible({ timeout: 15_000 })
    await expect(section.getByText(/^Paused by itself: 1 of \d+ people marked it as spam \([\d.]+ %\), over the limit of 0\.3 %\./)).toBeVisible()
    await expect(recordFigure(section, 'Marked as spam')).toHaveText('1')
    await expect(recordFigure(section, 'To go')).not.toHaveText('0')
    await axeInBothSchemes(page, 'an update paused by itself')
    // Nothing more leaves while it waits.
    const sent = updateMails(second).length
    await expect(recordFigure(section, 'Sent')).toHaveText(String(sent))
    expect(updateMails(second)).toHaveLength(sent)
  })

  await test.step('Resume carries it on: every reader but the suppressed one gets it, once', async () => {
    const section = page.getByRole('region', { name: 'Updates', exact: true })
    await section.getByRole('button', { name: 'Resume' }).click()
    await expect(recordHeading(section, second, 'Sent')).toBeVisible({ timeout: 30_000 })
    await expect(recordFigure(section, 'Sent')).toHaveText(String(readers.length - 1))
    await expect(recordFigure(section, 'Skipped')).toHaveText('1')
    const to = updateMails(second).flatMap((mail) => mail.rcptTo)
    expect(to.sort()).toEqual(readers.filter((reader) => reader !== bounced).sort())
    await openArea(page, 'Audit')
    await expect(page.getByRole('row').filter({ hasText: /resumed/ })).toHaveCount(1)
  })
})
