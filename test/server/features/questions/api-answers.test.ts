// @vitest-environment node
// A person's answers through /api/v1 (issue 52) on a real server, both engines: answers:read gives the ordinary
// ones; the health ones need answers:sensitive:read, which a key holds only when chosen, and every call that reads
// them is one audit line naming the key and the signup, never the address or an answer. A key without the scope is
// refused as any other.
import { afterEach, beforeEach, expect, it } from 'vitest'
import { apiV1Base, type ApiScope, type MadeApiKey } from '../../../../shared/api-keys'
import type { PersonAnswer } from '../../../../shared/questions'
import { adminEmail, startAdminServer, type AdminTestServer } from '../../admin-harness'
import { queryDatabase } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

let server: AdminTestServer
let cookie: string
beforeEach(async () => {
  server = await startAdminServer()
  cookie = await server.signIn()
})
afterEach(() => server.close())

const makeKey = async (name: string, scopes: ApiScope[]) => (await (await server.request('/api/admin/api-keys', { method: 'POST', cookie, body: JSON.stringify({ name, scopes }) })).json()) as MadeApiKey
const answersOf = (key: string, email: string) =>
  fetch(`${server.origin}${apiV1Base}/people/answers`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify({ email }) })

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
