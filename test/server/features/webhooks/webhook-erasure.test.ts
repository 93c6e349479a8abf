// @vitest-environment node
// An erasure reaches every copy the webhooks made (issue 45), on both engines, with real receivers on 127.0.0.1:
// the replies the delivery log keeps (a receiver may echo what it got) are cleared with the bodies.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { consentApi } from '../../../../shared/consent-paths'
import { postgresEngine, sqliteEngine, type EngineUnderTest } from '../../../utils/engines'
import { until } from '../../../utils/until'
import { startReceiver, type Receiver } from '../../../utils/webhook-receiver'
import { startWebhookServer, type WebhookServer } from './webhook-harness'

describe.each([sqliteEngine(), postgresEngine()])('an erasure and the webhooks on $engine', (engine: EngineUnderTest) => {
  let server: WebhookServer
  const receivers: Receiver[] = []
  beforeAll(() => engine.setup(), 60_000)
  afterAll(() => engine.teardown(), 60_000)
  afterEach(async () => {
    await server?.close()
    for (const receiver of receivers.splice(0)) await receiver.close()
  })
  const receiver = async () => {
    const started = await startReceiver()
    receivers.push(started)
    return started
  }
  const start = async () => (server = await startWebhookServer({ databaseUrl: await engine.newDatabase() }))
  const rows = () =>
    server.store.database.db.selectFrom('webhook_deliveries').select(['endpoint_id', 'type', 'status', 'attempts', 'last_attempt_at', 'reply_excerpt']).orderBy('id').execute()

  async function confirm(email: string) {
    await server.signUp(email)
    const { token } = await server.linkFor(email, '/waitlist/confirm')
    expect((await server.postJson(consentApi.confirm, { token })).ok).toBe(true)
  }
  async function eraseFromInbox(email: string) {
    expect((await server.postJson(consentApi.erase, { email })).ok).toBe(true)
    const { token } = await server.linkFor(email, '/waitlist/erase/confirm')
    expect((await server.postJson(consentApi.eraseConfirm, { token })).ok).toBe(true)
  }

  it('clears the replies that echoed the address, with the bodies', async () => {
    await start()
    const echo = await receiver()
    echo.answer = (request) => ({ status: 200, body: request.body })
    const cookie = await server.signIn()
    await server.addEndpoint(cookie, echo.url, ['signup.confirmed', 'person.erased'])

    await confirm('ann@example.com')
    await echo.waitFor(1, 'signup.confirmed')
    await eraseFromInbox('ann@example.com')
    await echo.waitFor(2, 'person.erased')
    expect(echo.received.map((request) => request.body).every((body) => body.includes('ann@example.com'))).toBe(true)
    await until(async () => (await rows()).every((row) => row.status === 'delivered' || row.status === 'cancelled'), 10_000, 'both deliveries recorded')
    const log = await rows()
    expect(log.map((row) => [row.type, row.status])).toEqual([
      ['signup.confirmed', 'delivered'],
      ['person.erased', 'delivered'],
    ])
    // Issue 45 found 2 of 2 rows holding her address.
    expect(log.filter((row) => row.reply_excerpt?.includes('ann@example.com'))).toEqual([])
  })
})
