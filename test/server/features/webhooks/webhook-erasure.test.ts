// @vitest-environment node
// An erasure reaches every copy the webhooks made (issue 45, cases 2 and 3), on both engines, with real receivers
// on 127.0.0.1: the replies the delivery log keeps (a receiver may echo what it got) are cleared with the bodies,
// and `person.erased` goes to every endpoint that was ever sent the person, on or off, whatever it asked for: one
// the team turned off, and one the product turned off after a day of failures, each get it once turned on again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consentApi } from '../../../../shared/consent-paths'
import { deliveryRules } from '../../../../server/features/webhooks/webhook-deliverer'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { until } from '../../../../tools/until'
import type { Receiver } from '../../../utils/webhook-receiver'
import { webhooksPerTest, type WebhookServer } from './webhook-harness'

describe.each(eachEngine())('an erasure and the webhooks on $engine', (engine: EngineUnderTest) => {
  let server: WebhookServer
  const webhooks = webhooksPerTest()
  beforeAll(() => engine.setup(), 60_000)
  afterAll(() => engine.teardown(), 60_000)
  const receiver = webhooks.receiver
  const start = async () => (server = await webhooks.start({ databaseUrl: await engine.newDatabase() }))
  const now = () => new Date(Date.now() + server.clock.offsetMs)
  // Each delivery's log row, with the lease of its entry in the one queue (none once it is finished or taken back).
  const rows = () =>
    server.store.database.db
      .selectFrom('webhook_deliveries as d')
      .leftJoin('outbox', (join) => join.onRef('outbox.subject_id', '=', 'd.id').on('outbox.transport', '=', 'http'))
      .select(['d.endpoint_id', 'd.type', 'd.status', 'd.attempts', 'outbox.claimed_until', 'd.last_attempt_at', 'd.reply_excerpt', 'd.body'])
      .orderBy('d.id')
      .execute()

  const endpoint = (id: number) => server.store.database.db.selectFrom('webhook_endpoints').select(['enabled', 'off_reason']).where('id', '=', id).executeTakeFirstOrThrow()
  /** Moves the server's clock through every retry of the endpoint's delivery of `type`, each failing, until a day
   * of failures has turned the endpoint off. */
  async function failForADay(endpointId: number, type: string) {
    let waited = server.clock.offsetMs
    const attempt = async (count: number) =>
      until(
        async () =>
          (await rows()).some(
            // Recorded, not only claimed (a claim counts the attempt before the post): then the clock may move.
            (row) =>
              Number(row.endpoint_id) === endpointId &&
              row.type === type &&
              Number(row.attempts) === count &&
              row.claimed_until === null &&
              row.last_attempt_at !== null &&
              new Date(row.last_attempt_at).getTime() >= now().getTime() - 60_000,
          ),
        10_000,
        `attempt ${count} recorded`,
      )
    for (const [index, retryAfterMs] of deliveryRules.retryAfterMs.entries()) {
      await attempt(index + 1)
      waited += retryAfterMs
      server.clock.offsetMs = waited
      // The clock's next tick would find the retry due; the poke is that tick now, not up to a second later.
      server.composition.poke()
    }
    await attempt(deliveryRules.retryAfterMs.length + 1)
    await until(async () => (await endpoint(endpointId)).off_reason === 'failing', 10_000, 'the failing endpoint turned off')
    expect(Number((await endpoint(endpointId)).enabled)).toBe(0)
  }

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

  it('sends the erasure to every endpoint that was sent the person, the ones turned off when it is turned on again', async () => {
    await start()
    const on = await receiver()
    const offByTeam = await receiver()
    const failing = await receiver()
    const later = await receiver()
    failing.answer = () => ({ status: 503, body: 'down' })
    let cookie = await server.signIn()
    const add = async (hooks: Receiver, events: string[]) => Number((await server.addEndpoint(cookie, hooks.url, events)).endpoint.id)
    const onId = await add(on, ['signup.confirmed', 'person.erased'])
    const teamId = await add(offByTeam, ['signup.confirmed', 'person.erased'])
    // It never asked for erasures, but it was sent Ann: it must hear that she is gone.
    const failingId = await add(failing, ['signup.confirmed'])

    await confirm('ann@example.com')
    await Promise.all([on.waitFor(1), offByTeam.waitFor(1), failing.waitFor(1)])
    expect((await server.request(`/api/admin/webhooks/${teamId}/off`, { method: 'POST', cookie })).status).toBe(200)

    // The failing receiver's day passes on the server's clock, one retry at a time, and the product turns it off.
    await failForADay(failingId, 'signup.confirmed')
    failing.answer = () => ({ status: 200, body: 'ok' })
    cookie = await server.signIn()
    // An endpoint added afterwards was never sent Ann, and asked for no erasures.
    const laterId = await add(later, ['signup.confirmed'])

    expect(await server.store.consent.eraseById(Number((await server.store.database.db.selectFrom('signups').select('id').executeTakeFirstOrThrow()).id), now())).toBe(true)
    await on.waitFor(2, 'person.erased at the endpoint that is on')
    // Queued for both that are off, and held until each is on again (issue 45 found 0 erasures queued for them).
    const erasures = async () => (await rows()).filter((row) => row.type === 'person.erased')
    expect((await erasures()).map((row) => [Number(row.endpoint_id), row.status, Number(row.attempts)]).sort()).toEqual(
      [
        [onId, expect.any(String), 1],
        [teamId, 'pending', 0],
        [failingId, 'pending', 0],
      ].sort(),
    )
    expect([offByTeam.ofType('person.erased'), failing.ofType('person.erased')]).toEqual([[], []])
    // The console names them where a deletion would drop them.
    const waiting = async () => {
      const { endpoints } = (await (await server.request('/api/admin/webhooks', { cookie })).json()) as { endpoints: { id: number; erasuresWaiting: number }[] }
      return Object.fromEntries(endpoints.map((endpoint) => [endpoint.id, endpoint.erasuresWaiting]))
    }
    expect(await waiting()).toEqual({ [onId]: 0, [teamId]: 1, [failingId]: 1, [laterId]: 0 })

    for (const id of [teamId, failingId]) expect((await server.request(`/api/admin/webhooks/${id}/on`, { method: 'POST', cookie })).status).toBe(200)
    await until(() => offByTeam.ofType('person.erased').length === 1 && failing.ofType('person.erased').length === 1, 10_000, 'person.erased at both turned on again')
    for (const hooks of [on, offByTeam, failing]) expect(JSON.parse(hooks.ofType('person.erased')[0]!.body)).toMatchObject({ data: { person: { email: 'ann@example.com' } } })
    await until(async () => Object.values(await waiting()).every((count) => count === 0), 10_000, 'no erasure waiting once delivered')
    await until(async () => (await erasures()).every((row) => row.status === 'delivered'), 10_000, 'the erasures recorded')
    expect(later.received).toEqual([])
    expect((await rows()).filter((row) => Number(row.endpoint_id) === laterId)).toEqual([])
  })

  it('never gives up an erasure: an endpoint down for its whole schedule gets it once turned on again', async () => {
    await start()
    const hooks = await receiver()
    let cookie = await server.signIn()
    const id = Number((await server.addEndpoint(cookie, hooks.url, ['signup.confirmed', 'person.erased'])).endpoint.id)
    await confirm('ann@example.com')
    await hooks.waitFor(1, 'signup.confirmed')

    hooks.answer = () => ({ status: 503, body: 'down' })
    const ann = await server.store.database.db.selectFrom('signups').select('id').executeTakeFirstOrThrow()
    expect(await server.store.consent.eraseById(Number(ann.id), now())).toBe(true)
    await failForADay(id, 'person.erased')
    // Issue 45 (before): given up after its 8 attempts, its address cleared, and never sent again.
    const erasure = async () => (await rows()).find((row) => row.type === 'person.erased')!
    expect(await erasure()).toMatchObject({ status: 'pending', body: expect.stringContaining('ann@example.com') })

    hooks.answer = () => ({ status: 200, body: 'ok' })
    cookie = await server.signIn()
    expect((await server.request(`/api/admin/webhooks/${id}/on`, { method: 'POST', cookie })).status).toBe(200)
    await until(async () => (await erasure()).status === 'delivered', 10_000, 'the erasure delivered once turned on')
    expect(await erasure()).toMatchObject({ attempts: deliveryRules.retryAfterMs.length + 2, body: null, reply_excerpt: null })
    expect(hooks.ofType('person.erased')).toHaveLength(deliveryRules.retryAfterMs.length + 2)
  })
})
