// The team picks a wave by answers (issue 52) in Chromium, against the server `npm start` runs, with real email (an
// in-process SMTP inbox). The team member signs in from the mailed link and defines an ordinary choice question in
// the console's Questions area, as a person would: the button, the form's fields, the Define button. Nine people
// join and confirm in a known order (their order in line), and each answers on the public questions page, opened
// from their place page: seven run under 5 km, two run more. In the Invitations area the team adds the rule "under
// 5 km", asks for a wave of 5, reads how many match before the send, and sends: exactly the first five in line among
// those who match receive the invitation email, and nobody else does; the rule goes with that wave. Then four of
// them hold news and updates (Ada, Ben, Cleo and Dev; set in the database, as the consent page's own tests cover
// asking): in the Updates area the team writes an update, adds the same rule, reads that 3 of the 4 match before the
// send, and sends: Ada, Ben and Dev receive it, Cleo (who runs more) and those without news do not. axe checks the
// Questions area, with its list and its form, in both colour schemes at 390 and 1280 px.
import type { Page } from '@playwright/test'
import { invitationSubject } from '../server/features/launch/invitation-email'
import { updateKind } from '../server/features/updates/update-sends'
import { axeInBothSchemes } from './support/axe'
import { openArea, signInThroughMailedLink, startConsoleServer, type ConsoleServer } from './support/console-walk'
import { expect, test } from './support/fixtures'

const admin = 'owner@company.example'
const wording = 'How far do you run in a week?'
const under = 'Under 5 km'
// In the order they confirm, which is their order in line; Cleo and Fay run more, the seven others match.
const people = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivy'].map((firstName) => ({
  firstName,
  email: `${firstName.toLowerCase()}.cohort@example.com`,
  answer: firstName === 'Cleo' || firstName === 'Fay' ? 'More than 5 km' : under,
}))
const invited = ['Ada', 'Ben', 'Dev', 'Eli', 'Gus']

let server: ConsoleServer

test.describe.configure({ mode: 'serial' })
// The console asks for its session first; without one the server answers 401, which Chromium logs.
test.use({ allowedConsoleErrors: [/status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/api\/admin\//] })

test.beforeAll(async () => {
  test.setTimeout(150_000)
  // INVITE_SEND_RATE 50: a wave's emails leave 20 ms apart.
  server = await startConsoleServer('questions-console', admin, { RATE_LIMIT_MAX: '200', INVITE_URL: 'https://testflight.apple.com/join/AbCdEfGh', INVITE_SEND_RATE: '50' })
})
test.afterAll(() => server?.stop())

/** A person joins and confirms (the site's endpoint, as its form posts), opens their place page from the welcome email,
 * follows its link to the questions and answers. */
async function joinConfirmAndAnswer(page: Page, person: (typeof people)[number]) {
  expect((await server.post('/api/waitlist', { firstName: person.firstName, email: person.email, source: 'stride-marketing-site' })).ok).toBe(true)
  const confirm = new URL(await server.mailedLink(person.email, '/waitlist/confirm'))
  expect((await server.post('/api/waitlist/confirm', { token: confirm.searchParams.get('token') })).ok).toBe(true)
  await page.goto(await server.mailedLink(person.email, '/waitlist/place'))
  await page.getByRole('link', { name: 'Answer or change your answers' }).click()
  await page.getByRole('group', { name: wording }).getByRole('radio', { name: person.answer }).check()
  await page.getByRole('button', { name: 'Save my answers' }).click()
  await expect(page.getByRole('status')).toHaveText('Thanks: your answers are saved.')
}

test('the team defines a question, picks a wave of 5 by its answers, exactly the right 5 are invited, and an update by the same answers reaches the right 3', async ({ page, browser }) => {
  test.setTimeout(150_000)
  const area = page.getByRole('region', { name: 'Questions', exact: true })

  await test.step('the team member signs in and defines an ordinary choice question in the Questions area', async () => {
    await signInThroughMailedLink(page, server, admin, 10_000)
    await openArea(page, 'Questions')
    await expect(area.getByText('No question is asked yet.')).toBeVisible()
    await area.getByRole('button', { name: 'Define a question' }).click()
    await expect(area.getByRole('heading', { name: 'Define a question' })).toBeFocused()
    await expect(area.getByRole('radio', { name: 'One choice' })).toBeChecked()
    await expect(area.getByRole('checkbox', { name: 'It asks about health' })).not.toBeChecked()
    await axeInBothSchemes(page, 'the Questions area with its form open')
    await area.getByRole('textbox', { name: 'The question, as people read it' }).fill(wording)
    const choices = area.getByRole('textbox', { name: 'Choices, one a line' })
    await choices.focus()
    await page.keyboard.type(`${under}\nMore than 5 km`)
    await area.getByRole('button', { name: 'Define the question' }).press('Enter')
    await expect(area.getByRole('status')).toHaveText(`The question “${wording}” is defined. It is asked from now on.`)
    await expect(area.getByRole('row', { name: new RegExp(`^${wording}`) })).toContainText('Version 1 · Ordinary')
    await axeInBothSchemes(page, 'the Questions area with its list')
  })

  await test.step('nine people join, confirm and answer, in a known order of place', async () => {
    const context = await browser.newContext()
    const personPage = await context.newPage()
    for (const person of people) await joinConfirmAndAnswer(personPage, person)
    await context.close()
    await page.reload()
    const row = area.getByRole('row', { name: new RegExp(`^${wording}`) })
    await expect(row).toContainText('9')
    await expect(row.getByRole('listitem')).toHaveText([`${under}: 7`, 'More than 5 km: 2'])
  })

  const panel = page.getByRole('region', { name: 'Invitations', exact: true })
  await test.step('in Invitations the team adds the rule, sees how many match before the send, and invites 5', async () => {
    await openArea(page, 'Invitations')
    await expect(panel.getByText(/^9 confirmed people are waiting for an invitation\./)).toBeVisible()
    await panel.getByRole('button', { name: 'Add a rule by answers' }).click()
    await expect(panel.getByRole('combobox', { name: 'Question of rule 1' })).toHaveValue(/\d+/)
    await panel.getByRole('checkbox', { name: under }).check()
    await panel.getByRole('spinbutton', { name: 'Invite the next people whose answers match' }).fill('5')
    await page.keyboard.press('Enter')
    await expect(panel.getByRole('heading', { name: 'The next 5 people in line whose answers match' })).toBeFocused()
    await expect(panel.getByText('7 people in line match every rule.')).toBeVisible()
    const rows = panel.getByRole('table', { name: /^Who this wave would invite/ }).getByRole('row').filter({ has: page.getByRole('cell') })
    await expect(rows.getByRole('cell', { name: /@example\.com$/ })).toHaveText(invited.map((name) => `${name.toLowerCase()}.cohort@example.com`))
    await panel.getByRole('button', { name: 'Invite these 5 people' }).click()
    await expect(panel.getByRole('status')).toHaveText('Invited 5 people whose answers match the rules in wave #1.')
    // The rule went with that wave: the next is the next in line again, unless a rule is added anew.
    await expect(panel.getByRole('button', { name: 'Add a rule by answers' })).toBeVisible()
    await expect(panel.getByRole('combobox', { name: 'Question of rule 1' })).toHaveCount(0)
  })

  await test.step('the first 5 in line who match receive the invitation, and nobody else does', async () => {
    for (const name of invited) expect((await server.inbox.next(`${name.toLowerCase()}.cohort@example.com`, 15_000)).subject).toBe(invitationSubject)
    // Every invitation the outbox holds is sent, and went to those five: none is left for anyone else.
    const outbox = async () => server.sql("SELECT s.email, o.finished_at FROM outbox o JOIN signups s ON s.id = o.signup_id WHERE o.kind = 'invite' ORDER BY s.email")
    await expect.poll(async () => (await outbox()).every((row) => row.finished_at !== null)).toBe(true)
    expect((await outbox()).map((row) => String(row.email).split('.')[0])).toEqual(invited.map((name) => name.toLowerCase()).sort())
    // (The server keeps its SMTP connection open, so the inbox is not waited on to settle: the outbox says all went.)
    expect(server.inbox.mails.filter((mail) => mail.subject === invitationSubject).map((mail) => mail.rcptTo)).toEqual([])
  })

  await test.step('an update by the same answers reaches only the news-holders who match', async () => {
    const holders = ['ada', 'ben', 'cleo', 'dev']
    for (const name of holders)
      await server.sql("UPDATE signups SET news_given_at = ?, news_consent_version = '2026-11-27', news_withdrawn_at = NULL WHERE email = ?", [new Date().toISOString(), `${name}.cohort@example.com`])
    const subject = 'For the short runs'
    const updates = page.locator('section[aria-labelledby="updates-heading"]')
    await openArea(page, 'Updates')
    await updates.getByRole('button', { name: 'Write an update' }).click()
    await updates.getByRole('textbox', { name: 'Subject' }).fill(subject)
    await updates.getByRole('textbox', { name: 'Body (Markdown)' }).fill('Three of you run under 5 km.')
    await updates.getByRole('button', { name: 'Save draft' }).click()
    await expect(updates.getByRole('status')).toHaveText('Saved.')
    await updates.getByRole('button', { name: 'Send to the list…' }).click()
    await updates.getByRole('button', { name: 'Add a rule by answers' }).click()
    await updates.getByRole('checkbox', { name: under }).check()
    await updates.getByRole('button', { name: 'Review the send' }).press('Enter')
    const look = updates.getByRole('group', { name: 'Send to 3 people?' })
    await expect(look.getByRole('heading')).toBeFocused()
    await expect(look).toContainText('whose answers match every rule: 3 people now, of 4,')
    await look.getByRole('button', { name: 'Send to 3 people' }).click()
    await expect(updates.getByRole('status')).toHaveText('Sending to 3 people whose answers match the rules.')
    for (const name of ['ada', 'ben', 'dev']) expect((await server.inbox.next(`${name}.cohort@example.com`, 15_000)).subject).toBe(subject)
    const outbox = async () => server.sql('SELECT s.email, o.finished_at FROM outbox o JOIN signups s ON s.id = o.signup_id WHERE o.kind = ? ORDER BY s.email', [updateKind])
    await expect.poll(async () => (await outbox()).every((row) => row.finished_at !== null)).toBe(true)
    expect((await outbox()).map((row) => String(row.email).split('.')[0])).toEqual(['ada', 'ben', 'dev'])
    expect(server.inbox.mails.filter((mail) => mail.subject === subject).map((mail) => mail.rcptTo)).toEqual([])
  })
})
