// @vitest-environment node
// The team sees the suppression list (issue 49): the person's page says suppressed, why and when; the list shows each
// entry with its reason and its person; a member with suppressions:manage lifts one, audited; one without is refused.
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { PersonReply } from '../../../../shared/person-record'
import type { SuppressionsReply } from '../../../../shared/suppression'
import { canonicalAddress } from '../../../../shared/mailbox'
import { startAdminServer, type AdminTestServer } from '../../admin-harness'
import { validSignup } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

let server: AdminTestServer
beforeAll(async () => {
  server = await startAdminServer()
})
afterAll(() => server.close())

it('shows an entry on the list and on its person page, lifts it with the permission, audited, and refuses it without', async () => {
  const owner = await server.signIn()
  await server.store.add({ ...validSignup, email: 'ann@example.com', emailNormalized: canonicalAddress('ann@example.com')!, submissionId: null })
  await server.store.suppressions.record({ address: 'ann@example.com', kind: 'hard', source: 'postmark', words: '550 5.1.1 unknown user' }, new Date())
  await server.store.suppressions.record({ address: 'stranger@example.com', kind: 'complaint', source: 'ses', words: 'abuse' }, new Date())

  const listed = (await (await server.request('/api/admin/suppressions', { cookie: owner })).json()) as SuppressionsReply
  const ann = listed.entries.find((entry) => entry.email === 'ann@example.com')
  expect(ann).toMatchObject({ reason: 'hard-bounce', source: 'postmark', words: '550 5.1.1 unknown user' })
  expect(ann?.personId).toEqual(expect.any(Number))
  expect(listed.entries.find((entry) => entry.email === 'stranger@example.com')?.personId).toBeNull()

  const page = (await (await server.request(`/api/admin/people/${ann!.personId}`, { cookie: owner })).json()) as PersonReply
  expect(page.person.suppression).toMatchObject({ reason: 'hard-bounce', source: 'postmark' })

  // A sender may not lift (nor even read the list: it shows addresses).
  const sender = await server.joinTeam(owner, 'sender@company.example', 'sender')
  expect((await server.request('/api/admin/suppressions/lift', { method: 'POST', cookie: sender, body: JSON.stringify({ email: 'ann@example.com' }) })).status).toBe(403)
  expect((await server.request('/api/admin/suppressions', { cookie: sender })).status).toBe(403)
  expect(await server.store.suppressions.suppressionOf('ann@example.com')).toBeDefined()

  const lifted = await server.request('/api/admin/suppressions/lift', { method: 'POST', cookie: owner, body: JSON.stringify({ email: 'ANN@example.com' }) })
  expect(lifted.status).toBe(200)
  expect(await server.store.suppressions.suppressionOf('ann@example.com')).toBeUndefined()
  const again = await server.request('/api/admin/suppressions/lift', { method: 'POST', cookie: owner, body: JSON.stringify({ email: 'ann@example.com' }) })
  expect(again.status).toBe(404)
  const after = (await (await server.request(`/api/admin/people/${ann!.personId}`, { cookie: owner })).json()) as PersonReply
  expect(after.person.suppression).toBeNull()

  // By hand, too, and both audited with who and which address.
  expect((await server.request('/api/admin/suppressions', { method: 'POST', cookie: owner, body: JSON.stringify({ email: 'bob@example.com' }) })).status).toBe(200)
  expect(await server.store.suppressions.suppressionOf('bob@example.com')).toMatchObject({ reason: 'manual', source: 'console' })
  const audit = await server.store.database.db.selectFrom('admin_audit').select(['actor', 'action', 'detail']).where('action', 'in', ['lift-suppression', 'suppress']).orderBy('id').execute()
  expect(audit).toEqual([
    { actor: 'team@company.example', action: 'lift-suppression', detail: 'ann@example.com' },
    { actor: 'team@company.example', action: 'suppress', detail: 'bob@example.com' },
  ])
})
