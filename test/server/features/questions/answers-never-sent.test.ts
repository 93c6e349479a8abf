// @vitest-environment node
// No sensitive answer reaches a webhook body (issue 52), on both engines, with a real receiver on 127.0.0.1: a person
// confirms, says yes to the health questions and answers one, is invited by a wave picked by that very answer, and is
// erased; every event about them reaches the receiver, and none carries the answer (nor do the delivery log's rows).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consentApi } from '../../../../shared/consent-paths'
import { webhookEventTypes } from '../../../../shared/webhook-rows'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { webhooksPerTest, type WebhookServer } from '../webhooks/webhook-harness'

describe.each(eachEngine())('a health answer and the webhooks on $engine', (engine: EngineUnderTest) => {
  let server: WebhookServer
  const webhooks = webhooksPerTest()
  beforeAll(() => engine.setup(), 60_000)
  afterAll(() => engine.teardown(), 60_000)

  it('sends every event about the person, and none carries the answer', async () => {
    server = await webhooks.start({ databaseUrl: await engine.newDatabase() })
    const receiver = await webhooks.receiver()
    const cookie = await server.signIn()
    await server.addEndpoint(cookie, receiver.url, webhookEventTypes)
    const knee = await server.store.questions.define({ kind: 'single', sensitive: true, wording: 'Does a knee hurt when you run? Which?', choices: ['Left kneecap', 'No'] }, 'team@company.example', new Date())
    if (!knee.ok) throw new Error('no question')

    const email = 'ann.hooks@example.com'
    await server.signUp(email)
    await server.postJson(consentApi.confirm, { token: (await server.linkFor(email, '/waitlist/confirm')).token })
    await receiver.waitFor(1, 'signup.confirmed')
    const { id } = await server.store.database.db.selectFrom('signups').select('id').where('email_normalized', '=', email).executeTakeFirstOrThrow()
    expect(await server.store.questions.answer(id, [{ questionId: knee.id, answer: 'Left kneecap' }], new Date(), { giveConsent: true })).toEqual({ ok: true, saved: 1 })

    const match = [{ questionId: knee.id, choices: ['Left kneecap'] }]
    const started = await server.request('/api/admin/waves', { method: 'POST', cookie, body: JSON.stringify({ count: 1, firstId: id, match }) })
    expect(started.status).toBe(200)
    await receiver.waitFor(2, 'invitation.sent')
    await server.postJson(consentApi.erase, { email })
    await server.postJson(consentApi.eraseConfirm, { token: (await server.linkFor(email, '/waitlist/erase/confirm')).token })
    const received = await receiver.waitFor(3, 'person.erased')

    expect(received.map((request) => (JSON.parse(request.body) as { type: string }).type)).toEqual(['signup.confirmed', 'invitation.sent', 'person.erased'])
    expect(received.map((request) => request.body).join('\n')).not.toMatch(/kneecap|knee hurt/)
    const log = await server.store.database.db.selectFrom('webhook_deliveries').selectAll().execute()
    expect(JSON.stringify(log)).not.toContain('kneecap')
  })
})
