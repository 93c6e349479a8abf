// The questions asked after confirmation (issue 52) in Chromium, against the server `npm start` runs, with real
// email: the team defines an ordinary and a sensitive question (through the console's API, signed in from the mailed
// link); a person confirms, opens their place page from the welcome email, follows its link to the questions, says
// yes to the health questions and answers both; then takes the yes back from their place page, and the health answer
// is gone from the database, from the console's page and from the console's copy of their data. The questions page
// is the server's own, with no script: the same walk runs with JavaScript off. axe checks the page in both schemes.
import type { Page } from '@playwright/test'
import { sensitiveConsentWording } from '../shared/questions'
import { axeInBothSchemes } from './support/axe'
import { linkIn as linkOf } from '../tools/smtp-inbox'
import { startConsoleServer, type ConsoleServer } from './support/console-walk'
import { expect, test } from './support/fixtures'

const admin = 'owner@company.example'
const knee = 'Sharp pain below the left kneecap'
let server: ConsoleServer
let people = 0

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(150_000)
  server = await startConsoleServer('questions', admin)
})
test.afterAll(() => server?.stop())

/** The owner signs in from the mailed link (through the console's API: the walk without JavaScript has no console). */
let cookie: string | undefined
async function consoleApi(path: string, body?: unknown): Promise<Response> {
  const send = (to: string, payload: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.origin}/api/admin${to}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: server.origin, ...headers }, body: JSON.stringify(payload) })
  if (!cookie) {
    expect((await send('/sign-in/request', { email: admin })).status).toBe(202)
    const token = new URL(linkOf(await server.inbox.next(admin, 10_000))).hash.slice('#token='.length)
    cookie = (await send('/sign-in/verify', { token })).headers.get('set-cookie')!.split(';')[0]!
    // The team defines the two questions, once.
    expect((await send('/questions', { kind: 'single', sensitive: false, wording: 'How far do you run now?', choices: ['Under 5 km', '5 to 10 km', 'More'] }, { cookie })).status).toBe(201)
    expect((await send('/questions', { kind: 'short', sensitive: true, wording: 'Any pain when you run? Where?', choices: [] }, { cookie })).status).toBe(201)
  }
  return body === undefined ? fetch(`${server.origin}/api/admin${path}`, { headers: { cookie } }) : send(path, body, { cookie })
}

/** A person joins and confirms; the welcome email's link to their place page. */
async function confirmedPerson(): Promise<{ email: string; place: string; id: number }> {
  const email = `ann.asked${++people}@example.com`
  expect((await server.post('/api/waitlist', { firstName: 'Ann', email, source: 'stride-marketing-site' })).ok).toBe(true)
  const confirm = new URL(await server.mailedLink(email, '/waitlist/confirm'))
  expect((await server.post('/api/waitlist/confirm', { token: confirm.searchParams.get('token') })).ok).toBe(true)
  const place = await server.mailedLink(email, '/waitlist/place')
  const [row] = await server.sql('SELECT id FROM signups WHERE email_normalized = ?', [email])
  return { email, place, id: Number(row!.id) }
}

async function walk(page: Page, { checkAxe }: { checkAxe: boolean }) {
  await consoleApi('/questions')
  const person = await confirmedPerson()
  await page.goto(person.place)
  await page.getByRole('link', { name: 'Answer or change your answers' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'A few questions' })).toBeVisible()
  if (checkAxe) await axeInBothSchemes(page, 'the questions page')
  const consent = page.getByRole('group', { name: sensitiveConsentWording })
  const yes = consent.getByRole('radio', { name: 'Yes, you may keep my answers to the health questions' })
  await expect(yes).not.toBeChecked()
  await expect(consent.getByRole('radio', { name: 'No, do not keep them' })).not.toBeChecked()
  await page.getByRole('group', { name: 'How far do you run now?' }).getByRole('radio', { name: 'Under 5 km' }).check()
  await yes.check()
  await page.getByRole('group', { name: 'Any pain when you run? Where?' }).getByRole('textbox').fill(knee)
  await page.getByRole('button', { name: 'Save my answers' }).click()
  await expect(page.getByRole('status')).toHaveText('Thanks: your answers are saved.')
  const stored = await server.sql('SELECT answer, answer_sealed FROM answers WHERE signup_id = ? ORDER BY question_id', [person.id])
  expect(stored.map((row) => row.answer)).toEqual(['"Under 5 km"', null])
  expect(JSON.stringify(stored)).not.toContain('kneecap')
  const record = async () => (await consoleApi(`/people/${person.id}`)).text()
  expect(await record()).toContain(knee)

  // Taken back from the place page: the health answer goes at once, the ordinary one stays.
  await page.goto(person.place)
  await page.getByRole('button', { name: 'Take back my yes and delete my health answers' }).click()
  await expect(page.getByRole('status')).toContainText('your answers to the health questions are deleted')
  expect((await server.sql('SELECT answer FROM answers WHERE signup_id = ?', [person.id])).map((row) => row.answer)).toEqual(['"Under 5 km"'])
  expect(await record()).not.toContain('kneecap')
  expect(await (await consoleApi(`/people/${person.id}/copy.json`)).text()).not.toContain('kneecap')
  expect(await (await consoleApi('/signups.csv')).text()).not.toContain('kneecap')
  expect(await server.sql('SELECT withdrawn_at FROM sensitive_consents WHERE signup_id = ?', [person.id])).toEqual([{ withdrawn_at: expect.any(String) }])
  await expect(page.getByRole('button', { name: 'Take back my yes and delete my health answers' })).toHaveCount(0)
}

test('with JavaScript: answer an ordinary and a health question with consent, then take the consent back', async ({ page }) => {
  await walk(page, { checkAxe: true })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('the same walk: the pages are forms the server answers', async ({ page }) => {
    await walk(page, { checkAxe: false })
  })
})

/** A person joins and confirms from the email's page in the browser, which offers the questions after the news
 * choice; they follow the offer and answer the ordinary question (issue 52: asked where news and updates is). */
async function answerFromConfirmedPage(page: Page, { checkAxe }: { checkAxe: boolean }) {
  await consoleApi('/questions')
  const email = `ann.confirmed${++people}@example.com`
  expect((await server.post('/api/waitlist', { firstName: 'Ann', email, source: 'stride-marketing-site' })).ok).toBe(true)
  await page.goto(await server.mailedLink(email, '/waitlist/confirm'))
  await expect(page.getByRole('region', { name: 'A few questions' })).toHaveCount(0) // never before confirmation
  await page.getByRole('button', { name: 'Confirm my email' }).click()
  const offer = page.getByRole('region', { name: 'A few questions' })
  await expect(offer).toContainText('A few optional questions help us choose who tries the app first.')
  await expect(offer).toContainText('or skip them')
  await expect(page.getByRole('region', { name: 'News and updates' })).toBeVisible()
  if (checkAxe) await axeInBothSchemes(page, 'the confirmed page with the questions offered')
  // A link with a script; a button posting back to the page without one.
  await offer.getByRole(checkAxe ? 'link' : 'button', { name: 'Answer a few questions' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'A few questions' })).toBeVisible()
  await page.getByRole('group', { name: 'How far do you run now?' }).getByRole('radio', { name: '5 to 10 km' }).check()
  await page.getByRole('button', { name: 'Save my answers' }).click()
  await expect(page.getByRole('status')).toHaveText('Thanks: your answers are saved.')
  const [row] = await server.sql('SELECT id FROM signups WHERE email_normalized = ?', [email])
  expect((await server.sql('SELECT answer FROM answers WHERE signup_id = ?', [Number(row!.id)])).map((answer) => answer.answer)).toEqual(['"5 to 10 km"'])
}

test('with JavaScript: the confirmed page offers the questions, and they are answered from there', async ({ page }) => {
  await answerFromConfirmedPage(page, { checkAxe: true })
})

test.describe('without JavaScript, from the confirmed page', () => {
  test.use({ javaScriptEnabled: false })
  test('the confirmed page a form post lands on offers the questions, and they are answered from there', async ({ page }) => {
    await answerFromConfirmedPage(page, { checkAxe: false })
  })
})
