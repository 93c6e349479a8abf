// @vitest-environment node
// The console's summary says how the outbox stands (issue 20): how many emails wait and how old the oldest is,
// from the outbox store's stats, the read the metrics' gauges make too. The console's harness runs no
// outbox sender, so every confirmation a signup queues stays waiting.
import { afterEach, expect, it } from 'vitest'
import { startAdminServer, type AdminTestServer } from '../../admin-harness'
import { validSignup } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

let server: AdminTestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

it('counts the emails waiting and gives the oldest one’s age in whole seconds, on the console’s clock', async () => {
  server = await startAdminServer()
  const cookie = await server.signIn()
  const outbox = async () => ((await (await server!.request('/api/admin/summary', { cookie })).json()) as { outbox: unknown }).outbox
  expect(await outbox()).toEqual({ waiting: 0, oldestSeconds: null })

  for (const email of ['one@example.com', 'two@example.com']) {
    const response = await server.request('/api/waitlist', { method: 'POST', body: JSON.stringify({ ...validSignup, email }), headers: { 'content-type': 'text/plain' } })
    expect(response.status).toBe(200)
  }
  const now = (await outbox()) as { waiting: number; oldestSeconds: number }
  expect(now.waiting).toBe(2)
  expect(now.oldestSeconds).toBeGreaterThanOrEqual(0)
  expect(now.oldestSeconds).toBeLessThan(5)

  server.clock.offsetMs = 4 * 60_000
  expect(await outbox()).toEqual({ waiting: 2, oldestSeconds: expect.toSatisfy((seconds: number) => seconds >= 240 && seconds < 245) })

  // A sent (or skipped, or failed) email waits no more.
  await server.store.database.db.updateTable('outbox').set({ finished_at: new Date().toISOString(), outcome: 'sent' }).execute()
  expect(await outbox()).toEqual({ waiting: 0, oldestSeconds: null })
})
