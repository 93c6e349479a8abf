// @vitest-environment node
// The console's questions (issue 52) on a real server, both engines: an owner defines, edits and retires questions,
// each change audited; the people role manages them too, a sender may not; the counts never carry an answer, and a
// member without people:read reads a count under 5 as words. A sensitive answer reaches a member only with
// answers:sensitive:read (owners): the person's page, the console's copy of their data (audited as holding them),
// and never the people CSV.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { QuestionRow, QuestionsReply } from '../../../../shared/questions'
import type { PersonReply } from '../../../../shared/person-record'
import { adminEmail, startAdminServer, type AdminTestServer } from '../../admin-harness'
import { queryDatabase } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'
import { answeredPerson } from './answered-person'

runsOnBothEngines()

const knee = 'Sharp pain below the left kneecap'

describe('the console’s questions', () => {
  let server: AdminTestServer
  let owner: string
  beforeEach(async () => {
    server = await startAdminServer()
    owner = await server.signIn()
  })
  afterEach(() => server.close())

  const send = (cookie: string, method: string, path: string, body?: unknown) =>
    server.request(`/api/admin${path}`, { method, cookie, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  const json = async <T>(response: Response) => (await response.json()) as T

  const answered = (email: string, distanceId: number, painId: number) =>
    answeredPerson(server.store, email, [{ questionId: distanceId, answer: 'Under 5 km' }, { questionId: painId, answer: knee }])

  it('defines, edits and retires questions, audited, and shows counts only', async () => {
    const made = await send(owner, 'POST', '/questions', { kind: 'single', sensitive: false, wording: 'How far do you run now?', choices: ['Under 5 km', 'More'] })
    expect(made.status).toBe(201)
    const distance = (await json<{ question: QuestionRow }>(made)).question
    expect(distance).toMatchObject({ kind: 'single', version: 1, state: 'asked', answered: 0, chosen: { 'Under 5 km': 0, More: 0 } })
    const pain = (await json<{ question: QuestionRow }>(await send(owner, 'POST', '/questions', { kind: 'short', sensitive: true, wording: 'Any pain when you run?', choices: [] }))).question
    const refused = await send(owner, 'POST', '/questions', { kind: 'single', sensitive: false, wording: 'Pick', choices: ['Only one'] })
    expect(refused.status).toBe(400)
    expect((await json<{ message: string }>(refused)).message).toBe('A choice question offers from 2 to 12 choices.')

    const id = await answered('ann@example.com', distance.id, pain.id)
    const edited = await json<{ question: QuestionRow }>(await send(owner, 'POST', `/questions/${distance.id}`, { wording: 'How far do you run in a week?', choices: ['Under 5 km', 'More'] }))
    expect(edited.question).toMatchObject({ version: 2, answered: 1, chosen: { 'Under 5 km': 1, More: 0 } })
    // The person's answer keeps the wording it answered.
    const person = await json<PersonReply>(await send(owner, 'GET', `/people/${id}`))
    expect(person.person.answers.given.find((given) => given.questionId === distance.id)).toMatchObject({ version: 1, wording: 'How far do you run now?' })
    expect((await send(owner, 'POST', `/questions/${pain.id}/retire`, {})).status).toBe(200)
    expect((await send(owner, 'POST', `/questions/${pain.id}/retire`, {})).status).toBe(404)

    const list = await send(owner, 'GET', '/questions')
    const text = await list.text()
    expect(text).not.toContain('kneecap')
    expect((JSON.parse(text) as QuestionsReply).questions.map((question) => [question.id, question.state, question.answered])).toEqual([
      [distance.id, 'asked', 1],
      [pain.id, 'retired', 1],
    ])
    const audit = await queryDatabase(server.databaseUrl, "SELECT actor, action, detail FROM admin_audit WHERE action LIKE '%question%' ORDER BY id")
    expect(audit).toEqual([
      { actor: adminEmail, action: 'define-question', detail: `question #${distance.id}` },
      { actor: adminEmail, action: 'define-question', detail: `question #${pain.id} (sensitive)` },
      { actor: adminEmail, action: 'edit-question', detail: `question #${distance.id}: version 2` },
      { actor: adminEmail, action: 'retire-question', detail: `question #${pain.id}` },
    ])
  })

  it('gives sensitive answers to answers:sensitive:read only, and never in the people CSV', async () => {
    const distance = (await json<{ question: QuestionRow }>(await send(owner, 'POST', '/questions', { kind: 'single', sensitive: false, wording: 'How far?', choices: ['Under 5 km', 'More'] }))).question
    const pain = (await json<{ question: QuestionRow }>(await send(owner, 'POST', '/questions', { kind: 'short', sensitive: true, wording: 'Any pain?', choices: [] }))).question
    const id = await answered('bea@example.com', distance.id, pain.id)
    const people = await server.joinTeam(owner, 'pia@company.example', 'people')
    const sender = await server.joinTeam(owner, 'sam@company.example', 'sender')

    // The people role manages the questions; a sender may not; the sender's counts would be words under 5 anyway.
    expect((await send(people, 'GET', '/questions')).status).toBe(200)
    expect((await send(sender, 'GET', '/questions')).status).toBe(403)
    // A sender starts waves, whose rules name a choice question: the choice questions asked now, words only, no count.
    const asked = await send(sender, 'GET', '/questions/asked')
    expect(asked.status).toBe(200)
    expect(await json<{ questions: unknown[] }>(asked)).toEqual({
      ok: true,
      questions: [{ id: distance.id, version: 1, kind: 'single', sensitive: false, wording: 'How far?', choices: ['Under 5 km', 'More'] }],
    })
    const viewer = await server.joinTeam(owner, 'vic@company.example', 'viewer')
    expect((await send(viewer, 'GET', '/questions/asked')).status).toBe(403)

    const ownerPage = await (await send(owner, 'GET', `/people/${id}`)).text()
    expect(ownerPage).toContain(knee)
    const peoplePage = await send(people, 'GET', `/people/${id}`)
    const peopleText = await peoplePage.text()
    expect(peopleText).not.toContain('kneecap')
    expect((JSON.parse(peopleText) as PersonReply).person.answers.given.map((given) => [given.wording, given.answer])).toEqual([
      ['How far?', 'Under 5 km'],
      ['Any pain?', null],
    ])

    expect(await (await send(people, 'GET', `/people/${id}/copy.json`)).text()).not.toContain('kneecap')
    expect(await (await send(owner, 'GET', `/people/${id}/copy.json`)).text()).toContain(knee)
    const exports = await queryDatabase(server.databaseUrl, "SELECT actor, detail FROM admin_audit WHERE action = 'export' ORDER BY id")
    expect(exports).toEqual([
      { actor: 'pia@company.example', detail: `copy of signup #${id}'s data` },
      { actor: adminEmail, detail: `copy of signup #${id}'s data, with their sensitive answers` },
    ])

    for (const cookie of [owner, people]) expect(await (await send(cookie, 'GET', '/signups.csv')).text()).not.toContain('kneecap')
  })
})
