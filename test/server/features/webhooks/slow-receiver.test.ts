// @vitest-environment node
// One slow receiver holds nobody else back (issue 45, case 7), on both engines, with real receivers on 127.0.0.1:
// a receiver that never answers until the test releases it, and the deliverer's own timeout far away, so only
// the lanes (webhook-deliverer.ts) can let the healthy receiver have its events meanwhile. Issue 45 measured the
// healthy receiver's 3 events at 0.7, 8.8 and 8.9 s, behind a receiver that timed out at 10 s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consentApi } from '../../../../shared/consent-paths'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { until } from '../../../../tools/until'
import { webhooksPerTest, type WebhookServer } from './webhook-harness'

describe.each(eachEngine())('a slow receiver on $engine', (engine: EngineUnderTest) => {
  let server: WebhookServer
  const webhooks = webhooksPerTest()
  beforeAll(() => engine.setup(), 60_000)
  afterAll(() => engine.teardown(), 60_000)
  const receiver = webhooks.receiver

  it('delays only its own deliveries: another endpoint gets every event while it still holds its first', async () => {
    server = await webhooks.start({ databaseUrl: await engine.newDatabase(), timeoutMs: 10 * 60_000 })
    const slow = await receiver()
    const healthy = await receiver()
    slow.hold()
    const cookie = await server.signIn()
    for (const hooks of [slow, healthy]) await server.addEndpoint(cookie, hooks.url, ['signup.confirmed'])

    const people = ['ann@example.com', 'bob@example.com', 'cat@example.com']
    for (const email of people) {
      await server.signUp(email)
      const { token } = await server.linkFor(email, '/waitlist/confirm')
      expect((await server.postJson(consentApi.confirm, { token })).ok).toBe(true)
      // The first is in the slow receiver's hands before the others are queued.
      if (email === people[0]) await slow.waitFor(1, 'the slow receiver holding the first event')
    }
    await healthy.waitFor(3, 'the healthy receiver’s 3 events while the slow one holds its first')
    expect(healthy.received.map((request) => (JSON.parse(request.body) as { data: { person: { email: string } } }).data.person.email).sort()).toEqual(people)
    expect(slow.held()).toBeGreaterThan(0)

    // Released, the slow receiver gets the rest too.
    slow.release()
    await slow.waitFor(3, 'the slow receiver’s 3 events once it answers')
    await until(
      async () => (await server.store.database.db.selectFrom('webhook_deliveries').select('status').where('status', '!=', 'delivered').execute()).length === 0,
      10_000,
      'every delivery recorded',
    )
  })
})
