// The webhooks' outbox: an event becomes one delivery row per endpoint that is on and asked for it (an erasure
// also one per endpoint that was ever sent the person, on or off), written in the event's own transaction (the
// subscribers in webhooks-follow.ts run inside it). So an event and its deliveries commit together or not at all:
// no event is lost between a commit and a send, and none is sent for a change that rolled back. The deliverer (webhook-deliverer.ts) sends them afterwards.
import type { WebhookEventType } from '../../../shared/webhook-rows'
import type { Database, Db } from '../../platform/database/database'
import { inChunks } from '../../platform/database/in-chunks'
import { enqueue, withdrawQueued } from '../../platform/outbox/outbox-queue'
import { payloadOf, type WebhookData } from './webhook-payloads'
import { newWebhookId } from './webhook-secrets'

/** The one queue's transport of a delivery (an HTTP POST: webhook-deliverer.ts), its kinds (a test is apart: it goes
 * to an endpoint that is off too), its lane per endpoint, and the names of its retry schedules (deliveryRules). */
export const httpTransport = 'http'
export const webhookKind = 'webhook'
export const webhookTestKind = 'webhook-test'
export const laneOf = (endpointId: number) => `webhook-endpoint:${endpointId}`
export const standardSchedule = 'standard-webhooks'
export const untilDelivered = 'standard-webhooks-until-delivered'

export type QueuedEvent<Type extends WebhookEventType = WebhookEventType> = {
  type: Type
  data: WebhookData[Type]
  /** The person the body names, whose bodies an erasure clears; null for none (and for person.erased itself). */
  signupId: number | null
}

const chunk = 500

/** Who else gets the events: `only` that endpoint alone, on or off, whatever it asked for (the console's test);
 * `alsoTo` these endpoints besides those on that want the type, on or off, whatever they asked for (an erasure). */
export type Recipients = { only?: number; alsoTo?: readonly number[] }

/** Queues each event for every endpoint that is on and wants its type, and for the `recipients` named. */
export async function queueEvents(trx: Db, events: readonly QueuedEvent[], now: Date, { only, alsoTo = [] }: Recipients = {}): Promise<number> {
  if (events.length === 0) return 0
  let endpoints = trx.selectFrom('webhook_endpoints').select(['id', 'events', 'enabled'])
  if (only !== undefined) endpoints = endpoints.where('id', '=', only)
  else endpoints = alsoTo.length === 0 ? endpoints.where('enabled', '=', 1) : endpoints.where((eb) => eb.or([eb('enabled', '=', 1), eb('id', 'in', alsoTo)]))
  const named = new Set(only === undefined ? alsoTo.map(Number) : [Number(only)])
  const wanting = (await endpoints.execute()).map((endpoint) => ({ id: endpoint.id, enabled: Number(endpoint.enabled) === 1, named: named.has(Number(endpoint.id)), events: new Set(JSON.parse(endpoint.events) as string[]) }))
  const at = now.toISOString()
  const rows = events.flatMap((event) => {
    const to = wanting.filter((endpoint) => endpoint.named || endpoint.events.has(event.type))
    if (to.length === 0) return []
    // One id and one body per event: each endpoint, and each attempt, receives the same message.
    const webhookId = newWebhookId()
    const body = payloadOf(event.type, now, event.data)
    return to.map((endpoint) => ({
      endpoint_id: endpoint.id,
      webhook_id: webhookId,
      type: event.type,
      signup_id: event.signupId,
      erasure: event.type === 'person.erased' ? 1 : 0,
      body,
      created_at: at,
      next_attempt_at: at,
      status: 'pending' as const,
      claimed_until: null,
      finished_at: null,
      last_attempt_at: null,
      reply_status: null,
      reply_excerpt: null,
      last_error: null,
    }))
  })
  const on = new Set(wanting.filter((endpoint) => endpoint.enabled).map((endpoint) => Number(endpoint.id)))
  // Each delivery is the log's row (its status, body and reply) and the one queue's entry that carries it
  // (platform/outbox/outbox-queue.ts), in the event's transaction: an HTTP post on the specification's schedule, in
  // its endpoint's lane, held while the endpoint is off (a test goes all the same).
  await inChunks(rows, chunk, async (part) => {
    const logged = await trx.insertInto('webhook_deliveries').values(part).returning(['id', 'endpoint_id', 'signup_id', 'type', 'erasure']).execute()
    await enqueue(
      trx,
      logged.map((row) => {
        const entry = {
          kind: row.type === 'webhook.test' ? webhookTestKind : webhookKind,
          subjectId: Number(row.id),
          at: now,
          by: { transport: httpTransport, retry: row.erasure === 1 ? untilDelivered : standardSchedule, lane: laneOf(Number(row.endpoint_id)), held: row.type !== 'webhook.test' && !on.has(Number(row.endpoint_id)) },
        }
        return row.signup_id === null ? entry : { ...entry, personId: Number(row.signup_id) }
      }),
    )
  })
  return rows.length
}

/** An erasure, in its transaction: the person's deliveries not sent yet are cancelled (they would send what the
 * erasure removes), and every body that names them is cleared, and every reply to one (a receiver may echo what it
 * got); the status rows stay, naming nobody. Says which endpoints were sent something naming them: each must hear
 * of the erasure, on or off, whatever it asked for (a post that failed may still have been kept). */
export async function forgetPerson(trx: Db, signupId: number, now: Date): Promise<number[]> {
  const sent = await trx.selectFrom('webhook_deliveries').select('endpoint_id').distinct().where('signup_id', '=', signupId).where('attempts', '>', 0).execute()
  // Their entries in the queue that no deliverer holds go (the erasure's own dropQueued has taken them already when
  // it runs first); one in flight finds its body cleared when it records.
  await withdrawQueued(trx, { kind: webhookKind, personId: signupId }, now)
  await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'cancelled', finished_at: now.toISOString() })
    .where('signup_id', '=', signupId)
    .where('finished_at', 'is', null)
    .execute()
  await trx.updateTable('webhook_deliveries').set({ body: null, reply_excerpt: null, signup_id: null }).where('signup_id', '=', signupId).execute()
  return sent.map((row) => Number(row.endpoint_id))
}

/** How long a finished delivery keeps its body for the log; then only its status row stays. */
export const deliveryBodyKeptMs = 7 * 24 * 3_600_000

/** Clears up to `limit` bodies of deliveries finished before the keep, along webhook_deliveries_finished, and says
 * how many: the webhooks' own part of what the database keeps no longer than it needs (the platform's sweep,
 * platform/retention/, names no feature). Rows another instance is clearing are passed over. */
export async function clearOldBodies(database: Database, now: Date, limit = 1000): Promise<number> {
  const { db, lockRows } = database
  const old = db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('body', 'is not', null)
    .where('finished_at', 'is not', null)
    .where('finished_at', '<', new Date(now.getTime() - deliveryBodyKeptMs).toISOString())
    .limit(limit)
  const cleared = await db.updateTable('webhook_deliveries').set({ body: null }).where('id', 'in', lockRows(old, { skipLocked: true })).executeTakeFirst()
  return Number(cleared.numUpdatedRows)
}
