// The console's webhooks (issue 33), under /api/admin behind the console's session and Origin checks (the
// composition mounts them there: server/app.ts): the endpoints (list, add, edit the events, turn on or off,
// delete, rotate the secret), a test delivery, and each endpoint's delivery log, newest first. Every change is
// audited with who made it; the audit names the endpoint by id and URL, never a secret.
import { Hono, type Context } from 'hono'
import type { Reply } from '../../../shared/console-api'
import type { WebhookDeliveriesReply, WebhookEndpointRow, WebhookEndpointsReply, WebhookSecretReply } from '../../../shared/webhook-rows'
import { webhookEventTypes } from '../../../shared/webhook-rows'
import { readFieldsBody } from '../../platform/http/read-body'
import { consoleRoutes } from '../../../shared/console-routes'
import type { AdminEnv } from '../../platform/console/guard'
import { consoleMessages } from '../../platform/console/console-messages'
import { on } from '../../platform/console/console-route'
import type { Audit } from '../../platform/console/audit'
import type { EndpointStore } from './endpoint-store'

export type WebhookRoutesOptions = {
  endpoints: EndpointStore
  audit: Audit
  now: () => Date
  /** A delivery was queued: the deliverer looks at once. */
  onQueued?: () => void
}

const notFound = { ok: false, code: 'not-found', message: 'There is no such endpoint (someone may have deleted it).' } as const

export function webhookRoutes(options: WebhookRoutesOptions): Hono<AdminEnv> {
  const { endpoints, audit, now } = options
  const routes = new Hono<AdminEnv>()
  const idOf = (c: Context) => {
    const id = Number(c.req.param('id'))
    return Number.isSafeInteger(id) && id >= 1 ? id : undefined
  }
  const input = async (c: Context) => {
    const read = await readFieldsBody(c, { maxBytes: 8192 })
    if (read.kind === 'too-large') return undefined
    const fields = read.kind === 'fields' ? read.fields : {}
    const events = Array.isArray(fields.events) ? fields.events.filter((event): event is string => typeof event === 'string') : []
    return { url: typeof fields.url === 'string' ? fields.url : '', events }
  }
  const named = (endpoint: WebhookEndpointRow) => `endpoint #${endpoint.id} (${endpoint.url})`

  on(routes, consoleRoutes.webhooks, async (c) => c.json({ ok: true, endpoints: await endpoints.list(), eventTypes: webhookEventTypes } satisfies Reply<WebhookEndpointsReply>))

  on(routes, consoleRoutes.addWebhook, async (c) => {
    const given = await input(c)
    if (!given) return c.json({ ok: false, message: consoleMessages.tooLarge }, 413)
    const by = c.get('adminEmail')
    const added = await endpoints.add(given, by, now())
    if (!added.ok) return c.json(added, 400)
    if (!('secret' in added)) return c.json(notFound, 404)
    await audit(by, 'add-webhook', `${named(added.endpoint)}: ${added.endpoint.events.join(', ')}`)
    return c.json({ ok: true, endpoint: added.endpoint, secret: added.secret } satisfies Reply<WebhookSecretReply>)
  })

  on(routes, consoleRoutes.editWebhook, async (c) => {
    const id = idOf(c)
    const given = await input(c)
    if (!given) return c.json({ ok: false, message: consoleMessages.tooLarge }, 413)
    const edited = id === undefined ? undefined : await endpoints.edit(id, given)
    if (!edited) return c.json(notFound, 404)
    if (!edited.ok) return c.json(edited, 400)
    if (!('endpoint' in edited)) return c.json(notFound, 404)
    await audit(c.get('adminEmail'), 'edit-webhook', `${named(edited.endpoint)}: ${edited.endpoint.events.join(', ')}`)
    return c.json({ ok: true, endpoint: edited.endpoint })
  })

  for (const [route, enabled] of [
    [consoleRoutes.webhookOn, true],
    [consoleRoutes.webhookOff, false],
  ] as const)
    on(routes, route, async (c) => {
      const id = idOf(c)
      const endpoint = id === undefined ? undefined : await endpoints.setEnabled(id, enabled, now())
      if (!endpoint) return c.json(notFound, 404)
      await audit(c.get('adminEmail'), enabled ? 'turn-on-webhook' : 'turn-off-webhook', named(endpoint))
      return c.json({ ok: true, endpoint })
    })

  on(routes, consoleRoutes.deleteWebhook, async (c) => {
    const id = idOf(c)
    if (id === undefined || !(await endpoints.remove(id))) return c.json(notFound, 404)
    await audit(c.get('adminEmail'), 'delete-webhook', `endpoint #${id}`)
    return c.json({ ok: true })
  })

  on(routes, consoleRoutes.rotateWebhook, async (c) => {
    const id = idOf(c)
    const rotated = id === undefined ? undefined : await endpoints.rotate(id, now())
    if (!rotated) return c.json(notFound, 404)
    await audit(c.get('adminEmail'), 'rotate-webhook', named(rotated.endpoint))
    return c.json({ ok: true, endpoint: rotated.endpoint, secret: rotated.secret } satisfies Reply<WebhookSecretReply>)
  })

  on(routes, consoleRoutes.testWebhook, async (c) => {
    const id = idOf(c)
    const by = c.get('adminEmail')
    if (id === undefined || !(await endpoints.sendTest(id, by, now()))) return c.json(notFound, 404)
    options.onQueued?.()
    await audit(by, 'test-webhook', `endpoint #${id}`)
    return c.json({ ok: true })
  })

  on(routes, consoleRoutes.webhookDeliveries, async (c) => {
    const id = idOf(c)
    const before = c.req.query('before')
    const cursor = before === undefined ? undefined : Number(before)
    if (cursor !== undefined && !(Number.isSafeInteger(cursor) && cursor >= 1)) return c.json(notFound, 404)
    const page = id === undefined ? undefined : await endpoints.deliveries(id, cursor)
    if (!page) return c.json(notFound, 404)
    return c.json({ ok: true, ...page, lookedAt: now().toISOString() } satisfies Reply<WebhookDeliveriesReply>)
  })

  return routes
}
