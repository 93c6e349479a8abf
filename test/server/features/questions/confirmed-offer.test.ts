// @vitest-environment node
// The questions are offered where news and updates are asked (issue 52): with a confirmation that worked, and only
// while a question is asked. A script's confirmation gets `questionsToken` in its JSON; a browser's own form post
// lands on the confirmed page with `&questions=…` beside the news choice's token. The token is the questions page's
// own (hashed in the database, a day long), and it opens that page. A confirmation that failed offers nothing.
import { createHash } from 'node:crypto'
import { afterEach, expect, it } from 'vitest'
import { questionRules } from '../../../../shared/questions'
import { queryDatabase, startTestServer, validSignup, type TestServer } from '../../harness'
import { inboxForFile } from '../../../utils/file-inbox'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

const inbox = inboxForFile()
let server: TestServer
afterEach(() => server?.close())

const aToken = /^[A-Za-z0-9_-]{43}$/
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

async function confirmToken(email: string) {
  expect((await server.post({ ...validSignup, email })).status).toBe(200)
  const found = /\/waitlist\/confirm\?token=([A-Za-z0-9_-]{43})/.exec((await inbox.next(email)).text ?? '')
  if (!found) throw new Error('no confirmation link')
  return found[1]!
}
const confirmByScript = (token: string) =>
  fetch(`${server.origin}/api/waitlist/confirm`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify({ token }) })
const confirmByForm = (token: string) =>
  fetch(`${server.origin}/waitlist/confirm?token=${token}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'null' }, body: '', redirect: 'manual' })
const defineQuestion = () => server.store.questions.define({ kind: 'single', sensitive: false, wording: 'How far do you run now?', choices: ['Under 5 km', 'More'] }, 'team@company.example', new Date())

it('offers no questions with a confirmation while none is asked', async () => {
  server = await startTestServer({ mail: { smtpUrl: inbox.url } })
  const reply = (await (await confirmByScript(await confirmToken('ann@example.com'))).json()) as Record<string, unknown>
  expect(reply).toMatchObject({ ok: true, nextToken: expect.stringMatching(aToken) })
  expect(reply).not.toHaveProperty('questionsToken')
  const landed = await confirmByForm(await confirmToken('bob@example.com'))
  expect(landed.headers.get('location')).toMatch(/^\/waitlist\/confirmed\?token=[\w-]{43}$/)
  expect(await queryDatabase(server.databaseUrl, "SELECT * FROM consent_tokens WHERE purpose = 'questions'")).toEqual([])
})

it('offers the questions page with a confirmation that worked, by script and by a form post, with a token of its own', async () => {
  server = await startTestServer({ mail: { smtpUrl: inbox.url } })
  const question = await defineQuestion()
  if (!question.ok) throw new Error('no question')
  const started = Date.now()

  const reply = (await (await confirmByScript(await confirmToken('cat@example.com'))).json()) as { questionsToken: string; nextToken: string }
  expect(reply.questionsToken).toMatch(aToken)
  expect(reply.questionsToken).not.toBe(reply.nextToken)
  const [row] = await queryDatabase(server.databaseUrl, "SELECT token_hash, expires_at FROM consent_tokens WHERE purpose = 'questions'")
  expect(row?.token_hash).toBe(sha256(reply.questionsToken))
  const lasts = new Date(String(row?.expires_at)).getTime() - started
  expect(lasts).toBeGreaterThan(questionRules.linkLifetimeMs - 60_000)
  expect(lasts).toBeLessThanOrEqual(questionRules.linkLifetimeMs + 60_000)
  const page = await fetch(`${server.origin}/waitlist/questions?token=${reply.questionsToken}`)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('How far do you run now?')

  const landed = await confirmByForm(await confirmToken('dan@example.com'))
  expect(landed.status).toBe(303)
  const confirmedPage = landed.headers.get('location') ?? ''
  const found = /^\/waitlist\/confirmed-questions\?token=[\w-]{43}&questions=([\w-]{43})$/.exec(confirmedPage)
  expect(found).not.toBeNull()
  // The page's form to open the questions posts back to the page's address, and lands on the questions page.
  const opened = await fetch(`${server.origin}${confirmedPage}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'null' }, body: 'open=questions', redirect: 'manual' })
  expect(opened.status).toBe(303)
  expect(opened.headers.get('location')).toBe(`/waitlist/questions?token=${found![1]}`)
  expect((await fetch(`${server.origin}${opened.headers.get('location')}`)).status).toBe(200)

  // A link that does not work confirms nothing and offers nothing.
  const refused = (await (await confirmByScript('x'.repeat(43))).json()) as Record<string, unknown>
  expect(refused).toMatchObject({ ok: false })
  expect(refused).not.toHaveProperty('questionsToken')
  expect(await queryDatabase(server.databaseUrl, "SELECT * FROM consent_tokens WHERE purpose = 'questions'")).toHaveLength(2)
})
