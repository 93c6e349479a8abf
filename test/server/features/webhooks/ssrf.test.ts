// @vitest-environment node
// Where webhooks are refused (issue 33, "SSRF"), WITHOUT WEBHOOKS_ALLOW_PRIVATE: at connect time, with a real
// receiver listening on 127.0.0.1 that must hear nothing, whatever the URL says (an IP literal, IPv6 loopback, a
// private or metadata address, a name whose DNS answer is loopback); no redirect followed; and at save time in the
// console. The guard's own table of addresses is checked address by address.
import { afterEach, describe, expect, it } from 'vitest'
import { endpointUrlProblem, isForbiddenAddress, type Resolve } from '../../../../server/features/webhooks/address-guard'
import { postWebhook } from '../../../../server/features/webhooks/webhook-post'
import type { WebhookDeliveriesReply } from '../../../../shared/webhook-rows'
import { until } from '../../../../tools/until'
import { startReceiver, type Receiver } from '../../../utils/webhook-receiver'
import { startWebhookServer, type WebhookServer } from './webhook-harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

const receivers: Receiver[] = []
let server: WebhookServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
  for (const receiver of receivers.splice(0)) await receiver.close()
})
const receiver = async () => {
  const started = await startReceiver()
  receivers.push(started)
  return started
}
/** A DNS that answers every name with these addresses (a name pointed at the inside, or rebound to it). */
const answering =
  (...addresses: string[]): Resolve =>
  (_hostname, _options, callback) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    )
const body = '{"type":"webhook.test"}'

describe('the address guard', () => {
  it('refuses loopback, private, link-local, metadata, unspecified and their IPv4-mapped forms, and lets public addresses by', () => {
    const refused = [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '169.254.1.1',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:10.0.0.1',
      '0:0:0:0:0:ffff:a9fe:a9fe',
      '::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '[::1]',
      'not an address',
    ]
    const allowed = ['93.184.216.34', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:93.184.216.34']
    expect(refused.filter((address) => !isForbiddenAddress(address))).toEqual([])
    expect(allowed.filter(isForbiddenAddress)).toEqual([])
  })
})

describe('at connect time, without allow-private', () => {
  it('refuses 127.0.0.1, [::1], 10.x and 169.254.169.254 in the URL, before any connection', async () => {
    const hooks = await receiver()
    for (const url of [hooks.url, `http://[::1]:${hooks.port}/hooks`, 'http://10.0.0.7/hooks', 'http://169.254.169.254/latest/meta-data/', `https://[::ffff:127.0.0.1]:${hooks.port}/`]) {
      const result = await postWebhook(url, {}, body, { allowPrivate: false })
      expect(result, url).toMatchObject({ ok: false, status: null, error: expect.stringContaining('refused to connect') })
    }
    expect(hooks.received).toEqual([])
  })

  it('refuses a name that resolves to loopback, as the connection looks it up', async () => {
    const hooks = await receiver()
    // localhost through the system's own resolver, and a public-looking name through one that points it inside.
    const viaSystem = await postWebhook(`http://localhost:${hooks.port}/hooks`, {}, body, { allowPrivate: false })
    const viaRebinding = await postWebhook(`http://hooks.example.com:${hooks.port}/hooks`, {}, body, { allowPrivate: false, resolve: answering('93.184.216.34', '127.0.0.1') })
    for (const result of [viaSystem, viaRebinding]) expect(result).toMatchObject({ ok: false, error: expect.stringContaining('refused to connect to') })
    expect(hooks.received).toEqual([])
    // The same name answered with the receiver's address is delivered once private addresses are allowed: the
    // refusal above is the guard's, not a failure to connect.
    const allowed = await postWebhook(`http://hooks.example.com:${hooks.port}/hooks`, {}, body, { allowPrivate: true, resolve: answering('127.0.0.1') })
    expect(allowed).toEqual({ ok: true, status: 200, excerpt: 'ok' })
  })

  it('follows no redirect: a 302 to the inside is a failure, and its target hears nothing', async () => {
    const inside = await receiver()
    const redirecting = await receiver()
    redirecting.answer = () => ({ status: 302, headers: { location: inside.url } })
    // Allowed to reach the redirecting receiver (it is on this machine too); what matters is what it answers.
    const result = await postWebhook(redirecting.url, {}, body, { allowPrivate: true })
    expect(result).toMatchObject({ ok: false, status: 302, error: 'answered 302: redirects are not followed' })
    expect(redirecting.received).toHaveLength(1)
    expect(inside.received).toEqual([])
  })

  it('stops reading a reply at its limit, and gives up on a receiver that answers too slowly', async () => {
    const chatty = await receiver()
    chatty.answer = () => ({ status: 200, body: 'x'.repeat(1024 * 1024) })
    const read = await postWebhook(chatty.url, {}, body, { allowPrivate: true })
    expect(read).toMatchObject({ ok: true, status: 200 })
    expect(read.excerpt!.length).toBeLessThanOrEqual(500)
    const { createServer } = await import('node:http')
    const silent = createServer(() => undefined)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const port = (silent.address() as { port: number }).port
    const slow = await postWebhook(`http://127.0.0.1:${port}/`, {}, body, { allowPrivate: true, timeoutMs: 300 })
    expect(slow).toMatchObject({ ok: false, error: 'no complete reply within 0.3 s' })
    silent.closeAllConnections()
    await new Promise((resolve) => silent.close(resolve))
  })

  it('records the refusal in the delivery log when a saved name later resolves inside (DNS changed since)', async () => {
    const hooks = await receiver()
    server = await startWebhookServer({ allowPrivate: false, resolve: answering('127.0.0.1') })
    const cookie = await server.signIn()
    const { endpoint } = await server.addEndpoint(cookie, `https://hooks.example.com:${hooks.port}/hooks`, ['signup.confirmed'])
    await server.request(`/api/admin/webhooks/${endpoint.id}/test`, { method: 'POST', cookie })
    const log = async () => ((await (await server!.request(`/api/admin/webhooks/${endpoint.id}/deliveries`, { cookie })).json()) as WebhookDeliveriesReply).deliveries
    await until(async () => (await log())[0]?.attempts === 1 && (await log())[0]?.error !== null, 5000, 'the refusal recorded')
    expect((await log())[0]).toMatchObject({ status: 'pending', replyStatus: null, error: 'refused to connect to 127.0.0.1: a loopback, private, link-local or metadata address' })
    expect(hooks.received).toEqual([])
  })
})

describe('at save time, without allow-private', () => {
  it('accepts https only, and refuses addresses on this machine or a private network', async () => {
    expect(endpointUrlProblem('https://hooks.example.com/waitlist', false)).toBeUndefined()
    for (const url of ['http://hooks.example.com/', 'https://127.0.0.1/', 'https://[::1]/', 'https://10.0.0.1/', 'https://169.254.169.254/', 'https://localhost/', 'https://user:pw@hooks.example.com/', 'hooks.example.com', 'ftp://hooks.example.com/'])
      expect(endpointUrlProblem(url, false), url).toBeDefined()
    // Each refusal a local try meets names the setting that allows it.
    expect(endpointUrlProblem('http://127.0.0.1:8080/hooks', false)).toMatch(/WEBHOOKS_ALLOW_PRIVATE=true/)
    expect(endpointUrlProblem('https://localhost/hooks', false)).toMatch(/WEBHOOKS_ALLOW_PRIVATE=true/)
    // With it, a local receiver over http.
    expect(endpointUrlProblem('http://127.0.0.1:8080/hooks', true)).toBeUndefined()

    server = await startWebhookServer({ allowPrivate: false })
    const cookie = await server.signIn()
    const refused = await server.request('/api/admin/webhooks', { method: 'POST', cookie, body: JSON.stringify({ url: 'https://169.254.169.254/', events: ['person.erased'] }) })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ ok: false, code: 'bad-url' })
    const noEvents = await server.request('/api/admin/webhooks', { method: 'POST', cookie, body: JSON.stringify({ url: 'https://hooks.example.com/', events: ['everything'] }) })
    expect(await noEvents.json()).toMatchObject({ ok: false, code: 'no-events' })
    // And the console's routes are the console's: no session, no endpoint.
    expect((await server.request('/api/admin/webhooks', { method: 'POST', body: JSON.stringify({ url: 'https://hooks.example.com/', events: ['person.erased'] }) })).status).toBe(401)
  })
})
