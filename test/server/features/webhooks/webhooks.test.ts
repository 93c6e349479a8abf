// @vitest-environment node
// Webhooks as the team and the receivers meet them (issue 33): an endpoint added in the console, real HTTP
// receivers on 127.0.0.1 (WEBHOOKS_ALLOW_PRIVATE=true, as for trying it locally), each event produced by the real
// flows (a signup confirmed from its emailed link, a referral credited, a wave, a claim, an unsubscribe, an
// erasure), signatures checked with the specification's own library (standardwebhooks), retries and turning off
// driven by the server's clock. On SQLite here, and on PostgreSQL in `npm run test:server:postgres`.
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import type { WebhookDeliveriesReply, WebhookEndpointsReply } from '../../../../shared/webhook-rows'
import { webhookEventTypes } from '../../../../shared/webhook-rows'
import { consentApi, invitePagePath } from '../../../../shared/consent-paths'
import { deliveryRules } from '../../../../server/features/webhooks/webhook-deliverer'
import { clearOldBodies, deliveryBodyKeptMs } from '../../../../server/features/webhooks/webhook-outbox'
import { previousSecretValidMs } from '../../../../server/features/webhooks/endpoint-store'
import { webhookHeaders } from '../../../../server/features/webhooks/webhook-secrets'
import { rawHeader } from '../../../../tools/smtp-inbox'
import { until } from '../../../../tools/until'
import type { Received } from '../../../utils/webhook-receiver'
import { webhooksPerTest, type WebhookServer } from './webhook-harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

let server: WebhookServer
const webhooks = webhooksPerTest()
const receiver = webhooks.receiver

const headersOf = (request: Received) => ({
  'webhook-id': String(request.headers['webhook-id']),
  'webhook-timestamp': String(request.headers['webhook-timestamp']),
  'webhook-signature': String(request.headers['webhook-signature']),
})
type Payload = { type: string; version: number; timestamp: string; data: Record<string, unknown> }
const payloadOf = (request: Received) => JSON.parse(request.body) as Payload

async function deliveriesOf(cookie: string, endpointId: number) {
  const reply = await server.request(`/api/admin/webhooks/${endpointId}/deliveries`, { cookie })
  return (await reply.json()) as WebhookDeliveriesReply & { ok: boolean }
}

describe('signing', () => {
  it('signs a test from the console so that the reference library verifies it, and refuses a tampered body and an old timestamp', async () => {
    server = await webhooks.start()
    const hooks = await receiver()
    const cookie = await server.signIn()
    const { endpoint, secret } = await server.addEndpoint(cookie, hooks.url, ['signup.confirmed'])
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    // The secret is shown once: the list never carries it.
    const listed = await (await server.request('/api/admin/webhooks', { cookie })).text()
    expect(listed).not.toContain(secret.slice('whsec_'.length))
    expect((JSON.parse(listed) as WebhookEndpointsReply).endpoints).toMatchObject([{ id: endpoint.id, url: hooks.url, events: ['signup.confirmed'], enabled: true }])

    expect((await server.request(`/api/admin/webhooks/${endpoint.id}/test`, { method: 'POST', cookie })).status).toBe(200)
    const [request] = await hooks.waitFor(1)
    const payload = payloadOf(request!)
    expect(payload).toMatchObject({ type: 'webhook.test', version: 1, data: { message: expect.stringContaining('team@company.example') } })
    expect(new Webhook(secret).verify(request!.body, headersOf(request!))).toEqual(payload)
    expect(() => new Webhook(secret).verify(request!.body.replace('test', 'tést'), headersOf(request!))).toThrow()
    expect(() => new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`).verify(request!.body, headersOf(request!))).toThrow()
    // A body signed six minutes ago, as a replay would carry: the library refuses it (its tolerance is 5 minutes).
    const old = webhookHeaders([secret], 'msg_replayed', new Date(Date.now() - 6 * 60_000), request!.body)
    expect(() => new Webhook(secret).verify(request!.body, old)).toThrow(/too old/i)

    await until(async () => (await deliveriesOf(cookie, endpoint.id)).deliveries[0]?.status === 'delivered', 5000, 'the log to say delivered')
    const log = await deliveriesOf(cookie, endpoint.id)
    expect(log.deliveries).toMatchObject([{ type: 'webhook.test', status: 'delivered', attempts: 1, replyStatus: 200, replyExcerpt: 'ok', webhookId: request!.headers['webhook-id'] }])
    const audit = await (await server.request('/api/admin/audit', { cookie })).json()
    expect(JSON.stringify(audit)).toContain('test-webhook')
    expect(JSON.stringify(audit)).not.toContain(secret)
  })

  it('signs with both secrets for a day after a rotation, so a receiver holding either verifies', async () => {
    server = await webhooks.start()
    const hooks = await receiver()
    const cookie = await server.signIn()
    const { endpoint, secret: before } = await server.addEndpoint(cookie, hooks.url, ['signup.confirmed'])
    const rotated = (await (await server.request(`/api/admin/webhooks/${endpoint.id}/rotate`, { method: 'POST', cookie })).json()) as { secret: string; endpoint: { previousSecretUntil: string } }
    expect(rotated.secret).not.toBe(before)
    expect(new Date(rotated.endpoint.previousSecretUntil).getTime() - Date.now()).toBeGreaterThan(previousSecretValidMs - 60_000)
    await server.request(`/api/admin/webhooks/${endpoint.id}/test`, { method: 'POST', cookie })
    const [first] = await hooks.waitFor(1)
    expect(String(first!.headers['webhook-signature']).split(' ')).toHaveLength(2)
    for (const secret of [before, rotated.secret]) expect(() => new Webhook(secret).verify(first!.body, headersOf(first!))).not.toThrow()

    // A day later the old secret no longer signs. The library checks the timestamp against its own clock: the
    // receiver here checks the signature as the day-later receiver would, with the timestamp it was sent.
    server.clock.offsetMs = previousSecretValidMs + 60_000
    const nextDay = await server.signIn()
    await server.request(`/api/admin/webhooks/${endpoint.id}/test`, { method: 'POST', cookie: nextDay })
    const [, second] = await hooks.waitFor(2)
    const signatures = String(second!.headers['webhook-signature'])
    const sentAt = new Date(Number(second!.headers['webhook-timestamp']) * 1000)
    expect(signatures).toBe(webhookHeaders([rotated.secret], String(second!.headers['webhook-id']), sentAt, second!.body)['webhook-signature'])
    expect(signatures).not.toContain(' ')
  })
})

describe('the endpoints', () => {
  it('refuses an address already added, in words that name the endpoint, and gives the log with when it was read', async () => {
    server = await webhooks.start()
    const hooks = await receiver()
    const cookie = await server.signIn()
    const { endpoint } = await server.addEndpoint(cookie, hooks.url, ['signup.confirmed'])
    // The same address again, its scheme in capitals (the same address once parsed): every event would go twice.
    const again = hooks.url.replace(/^http/, 'HTTP')
    const refused = await server.request('/api/admin/webhooks', { method: 'POST', cookie, body: JSON.stringify({ url: again, events: ['person.erased'] }) })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ ok: false, code: 'same-url', message: `That URL is already endpoint #${endpoint.id}. Change its events there instead of adding it again.` })
    const listed = (await (await server.request('/api/admin/webhooks', { cookie })).json()) as WebhookEndpointsReply
    expect(listed.endpoints.map((row) => row.url)).toEqual([endpoint.url])

    const before = Date.now()
    const log = await deliveriesOf(cookie, endpoint.id)
    expect(Date.parse(log.lookedAt)).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(log.lookedAt)).toBeLessThanOrEqual(Date.now() + 1000)
  })
})

describe('delivery', () => {
  it('retries after a 500, then delivers the same message with the same id', async () => {
    server = await webhooks.start()
    const hooks = await receiver()
    hooks.answer = (_request, index) => (index === 0 ? { status: 500, body: 'down for a moment' } : { status: 204 })
    const cookie = await server.signIn()
    const { endpoint, secret } = await server.addEndpoint(cookie, hooks.url, ['signup.confirmed'])
    await server.request(`/api/admin/webhooks/${endpoint.id}/test`, { method: 'POST', cookie })
    await hooks.waitFor(1)
    await until(async () => (await deliveriesOf(cookie, endpoint.id)).deliveries[0]?.replyStatus === 500, 5000, 'the failure recorded')
    const failed = (await deliveriesOf(cookie, endpoint.id)).deliveries[0]!
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, replyStatus: 500, replyExcerpt: 'down for a moment', error: 'answered 500' })
    expect(new Date(failed.nextAttemptAt!).getTime() - new Date(failed.lastAttemptAt!).getTime()).toBe(deliveryRules.retryAfterMs[0])
    // The first retry is 5 s later: the clock moves, not the test.
    server.clock.offsetMs = deliveryRules.retryAfterMs[0]
    const [first, second] = await hooks.waitFor(2)
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id'])
    expect(second!.body).toBe(first!.body)
    expect(() => new Webhook(secret).verify(second!.body, headersOf(second!))).not.toThrow(/signature/)
    await until(async () => (await deliveriesOf(cookie, endpoint.id)).deliveries[0]?.status === 'delivered', 5000, 'the retry recorded')
    expect((await deliveriesOf(cookie, endpoint.id)).deliveries[0]).toMatchObject({ status: 'delivered', attempts: 2, replyStatus: 204, error: null, body: first!.body })

    // The body stays in the log for 7 days, then only the status row.
    expect(await clearOldBodies(server.store.database, new Date(Date.now() + deliveryBodyKeptMs - 60_000))).toBe(0)
    expect(await clearOldBodies(server.store.database, new Date(Date.now() + deliveryBodyKeptMs + 60_000))).toBe(1)
    expect((await deliveriesOf(cookie, endpoint.id)).deliveries[0]).toMatchObject({ status: 'delivered', attempts: 2, replyStatus: 204, body: null })
  })

  it('turns off an endpoint whose deliveries have failed for a day, with a note the console shows', async () => {
    server = await webhooks.start()
    const hooks = await receiver()
    hooks.answer = () => ({ status: 503, body: 'gone fishing' })
    const cookie = await server.signIn()
    const { endpoint } = await server.addEndpoint(cookie, hooks.url, ['signup.confirmed'])
    await server.request(`/api/admin/webhooks/${endpoint.id}/test`, { method: 'POST', cookie })
    // The day passes on the server's clock, one retry at a time (the console's session would end meanwhile: the
    // rows are read directly, and the console afterwards with a new sign-in).
    const { db } = server.store.database
    const delivery = () => db.selectFrom('webhook_deliveries').select(['attempts', 'last_attempt_at']).executeTakeFirstOrThrow()
    const enabled = async () => Number((await db.selectFrom('webhook_endpoints').select('enabled').executeTakeFirstOrThrow()).enabled) === 1
    let waited = 0
    const attempted = async (attempt: number) => {
      await hooks.waitFor(attempt)
      await until(async () => {
        const row = await delivery()
        return Number(row.attempts) === attempt && row.last_attempt_at !== null && new Date(row.last_attempt_at).getTime() >= Date.now() + waited - 60_000
      }, 5000, `attempt ${attempt} recorded`)
    }
    for (const [index, retryAfterMs] of deliveryRules.retryAfterMs.entries()) {
      await attempted(index + 1)
      expect(await enabled()).toBe(true)
      waited += retryAfterMs
      server.clock.offsetMs = waited
      // The clock's next tick would find the retry due; the poke is that tick now, not up to a second later.
      server.composition.poke()
    }
    // The last attempt, 27.6 hours after the first: a day of failures is past, and the endpoint goes off.
    await attempted(deliveryRules.retryAfterMs.length + 1)
    expect(waited).toBeGreaterThanOrEqual(deliveryRules.turnOffAfterMs)
    expect(await enabled()).toBe(false)
    const later = await server.signIn()
    const listed = ((await (await server.request('/api/admin/webhooks', { cookie: later })).json()) as WebhookEndpointsReply).endpoints[0]!
    expect(listed).toMatchObject({ enabled: false, off: { reason: 'failing', note: expect.stringContaining('failed for a day') } })
    // Off: a new event is not even queued for it.
    const received = hooks.received.length
    await server.signUp('after@example.com')
    const { token } = await server.linkFor('after@example.com', '/waitlist/confirm')
    expect((await server.postJson(consentApi.confirm, { token })).ok).toBe(true)
    const log = await deliveriesOf(later, endpoint.id)
    expect(log.deliveries.map((row) => row.type)).toEqual(['webhook.test'])
    expect(hooks.received).toHaveLength(received)
  })
})

describe('events from the real flows', () => {
  it('delivers each event type from its flow, to the endpoints that asked for it only, and forgets an erased person', async () => {
    server = await webhooks.start()
    const everything = await receiver()
    const erasures = await receiver()
    const cookie = await server.signIn()
    const all = await server.addEndpoint(cookie, everything.url, webhookEventTypes)
    const onlyErased = await server.addEndpoint(cookie, erasures.url, ['person.erased'])
    const { db } = server.store.database

    // A signup confirmed from its emailed link.
    await server.signUp('ann@example.com')
    const confirm = await server.linkFor('ann@example.com', '/waitlist/confirm')
    expect((await server.postJson(consentApi.confirm, { token: confirm.token })).ok).toBe(true)
    const ann = await db.selectFrom('signups').select(['id', 'referral_code']).where('email_normalized', '=', 'ann@example.com').executeTakeFirstOrThrow()
    const [confirmed] = await everything.waitFor(1, 'signup.confirmed')
    expect(payloadOf(confirmed!)).toMatchObject({ type: 'signup.confirmed', version: 1, data: { person: { id: ann.id, email: 'ann@example.com', firstName: 'Ann' } } })
    expect(new Webhook(all.secret).verify(confirmed!.body, headersOf(confirmed!))).toBeTruthy()

    // A friend through Ann's share link: their confirmation credits Ann.
    await server.signUp('bob@example.com', ann.referral_code!)
    const bobConfirm = await server.linkFor('bob@example.com', '/waitlist/confirm')
    expect((await server.postJson(consentApi.confirm, { token: bobConfirm.token })).ok).toBe(true)
    await until(() => everything.ofType('referral.credited').length === 1, 10_000, 'referral.credited')
    expect(payloadOf(everything.ofType('referral.credited')[0]!).data).toEqual({ referrer: { id: ann.id, credits: 1 } })

    // A wave: Ann first in line (the credit moved her up), then Bob.
    const next = (await (await server.request('/api/admin/waves/next?count=1', { cookie })).json()) as { people: { id: number }[] }
    const wave = await server.request('/api/admin/waves', { method: 'POST', cookie, body: JSON.stringify({ count: 1, firstId: next.people[0]!.id }) })
    expect(wave.status).toBe(200)
    await until(() => everything.ofType('invitation.sent').length === 1, 10_000, 'invitation.sent')
    const sent = payloadOf(everything.ofType('invitation.sent')[0]!).data as { invitation: { id: number }; person: { email: string } }
    expect(sent).toMatchObject({ person: { id: ann.id, email: 'ann@example.com', firstName: 'Ann' }, invitation: { id: expect.any(Number), expiresAt: expect.any(String) } })

    // Ann claims it from her invitation email.
    const invite = await server.linkFor('ann@example.com', invitePagePath)
    const claimed = await fetch(`${server.origin}${invitePagePath}`, { method: 'POST', body: new URLSearchParams({ token: invite.token }), redirect: 'manual' })
    expect(claimed.status).toBe(200)
    await until(() => everything.ofType('invitation.claimed').length === 1, 10_000, 'invitation.claimed')
    expect(payloadOf(everything.ofType('invitation.claimed')[0]!).data).toEqual({ invitation: { id: sent.invitation.id }, person: { id: ann.id } })

    // The app's backend records her activation through /api/v1 with a key the team made.
    const { secret } = await server.composition.stores.apiKeys.make({ name: 'the app', scopes: ['activations:write'], by: 'team@company.example', now: new Date() })
    const activated = await fetch(`${server.origin}/api/v1/activations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ invitationId: sent.invitation.id }),
    })
    expect(activated.status).toBe(201)
    await until(() => everything.ofType('person.activated').length === 1, 10_000, 'person.activated')
    expect(payloadOf(everything.ofType('person.activated')[0]!).data).toEqual({ person: { id: ann.id }, invitation: { id: sent.invitation.id } })

    // Bob unsubscribes with the one-click link of an email he got.
    const mail = server.inbox.mails.find((received) => received.rcptTo.includes('bob@example.com') && rawHeader(received, 'list-unsubscribe'))!
    const unsubscribeUrl = /<(https?:[^>]+)>/.exec(rawHeader(mail, 'list-unsubscribe')!)![1]!
    expect((await fetch(unsubscribeUrl, { method: 'POST', body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }) })).status).toBe(200)
    const bob = await db.selectFrom('signups').select('id').where('email_normalized', '=', 'bob@example.com').executeTakeFirstOrThrow()
    await until(() => everything.ofType('person.unsubscribed').length === 1, 10_000, 'person.unsubscribed')
    expect(payloadOf(everything.ofType('person.unsubscribed')[0]!).data).toEqual({ person: { id: bob.id } })

    // Ann asks for erasure and confirms it from her inbox: the address goes out once, to both endpoints.
    expect((await server.postJson(consentApi.erase, { email: 'ann@example.com' })).ok).toBe(true)
    const erase = await server.linkFor('ann@example.com', '/waitlist/erase/confirm')
    expect((await server.postJson(consentApi.eraseConfirm, { token: erase.token })).ok).toBe(true)
    await until(() => everything.ofType('person.erased').length === 1 && erasures.received.length === 1, 10_000, 'person.erased at both')
    for (const request of [everything.ofType('person.erased')[0]!, erasures.received[0]!])
      expect(payloadOf(request)).toEqual({ type: 'person.erased', version: 1, timestamp: expect.any(String), data: { person: { email: 'ann@example.com' } } })
    expect(new Webhook(onlyErased.secret).verify(erasures.received[0]!.body, headersOf(erasures.received[0]!))).toBeTruthy()
    // The endpoint that asked for erasures only got nothing else.
    expect(erasures.received).toHaveLength(1)
    // Every event type came once to the one that asked for all.
    expect(everything.received.map((request) => payloadOf(request).type).sort()).toEqual([
      'invitation.claimed',
      'invitation.sent',
      'person.activated',
      'person.erased',
      'person.unsubscribed',
      'referral.credited',
      'signup.confirmed',
      'signup.confirmed',
    ])

    // Nothing naming Ann outlives the erasure: her earlier bodies are cleared, and the erasure's own once delivered.
    await until(async () => (await db.selectFrom('webhook_deliveries').select('id').where('type', '=', 'person.erased').where('body', 'is not', null).execute()).length === 0, 5000, 'the erasure bodies cleared')
    const bodies = await db.selectFrom('webhook_deliveries').select(['type', 'body']).where('body', 'is not', null).execute()
    expect(bodies.filter((row) => row.body!.includes('ann@example.com') || row.body!.includes(`"id":${ann.id}`))).toEqual([])
    // Bob's are still there, for the log's 7 days.
    expect(bodies.some((row) => row.body!.includes('bob@example.com'))).toBe(true)
  })
})
