// @vitest-environment node
// The webhooks' deliveries waiting when the one queue came (issue 48) become its entries: an HTTP post in its
// endpoint's lane, on the specification's schedule (an erasure's until delivered), its attempts and lease as they
// were, held while its endpoint is off (a test never), its subject the log row. On both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { openStore } from '../../../../tools/open-store'

describe.each(eachEngine())('the webhook deliveries migration on $engine', (engine: EngineUnderTest) => {
  beforeAll(() => engine.setup(), 60_000)
  afterAll(() => engine.teardown(), 60_000)

  it('queues every unfinished delivery, as it stood, and nothing finished', async () => {
    const url = await engine.newDatabase()
    const older = await openStore(url, { stopBefore: '2026-12-06-1000-outbox-transports' })
    const { db } = older.database
    const at = '2026-12-01T10:00:00.000Z'
    const later = '2026-12-01T10:05:00.000Z'
    const endpoint = async (url: string, enabled: number) =>
      Number(
        (
          await db
            .insertInto('webhook_endpoints')
            .values({ url, events: '["signup.confirmed","person.erased"]', secret: 'whsec_test', previous_secret: null, previous_secret_until: null, enabled, off_reason: enabled ? null : 'team', off_at: enabled ? null : at, failing_since: null, created_at: at, created_by: 'team@company.example' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      )
    const on = await endpoint('https://on.example/hook', 1)
    const off = await endpoint('https://off.example/hook', 0)
    const delivery = async (endpointId: number, type: string, fields: { signupId?: number; attempts?: number; claimedUntil?: string; finished?: boolean }) =>
      Number(
        (
          await db
            .insertInto('webhook_deliveries')
            .values({
              endpoint_id: endpointId,
              webhook_id: `msg_${type}`,
              type,
              signup_id: fields.signupId ?? null,
              erasure: type === 'person.erased' ? 1 : 0,
              body: '{}',
              created_at: at,
              next_attempt_at: at,
              attempts: fields.attempts ?? 0,
              claimed_until: fields.claimedUntil ?? null,
              status: fields.finished ? 'delivered' : 'pending',
              finished_at: fields.finished ? later : null,
              last_attempt_at: null,
              reply_status: null,
              reply_excerpt: null,
              last_error: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      )
    const ids = {
      leased: await delivery(on, 'signup.confirmed', { signupId: 7, attempts: 2, claimedUntil: later }),
      erasure: await delivery(off, 'person.erased', { attempts: 3 }),
      test: await delivery(off, 'webhook.test', {}),
      done: await delivery(on, 'signup.confirmed', { signupId: 8, attempts: 1, finished: true }),
    }
    await older.close()

    const store = await openStore(url)
    try {
      const rows = await store.database.db
        .selectFrom('outbox')
        .select(['kind', 'transport', 'retry', 'lane', 'held_at', 'signup_id', 'subject_id', 'attempts', 'claimed_until'])
        .where('transport', '=', 'http')
        .orderBy('subject_id')
        .execute()
      const time = (value: string | null) => value && new Date(value).toISOString()
      expect(rows.map((row) => ({ ...row, held_at: time(row.held_at), claimed_until: time(row.claimed_until) }))).toEqual([
        { kind: 'webhook', transport: 'http', retry: 'standard-webhooks', lane: `webhook-endpoint:${on}`, held_at: null, signup_id: 7, subject_id: ids.leased, attempts: 2, claimed_until: later },
        { kind: 'webhook', transport: 'http', retry: 'standard-webhooks-until-delivered', lane: `webhook-endpoint:${off}`, held_at: at, signup_id: null, subject_id: ids.erasure, attempts: 3, claimed_until: null },
        { kind: 'webhook-test', transport: 'http', retry: 'standard-webhooks', lane: `webhook-endpoint:${off}`, held_at: null, signup_id: null, subject_id: ids.test, attempts: 0, claimed_until: null },
      ])
      // The mail sender's claim takes none of them; the lane's claim takes the test, due and not held.
      expect(await store.outbox.claim(new Date(later), 10, 60_000)).toEqual([])
      const taken = await store.outbox.claim(new Date(later), 10, 60_000, { transport: 'http', lane: `webhook-endpoint:${off}` })
      expect(taken.map((entry) => [entry.kind, entry.subjectId])).toEqual([['webhook-test', ids.test]])
    } finally {
      await store.close()
    }
  })
})
