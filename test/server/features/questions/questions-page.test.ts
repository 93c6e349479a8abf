// @vitest-environment node
// The questions as a person meets them (issue 52), on a real server, a real database (both engines) and real email:
// they confirm, open their place page from the welcome email, follow its link to the questions page, and answer
// with the page's plain form (no script): an ordinary question and, with the consent, a sensitive one. Their place
// page then offers the withdrawal, which deletes the sensitive answer at once. Each bad answer is a 400 in words
// that stores nothing; a link that does not work is refused as the news choice is; no answer reaches a log line.
import type { ParsedMail } from 'mailparser'
import { afterEach, expect, it } from 'vitest'
import { answerRefusalWords, questionRules, questionsApiPath, questionsLinkInvalidWords, sensitiveConsentWording } from '../../../../shared/questions'
import { createLogger } from '../../../../server/platform/observability/logger'
import { pageText } from '../../../utils/page-text'
import { queryDatabase, startTestServer, validSignup, type TestServer } from '../../harness'
import { inboxForFile } from '../../../utils/file-inbox'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

const inbox = inboxForFile()
let server: TestServer
afterEach(() => server?.close())

const knee = 'Sharp pain below the left kneecap'
const tokenLink = (mail: ParsedMail, path: string) => {
  const found = new RegExp(`https?://[^\\s]+${path.replaceAll('/', '\\/')}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text ?? '')
  if (!found) throw new Error(`no ${path} link in: ${mail.text}`)
  return { url: found[0], token: found[1]! }
}
const form = (fields: [string, string][]) => new URLSearchParams(fields).toString()
const postForm = (path: string, fields: [string, string][]) =>
  fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'null' }, body: form(fields), redirect: 'manual' })
const postJson = (body: unknown) => fetch(`${server.origin}${questionsApiPath}`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) })

async function confirmAndOpenPlace(email: string) {
  expect((await server.post({ ...validSignup, email })).status).toBe(200)
  const { token } = tokenLink(await inbox.next(email), '/waitlist/confirm')
  await fetch(`${server.origin}/api/waitlist/confirm`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify({ token }) })
  return tokenLink(await inbox.next(email), '/waitlist/place').url
}
const questionsLinkOf = (html: string) => {
  const found = /href="(\/waitlist\/questions\?token=[\w-]{43})"/.exec(html)
  if (!found) throw new Error('no questions link on the place page')
  return `${server.origin}${found[1]}`
}

it('asks after confirmation, keeps an ordinary and a sensitive answer with the consent, and deletes the sensitive one when it is taken back', async () => {
  const lines: string[] = []
  const log = createLogger({ level: 'trace', destination: { write: (line: string) => void lines.push(line) } })
  server = await startTestServer({ mail: { smtpUrl: inbox.url }, log })
  const by = 'team@company.example'
  const distance = await server.store.questions.define({ kind: 'single', sensitive: false, wording: 'How far do you run now?', choices: ['Under 5 km', '5 to 10 km', 'More'] }, by, new Date())
  const pain = await server.store.questions.define({ kind: 'short', sensitive: true, wording: 'Any pain when you run? Where?', choices: [] }, by, new Date())
  if (!distance.ok || !pain.ok) throw new Error('no questions')

  const placeUrl = await confirmAndOpenPlace('ann@example.com')
  const questionsUrl = questionsLinkOf(await (await fetch(placeUrl)).text())
  const page = await fetch(questionsUrl)
  expect(page.status).toBe(200)
  expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/)
  const html = await page.text()
  expect(html).not.toContain('<script')
  expect(pageText(html)).toContain(sensitiveConsentWording)
  // Neither consent button is ticked.
  expect(html).not.toMatch(/name="consent"[^>]*checked/)
  const token = /name="token" value="([\w-]{43})"/.exec(html)![1]!

  // Without the consent, the health answer is refused and nothing is kept, the ordinary one neither.
  const refused = await postForm('/waitlist/questions', [['token', token], [`q${distance.id}`, 'Under 5 km'], ['consent', 'no'], [`q${pain.id}`, knee]])
  expect(refused.status).toBe(400)
  expect(pageText(await refused.text())).toContain(answerRefusalWords['needs-consent'])
  expect(await queryDatabase(server.databaseUrl, 'SELECT * FROM answers')).toEqual([])

  const saved = await postForm('/waitlist/questions', [['token', token], [`q${distance.id}`, 'Under 5 km'], ['consent', 'yes'], [`q${pain.id}`, knee]])
  expect(saved.status).toBe(303)
  const after = pageText(await (await fetch(`${server.origin}${saved.headers.get('location')}`)).text())
  expect(after).toContain('Thanks: your answers are saved.')
  const rows = await queryDatabase(server.databaseUrl, 'SELECT question_id, answer, answer_sealed FROM answers ORDER BY question_id')
  expect(rows.map((row) => row.answer)).toEqual(['"Under 5 km"', null])
  expect(JSON.stringify(rows)).not.toContain('kneecap')
  expect((await queryDatabase(server.databaseUrl, 'SELECT version, withdrawn_at FROM sensitive_consents'))[0]).toMatchObject({ withdrawn_at: null })

  // The place page now offers the withdrawal; pressing it deletes the health answer at once.
  const place = await (await fetch(placeUrl)).text()
  expect(pageText(place)).toContain('Take back my yes and delete my health answers')
  const placeToken = /action="\/waitlist\/questions\/withdraw" method="post"><input type="hidden" name="token" value="([\w-]{43})"/.exec(place)![1]!
  const withdrawn = await postForm('/waitlist/questions/withdraw', [['token', placeToken]])
  expect(withdrawn.status).toBe(303)
  expect((await queryDatabase(server.databaseUrl, 'SELECT answer FROM answers')).map((row) => row.answer)).toEqual(['"Under 5 km"'])
  expect((await queryDatabase(server.databaseUrl, 'SELECT withdrawn_at FROM sensitive_consents'))[0]!.withdrawn_at).not.toBeNull()
  expect(pageText(await (await fetch(placeUrl)).text())).not.toContain('Take back my yes')

  // No log line carries the answer.
  expect(lines.join('\n')).not.toContain('kneecap')
})

it('refuses each bad answer with a 400 in words, stores nothing, and refuses a link that does not work', async () => {
  server = await startTestServer({ mail: { smtpUrl: inbox.url } })
  const by = 'team@company.example'
  const distance = await server.store.questions.define({ kind: 'single', sensitive: false, wording: 'How far do you run now?', choices: ['Under 5 km', 'More'] }, by, new Date())
  const note = await server.store.questions.define({ kind: 'short', sensitive: false, wording: 'Anything else?', choices: [] }, by, new Date())
  const old = await server.store.questions.define({ kind: 'single', sensitive: false, wording: 'Old?', choices: ['Yes', 'No'] }, by, new Date())
  if (!distance.ok || !note.ok || !old.ok) throw new Error('no questions')
  await server.store.questions.retire(old.id, by, new Date())
  const html = await (await fetch(questionsLinkOf(await (await fetch(await confirmAndOpenPlace('bob@example.com'))).text()))).text()
  const token = /name="token" value="([\w-]{43})"/.exec(html)![1]!

  const cases: [string, unknown][] = [
    [answerRefusalWords['unknown-question'], [{ questionId: 987_654, answer: 'Yes' }]],
    [answerRefusalWords.retired, [{ questionId: old.id, answer: 'Yes' }]],
    [answerRefusalWords['too-long'], [{ questionId: note.id, answer: 'x'.repeat(questionRules.answerMaxLength + 1) }]],
    [answerRefusalWords['not-offered'], [{ questionId: distance.id, answer: 'Marathons' }]],
  ]
  for (const [words, answers] of cases) {
    const refused = await postJson({ token, answers })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ ok: false, message: words })
  }
  // The page's form too, with a good answer beside the bad one.
  const formRefused = await postForm('/waitlist/questions', [['token', token], [`q${note.id}`, 'Fine'], [`q${distance.id}`, 'Marathons']])
  expect(formRefused.status).toBe(400)
  expect(pageText(await formRefused.text())).toContain(answerRefusalWords['not-offered'])
  expect(await queryDatabase(server.databaseUrl, 'SELECT * FROM answers')).toEqual([])

  // Skipping is one empty save, or no save at all; a good JSON answer is kept.
  expect(await (await postJson({ token, answers: [] })).json()).toEqual({ ok: true, saved: 0 })
  expect(await (await postJson({ token, answers: [{ questionId: distance.id, answer: 'More' }] })).json()).toEqual({ ok: true, saved: 1 })

  // A link that does not work: refused with words, as the news choice is.
  const unknown = await postJson({ token: 'A'.repeat(43), answers: [] })
  expect(unknown.status).toBe(404)
  expect(await unknown.json()).toEqual({ ok: false, message: questionsLinkInvalidWords })
  expect((await fetch(`${server.origin}/waitlist/questions?token=${'B'.repeat(43)}`)).status).toBe(404)
})
