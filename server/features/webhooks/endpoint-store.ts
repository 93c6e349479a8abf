// The endpoints the team adds in the console (issue 33): a URL (address-guard.ts says which), the events it wants,
// and its secret, made here and handed back once (webhook-secrets.ts says why it is kept whole). A rotation makes
// a new secret and keeps the old one signing beside it for a day, so a receiver can switch without losing a
// delivery. The delivery log reads a page at a time, newest first.
import { deliveryPageSize, isWebhookEventType, webhookEventTypes, type WebhookDeliveryRow, type WebhookEndpointRow, type WebhookEventType } from '../../../shared/webhook-rows'
import type { Database } from '../../platform/database/database'
import { endpointUrlProblem } from './address-guard'
import { failingNote } from './webhook-deliverer'
import { holdLane, releaseLane, withdrawLane } from '../../platform/outbox/outbox-queue'
import { laneOf, queueEvents, webhookKind } from './webhook-outbox'
import { newWebhookSecret } from './webhook-secrets'

/** How long a rotated-out secret still signs. */
export const previousSecretValidMs = 24 * 3_600_000

export type EndpointInput = { url: string; events: readonly string[] }
export type Checked = { ok: true; url: string; events: (typeof webhookEventTypes)[number][] } | { ok: false; code: 'bad-url' | 'no-events' | 'same-url'; message: string }

/** An address added twice would get every event twice. */
export const sameUrlMessage = (id: number) => `That URL is already endpoint #${id}. Change its events there instead of adding it again.`

export type EndpointStore = {
  list(): Promise<WebhookEndpointRow[]>
  /** A new endpoint, on, and its secret (shown this once). */
  add(input: EndpointInput, by: string, now: Date): Promise<Checked | { ok: true; endpoint: WebhookEndpointRow; secret: string }>
  /** The events it wants (and its URL); undefined when there is no such endpoint. */
  edit(id: number, input: EndpointInput): Promise<Checked | { ok: true; endpoint: WebhookEndpointRow } | undefined>
  setEnabled(id: number, enabled: boolean, now: Date): Promise<WebhookEndpointRow | undefined>
  remove(id: number): Promise<boolean>
  /** A new secret; the old one signs beside it for a day. */
  rotate(id: number, now: Date): Promise<{ endpoint: WebhookEndpointRow; secret: string } | undefined>
  /** Queues a `webhook.test` delivery to this endpoint alone. */
  sendTest(id: number, by: string, now: Date): Promise<boolean>
  /** A page of the log, newest first, older than the delivery `before` when given. */
  deliveries(id: number, before?: number): Promise<{ deliveries: WebhookDeliveryRow[]; older: string | null } | undefined>
}

export function checkEndpoint(input: EndpointInput, allowPrivate: boolean): Checked {
  const problem = endpointUrlProblem(input.url, allowPrivate)
  if (problem) return { ok: false, code: 'bad-url', message: problem }
  const events = webhookEventTypes.filter((type) => input.events.includes(type))
  if (events.length === 0 || !input.events.every(isWebhookEventType)) return { ok: false, code: 'no-events', message: 'Choose at least one event from the list.' }
  return { ok: true, url: new URL(input.url.trim()).href, events }
}

export function endpointStore(database: Database, options: { allowPrivate: boolean }): EndpointStore {
  const { db } = database
  const iso = (date: Date) => date.toISOString()
  const columns = ['id', 'url', 'events', 'enabled', 'off_reason', 'off_at', 'failing_since', 'previous_secret_until', 'created_at', 'created_by'] as const
  type Row = { id: number; url: string; events: string; enabled: number; off_reason: 'team' | 'failing' | null; off_at: string | null; failing_since: string | null; previous_secret_until: string | null; created_at: string; created_by: string; erasures_waiting: number | string | bigint | null }
  // With the erasures still waiting for each endpoint: what a deletion would drop, which the console's question names.
  const selectEndpoints = () =>
    db
      .selectFrom('webhook_endpoints')
      .select(columns)
      .select((eb) =>
        eb
          .selectFrom('webhook_deliveries')
          .select((counted) => counted.fn.countAll().as('n'))
          .whereRef('webhook_deliveries.endpoint_id', '=', 'webhook_endpoints.id')
          .where('webhook_deliveries.erasure', '=', 1)
          .where('webhook_deliveries.status', '=', 'pending')
          .as('erasures_waiting'),
      )
  const rowOf = (row: Row): WebhookEndpointRow => ({
    id: Number(row.id),
    url: row.url,
    events: (JSON.parse(row.events) as string[]).filter(isWebhookEventType),
    enabled: Number(row.enabled) === 1,
    off:
      Number(row.enabled) === 1 || row.off_at === null
        ? null
        : {
            reason: row.off_reason ?? 'team',
            at: new Date(row.off_at).toISOString(),
            note: row.off_reason === 'failing' ? failingNote(new Date(row.failing_since ?? row.off_at).toISOString()) : 'Turned off by the team.',
          },
    previousSecretUntil: row.previous_secret_until === null ? null : new Date(row.previous_secret_until).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by,
    erasuresWaiting: Number(row.erasures_waiting ?? 0),
  })
  const read = async (id: number) => {
    const row = await selectEndpoints().where('id', '=', id).executeTakeFirst()
    return row && rowOf(row)
  }

  return {
    async list() {
      return (await selectEndpoints().orderBy('id').execute()).map(rowOf)
    },
    async add(input, by, now) {
      const checked = checkEndpoint(input, options.allowPrivate)
      if (!checked.ok) return checked
      // The URL as checkEndpoint wrote it, so that a trailing slash or a capital in the host is the same address.
      const same = await db.selectFrom('webhook_endpoints').select('id').where('url', '=', checked.url).executeTakeFirst()
      if (same) return { ok: false, code: 'same-url', message: sameUrlMessage(Number(same.id)) }
      const secret = newWebhookSecret()
      const { id } = await db
        .insertInto('webhook_endpoints')
        .values({ url: checked.url, events: JSON.stringify(checked.events), secret, previous_secret: null, previous_secret_until: null, enabled: 1, off_reason: null, off_at: null, failing_since: null, created_at: iso(now), created_by: by })
        .returning('id')
        .executeTakeFirstOrThrow()
      return { ok: true, endpoint: (await read(Number(id)))!, secret }
    },
    async edit(id, input) {
      const checked = checkEndpoint(input, options.allowPrivate)
      if (!checked.ok) return checked
      const updated = await db.updateTable('webhook_endpoints').set({ url: checked.url, events: JSON.stringify(checked.events) }).where('id', '=', id).executeTakeFirst()
      return updated.numUpdatedRows === 1n ? { ok: true, endpoint: (await read(id))! } : undefined
    },
    async setEnabled(id, enabled, now) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('webhook_endpoints')
          .set(enabled ? { enabled: 1, off_reason: null, off_at: null, failing_since: null } : { enabled: 0, off_reason: 'team', off_at: iso(now) })
          .where('id', '=', id)
          .execute()
        // Turned on again, what waited for it goes at once, not at the retry it was waiting for (up to 10 h away);
        // turned off, it waits (a test goes all the same).
        if (enabled) {
          await releaseLane(trx, laneOf(id), now)
          await trx.updateTable('webhook_deliveries').set({ next_attempt_at: iso(now) }).where('endpoint_id', '=', id).where('finished_at', 'is', null).where('next_attempt_at', '>', iso(now)).execute()
        } else await holdLane(trx, laneOf(id), webhookKind, now)
      })
      return read(id)
    },
    async remove(id) {
      return db.transaction().execute(async (trx) => {
        await withdrawLane(trx, laneOf(id))
        await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute()
        const deleted = await trx.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst()
        return deleted.numDeletedRows === 1n
      })
    },
    async rotate(id, now) {
      const current = await db.selectFrom('webhook_endpoints').select('secret').where('id', '=', id).executeTakeFirst()
      if (!current) return undefined
      const secret = newWebhookSecret()
      await db
        .updateTable('webhook_endpoints')
        .set({ secret, previous_secret: current.secret, previous_secret_until: iso(new Date(now.getTime() + previousSecretValidMs)) })
        .where('id', '=', id)
        .where('secret', '=', current.secret)
        .execute()
      return { endpoint: (await read(id))!, secret }
    },
    async sendTest(id, by, now) {
      return db.transaction().execute(async (trx) => {
        const queued = await queueEvents(trx, [{ type: 'webhook.test', data: { message: `A test sent from the console by ${by}.` }, signupId: null }], now, { only: id })
        return queued > 0
      })
    },
    async deliveries(id, before) {
      if (!(await db.selectFrom('webhook_endpoints').select('id').where('id', '=', id).executeTakeFirst())) return undefined
      let query = db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', id)
      if (before !== undefined) query = query.where('id', '<', before)
      const rows = await query.orderBy('id', 'desc').limit(deliveryPageSize + 1).execute()
      const page = rows.slice(0, deliveryPageSize)
      const time = (value: string | null) => (value === null ? null : new Date(value).toISOString())
      return {
        deliveries: page.map((row) => ({
          id: Number(row.id),
          webhookId: row.webhook_id,
          type: row.type as WebhookEventType,
          status: row.status,
          createdAt: new Date(row.created_at).toISOString(),
          attempts: Number(row.attempts),
          lastAttemptAt: time(row.last_attempt_at),
          nextAttemptAt: row.finished_at === null ? time(row.next_attempt_at) : null,
          replyStatus: row.reply_status === null ? null : Number(row.reply_status),
          replyExcerpt: row.reply_excerpt,
          error: row.last_error,
          body: row.body,
        })),
        older: rows.length > deliveryPageSize ? String(page.at(-1)!.id) : null,
      }
    },
  }
}
