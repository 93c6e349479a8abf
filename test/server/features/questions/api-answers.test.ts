// @vitest-environment node
// A person's answers through /api/v1 (issue 52) on a real server, both engines: answers:read gives the ordinary
// ones; the health ones need answers:sensitive:read, which a key holds only when chosen, and every call that reads
// them is one audit line naming the key and the signup, never the address or an answer. A key without the scope is
// refused as any other. Every reply the test got, under either scope and refused, is then held to the OpenAPI
// document the server serves (test/utils/openapi-replies.ts, ajv, as api-v1.test.ts does for the other routes).
import { afterEach, beforeEach, expect, it } from 'vitest'
import { apiV1Base, type ApiScope, type MadeApiKey } from '../../../../shared/api-keys'
import type { PersonAnswer } from '../../../../shared/questions'
import { adminEmail, startAdminServer, type AdminTestServer } from '../../admin-harness'
import { queryDatabase } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'
import { openApiReplies, type ApiReply } from '../../../utils/openapi-replies'
import { answeredPerson } from './answered-person'

runsOnBothEngines()

let server: AdminTestServer
let cookie: string
/** Every reply of POST /people/answers, with the scopes of the key that asked, for the document's check. */
let replies: (ApiReply & { scopes: string })[] = []
beforeEach(async () => {
  replies = []
  server = await startAdminServer()
  cookie = await server.signIn()
})
afterEach(() => server.close())

const makeKey = async (name: string, scopes: ApiScope[]) => {
  const made = (await (await server.request('/api/admin/api-keys', { method: 'POST', cookie, body: JSON.stringify({ name, scopes }) })).json()) as MadeApiKey
  keyScopes.set(made.secret, scopes.join(' '))
  return made
}
const keyScopes = new Map<string, string>()
const answersOf = async (key: string, email: unknown) => {
  const response = await fetch(`${server.origin}${apiV1Base}/people/answers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ email }),
  })
  replies.push({ route: '/people/answers', status: response.status, body: await response.clone().json(), scopes: keyScopes.get(key) ?? 'no key' })
  return response
}

it('gives ordinary answers under answers:read, and health answers only under their own scope, audited per call', async () => {
  const distance = await server.store.questions.define({ kind: 'single', sensitive: false, wording: 'How far?', choices: ['Under 5 km', 'More'] }, adminEmail, new Date())
  const pain = await server.store.questions.define({ kind: 'short', sensitive: true, wording: 'Any pain?', choices: [] }, adminEmail, new Date())
  if (!distance.ok || !pain.ok) throw new Error('no questions')
  const email = 'ann@example.com'
  await server.store.add({ email, emailNormalized: email, firstName: 'Ann', source: 'test', submissionId: null })
  await server.store.database.db.updateTable('signups').set({ status: 'confirmed', confirmed_at: new Date().toISOString() }).where('email_normalized', '=', email).execute()
  const { id } = await server.store.database.db.selectFrom('signups').select('id').where('email_normalized', '=', email).executeTakeFirstOrThrow()
  await server.store.questions.answer(id, [{ questionId: distance.id, answer: 'More' }, { questionId: pain.id, answer: 'Left knee' }], new Date(), { giveConsent: true })

  const lookUpOnly = await makeKey('lookups', ['people:read'])
  expect((await answersOf(lookUpOnly.secret, email)).status).toBe(403)

  const ordinary = await makeKey('cohorts', ['answers:read'])
  const plain = await answersOf(ordinary.secret, 'Ann@Example.com')
  expect(plain.status).toBe(200)
  const plainText = await plain.text()
  expect(plainText).not.toContain('Left knee')
  expect((JSON.parse(plainText) as { answers: PersonAnswer[] }).answers.map((answer) => [answer.wording, answer.answer])).toEqual([['How far?', 'More']])
  expect((await answersOf(ordinary.secret, 'nobody@example.com')).status).toBe(404)

  const health = await makeKey('coach', ['answers:read', 'answers:sensitive:read'])
  for (let call = 0; call < 2; call++) {
    const both = (await (await answersOf(health.secret, email)).json()) as { answers: PersonAnswer[] }
    expect(both.answers.map((answer) => answer.answer)).toEqual(['More', 'Left knee'])
  }
  const audit = await queryDatabase(server.databaseUrl, "SELECT detail FROM admin_audit WHERE action = 'use-api-key' AND detail LIKE '%sensitive%'")
  expect(audit).toEqual([{ detail: `"coach" read the sensitive answers of signup #${id}` }, { detail: `"coach" read the sensitive answers of signup #${id}` }])
  expect(JSON.stringify(await queryDatabase(server.databaseUrl, 'SELECT * FROM admin_audit'))).not.toContain('Left knee')
})

it('answers POST /people/answers, under either scope and when it refuses, as its OpenAPI document says', async () => {
  const distance = await server.store.questions.define({ kind: 'several', sensitive: false, wording: 'Which devices?', choices: ['iPhone', 'Garmin'] }, adminEmail, new Date())
  const pain = await server.store.questions.define({ kind: 'single', sensitive: true, wording: 'Does a knee hurt?', choices: ['Yes', 'No'] }, adminEmail, new Date())
  if (!distance.ok || !pain.ok) throw new Error('no questions')
  const email = 'bea@example.com'
  await answeredPerson(server.store, email, [{ questionId: distance.id, answer: ['iPhone', 'Garmin'] }, { questionId: pain.id, answer: 'Yes' }], 'Bea')

  const ordinary = await makeKey('cohorts', ['answers:read'])
  const health = await makeKey('coach', ['answers:read', 'answers:sensitive:read'])
  const lookUpOnly = await makeKey('lookups', ['people:read'])
  expect((await answersOf(ordinary.secret, email)).status).toBe(200)
  expect((await answersOf(health.secret, email)).status).toBe(200)
  expect((await answersOf(ordinary.secret, 'nobody@example.com')).status).toBe(404)
  expect((await answersOf(health.secret, 42)).status).toBe(400)
  expect((await answersOf(lookUpOnly.secret, email)).status).toBe(403)
  expect((await answersOf('sk_live_not-a-key', email)).status).toBe(401)
  // A health answer this server can no longer open is null, which the document allows too.
  await server.store.database.db.updateTable('answers').set({ answer_sealed: 'v1.AAAA' }).where('answer_sealed', 'is not', null).execute()
  const unreadable = await answersOf(health.secret, email)
  expect(((await unreadable.json()) as { answers: PersonAnswer[] }).answers.map((answer) => answer.answer)).toEqual([['iPhone', 'Garmin'], null])

  const { problemOf } = await openApiReplies(server.origin)
  for (const reply of replies) expect(problemOf(reply), `${reply.scopes}: ${JSON.stringify(reply.body)}`).toBeUndefined()
  expect([...new Set(replies.map((reply) => `${reply.status} ${reply.scopes}`))].sort()).toEqual(
    ['200 answers:read', '200 answers:read answers:sensitive:read', '400 answers:read answers:sensitive:read', '401 no key', '403 people:read', '404 answers:read'].sort(),
  )
  // The check can fail: a reply the document does not allow is caught.
  expect(problemOf({ route: '/people/answers', status: 200, body: { answers: [{ questionId: 1, version: 1, wording: 'x', kind: 'single', sensitive: false, answer: 5, answeredAt: 'now' }] } })).toMatch(/^\/people\/answers 200: /)
  expect(problemOf({ route: '/people/answers', status: 418, body: {} })).toBe('/people/answers 418 is not in the document')
})
