// @vitest-environment node
// Two instances of the server on one PostgreSQL (a throwaway cluster this file starts), as behind a load balancer
// (issue 46): a member's session works on both; an owner removes them through instance A, and their very next
// request on instance B is refused, as is a change of role that B learns of at the next request too. Nothing is
// cached on an instance: each request reads the member from the database.
import { adminApiBase } from '../../../../shared/console-api'
import { silentLogger } from '../../../../server/platform/observability/logger'
import { postgresForFile } from '../../../utils/postgres-for-file'
import { adminEmail, startAdminServer, type AdminTestServer } from '../../admin-harness'
import { onlyOn } from '../../../utils/store-suite'

onlyOn('postgres', 'several instances on one database, which only PostgreSQL serves; this file starts a cluster of its own')

const postgres = postgresForFile()

it('refuses a member removed through one instance at their next request on the other', async () => {
  const databaseUrl = await postgres.cluster.createDatabase()
  const a = postgres.keep(await startAdminServer({ databaseUrl, adminEmails: adminEmail, log: silentLogger }))
  const b = postgres.keep(await startAdminServer({ databaseUrl, adminEmails: adminEmail, log: silentLogger }))
  const owner = await a.signIn()
  const member = await a.joinTeam(owner, 'pat@company.example', 'people')
  const on = (server: AdminTestServer, path: string, cookie: string, body?: unknown) =>
    server.request(`${adminApiBase}${path}`, body === undefined ? { cookie } : { method: 'POST', cookie, body: JSON.stringify(body) })

  expect((await on(b, '/signups', member)).status).toBe(200)
  expect((await on(a, '/team/role', owner, { email: 'pat@company.example', role: 'viewer' })).status).toBe(200)
  expect((await on(b, '/signups', member)).status).toBe(403)
  expect((await on(a, '/team/remove', owner, { email: 'pat@company.example' })).status).toBe(200)
  expect((await on(b, '/summary', member)).status).toBe(401)
  expect((await on(a, '/summary', member)).status).toBe(401)
  expect((await on(b, '/summary', owner)).status).toBe(200)
}, 60_000)
