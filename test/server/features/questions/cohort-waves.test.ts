// @vitest-environment node
// A wave of "the next N in line whose answers match" (issue 52) on a real server, both engines: the team previews
// the cohort (how many match, before the send) and starts it, and exactly the matching people, the first in line
// among them, are invited, a sensitive rule included. A member who may not see people gets the counts only, no one
// of the cohort, and no count under 5; a rule on a question not asked is refused in words.
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { CohortNextUp } from '../../../../shared/launch-rows'
import { adminEmail, startAdminServer, type AdminTestServer } from '../../admin-harness'
import { queryDatabase } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

let server: AdminTestServer
let owner: string
beforeEach(async () => {
  server = await startAdminServer({ inviteUrl: 'https://testflight.apple.com/join/AbCdEfGh' })
  owner = await server.signIn()
})
afterEach(() => server.close())

const send = (cookie: string, method: string, path: string, body?: unknown) =>
  server.request(`/api/admin${path}`, { method, cookie, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })

it('invites the next N in line whose answers match, and shows the count before the send', async () => {
  const by = adminEmail
  const distance = await server.store.questions.define({ kind: 'single', sensitive: false, wording: 'How far do you run now?', choices: ['Under 5 km', 'More'] }, by, new Date())
  const knee = await server.store.questions.define({ kind: 'single', sensitive: true, wording: 'Does a knee hurt when you run?', choices: ['Yes', 'No'] }, by, new Date())
  if (!distance.ok || !knee.ok) throw new Error('no questions')
  // Ten people in line, in order; 1, 3, 4, 6, 8, 9 and 10 run under 5 km with a sore knee; 2 and 5 run more; 7 has no sore knee.
  const ids: number[] = []
  for (let n = 1; n <= 10; n++) {
    const email = `runner.${n}@example.com`
    await server.store.add({ email, emailNormalized: email, firstName: `Runner ${n}`, source: 'test', submissionId: null })
    const { id } = await server.store.database.db.selectFrom('signups').select('id').where('email_normalized', '=', email).executeTakeFirstOrThrow()
    ids.push(id)
  }
  for (const [index, id] of ids.entries()) {
    const n = index + 1
    await server.store.database.db.updateTable('signups').set({ status: 'confirmed', confirmed_at: new Date().toISOString(), confirm_seq: n, line_score: n }).where('id', '=', id).execute()
    const answers = [{ questionId: distance.id, answer: n === 2 || n === 5 ? 'More' : 'Under 5 km' }, { questionId: knee.id, answer: n === 7 ? 'No' : 'Yes' }]
    expect(await server.store.questions.answer(id, answers, new Date(), { giveConsent: true })).toEqual({ ok: true, saved: 2 })
  }
  const match = [
    { questionId: distance.id, choices: ['Under 5 km'] },
    { questionId: knee.id, choices: ['Yes'] },
  ]
  const query = `/waves/next?count=5&match=${encodeURIComponent(JSON.stringify(match))}`

  const preview = (await (await send(owner, 'GET', query)).json()) as CohortNextUp
  expect(preview).toMatchObject({ count: 5, waiting: 7, matching: 7 })
  expect(preview.people.map((person) => person.firstName)).toEqual(['Runner 1', 'Runner 3', 'Runner 4', 'Runner 6', 'Runner 8'])

  // A sender may not see people: the counts, no one of the cohort; and a cohort of fewer than 5, not at all.
  const sender = await server.joinTeam(owner, 'sam@company.example', 'sender')
  const senderPreview = (await (await send(sender, 'GET', query)).json()) as CohortNextUp
  expect(senderPreview).toMatchObject({ count: 5, matching: 7, people: [] })
  const small = await send(sender, 'GET', `/waves/next?count=5&match=${encodeURIComponent(JSON.stringify([{ questionId: distance.id, choices: ['More'] }]))}`)
  expect(small.status).toBe(400)
  expect(((await small.json()) as { message: string }).message).toBe('Fewer than 5 people in line match. A member who may see people can invite so small a cohort.')
  const wrong = await send(owner, 'GET', `/waves/next?count=5&match=${encodeURIComponent(JSON.stringify([{ questionId: distance.id, choices: ['Marathons'] }]))}`)
  expect(wrong.status).toBe(400)

  const started = await send(owner, 'POST', '/waves', { count: 5, firstId: preview.people[0]!.id, match })
  expect(started.status).toBe(200)
  const invited = await queryDatabase(server.databaseUrl, 'SELECT signup_id FROM invitations ORDER BY signup_id')
  expect(invited.map((row) => Number(row.signup_id))).toEqual([1, 3, 4, 6, 8].map((n) => ids[n - 1]))
  const audit = await queryDatabase(server.databaseUrl, "SELECT detail FROM admin_audit WHERE action = 'start-wave'")
  expect(audit).toEqual([{ detail: expect.stringMatching(/: 5 invited whose answers matched$/) }])
  // The next preview of the same cohort finds the two left.
  expect(((await (await send(owner, 'GET', query)).json()) as CohortNextUp).people.map((person) => person.firstName)).toEqual(['Runner 9', 'Runner 10'])
})
