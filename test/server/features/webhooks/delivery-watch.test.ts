// @vitest-environment node
// The webhooks' deliveries as the metrics and /healthz watch them (features/webhooks/delivery-watch.ts), on both
// engines: the outbox's figures for what the deliverer takes, the endpoints failing now, and a stall only for a
// delivery due and untaken past the bound, never for one held by an endpoint that is off or waiting out a retry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliveryStallMs, watchedDeliveries } from '../../../../server/features/webhooks/delivery-watch'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { openStore } from '../../../../tools/open-store'

const minute = 60_000

describe.each(eachEngine())('the webhooks delivery watch on $engine', (engine: EngineUnderTest) => {
  beforeAll(() => engine.setup(), 60_000)
  afterAll(() => engine.teardown(), 60_000)

  it('counts what waits and what fails, and says a stall only of a delivery due and untaken past the bound', async () => {
    const store = await openStore(await engine.newDatabase())
    try {
      const { db } = store.database
      const watch = watchedDeliveries(store.database, store.outbox)
      const now = new Date('2026-12-06T12:00:00.000Z')
      const at = (ms: number) => new Date(now.getTime() + ms).toISOString()
      const endpoint = async (url: string, enabled: number, failingSince: string | null) =>
        Number(
          (
            await db
              .insertInto('webhook_endpoints')
              .values({ url, events: '["signup.confirmed"]', secret: 'whsec_test', previous_secret: null, previous_secret_until: null, enabled, off_reason: null, off_at: null, failing_since: failingSince, created_at: at(-60 * minute), created_by: 'team@company.example' })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        )
      // Entries of the one queue's HTTP transport, as queueEvents writes them (webhook-outbox.ts).
      const deliver = (endpointId: number, fields: { created: number; next: number; claimedUntil?: number; finished?: boolean; held?: boolean; kind?: string }) =>
        db
          .insertInto('outbox')
          .values({
            kind: fields.kind ?? 'webhook',
            transport: 'http',
            retry: 'standard-webhooks',
            lane: `webhook-endpoint:${endpointId}`,
            held_at: fields.held ? at(-minute) : null,
            signup_id: null,
            subject_id: 1,
            created_at: at(fields.created),
            next_attempt_at: at(fields.next),
            claimed_until: fields.claimedUntil === undefined ? null : at(fields.claimedUntil),
            finished_at: fields.finished ? at(-minute) : null,
            outcome: fields.finished ? 'sent' : null,
            last_error: null,
          })
          .execute()

      expect(await watch.stats(now)).toEqual({ waiting: 0, oldestQueuedAt: undefined, due: 0, oldestDueQueuedAt: undefined, failing: 0 })
      expect(await watch.stalled(now)).toBeUndefined()

      const on = await endpoint('https://on.example/hook', 1, null)
      const failing = await endpoint('https://failing.example/hook', 1, at(-30 * minute))
      const off = await endpoint('https://off.example/hook', 0, at(-60 * minute))
      await deliver(on, { created: -5 * minute, next: -5 * minute }) // due
      await deliver(failing, { created: -40 * minute, next: 10 * minute }) // waiting out a retry
      await deliver(on, { created: -90 * minute, next: -60 * minute, finished: true }) // delivered
      await deliver(off, { created: -120 * minute, next: -120 * minute, held: true }) // held until its endpoint is on
      await deliver(on, { created: 5 * minute, next: 5 * minute }) // queued for later
      expect(await watch.stats(now)).toEqual({
        waiting: 2,
        oldestQueuedAt: new Date(at(-40 * minute)),
        due: 1,
        oldestDueQueuedAt: new Date(at(-5 * minute)),
        failing: 1,
      })
      expect(await watch.stalled(now)).toBeUndefined()

      // Due past the bound but held by a deliverer now (its lease runs): not a stall. Untaken: a stall.
      await deliver(on, { created: -30 * minute, next: -deliveryStallMs - minute, claimedUntil: minute })
      expect(await watch.stalled(now)).toBeUndefined()
      // A test goes to an endpoint that is off too (it is never held), so it can stall there.
      await deliver(off, { created: -30 * minute, next: -deliveryStallMs - minute, kind: 'webhook-test' })
      expect(await watch.stalled(now)).toMatch(/^a webhook delivery has been due for more than 15 minutes/)
      expect((await watch.stats(now)).due).toBe(3)
    } finally {
      await store.close()
    }
  })
})
