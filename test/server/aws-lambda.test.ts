// @vitest-environment node
// The serverless entry (server/aws-lambda.ts) as AWS runs it, in this process: its module loaded once with the
// settings in the environment, every request an API Gateway event given to `handler` (HTTP API's payload 2.0, and
// one REST API event), and the background work run only when a scheduler would call its function, never on a
// timer. Through those alone: a confirmation email leaves and is confirmed, the confirmed person gets an update,
// a webhook is delivered, and a visit is counted. On the engine of the run (SQLite here, PostgreSQL in the
// postgres project).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { analyticsPath } from '../../shared/analytics'
import { consentApi } from '../../shared/consent-paths'
import { messages } from '../../shared/messages'
import { linkIn, startInbox, type Inbox } from '../../tools/smtp-inbox'
import { until } from '../../tools/until'
import { startReceiver, type Receiver } from '../utils/webhook-receiver'
import { runsOnBothEngines } from '../utils/store-suite'
import { freshDatabase, makeTempDir, queryDatabase, validSignup } from './harness'

runsOnBothEngines()

const domain = 'api.stride.example'
const owner = 'team@company.example'
let inbox: Inbox
let receiver: Receiver
let temp: Awaited<ReturnType<typeof makeTempDir>>
let databaseUrl: string
let lambda: typeof import('../../server/aws-lambda')
const keptEnv = { ...process.env }

beforeAll(async () => {
  inbox = await startInbox()
  receiver = await startReceiver()
  temp = await makeTempDir()
  databaseUrl = await freshDatabase(temp.dir)
  // What the function's configuration would set.
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl,
    SMTP_URL: inbox.url,
    ADMIN_EMAILS: owner,
    PUBLIC_SITE_URL: `https://${domain}`,
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    LOG_LEVEL: 'silent',
  })
  lambda = await import('../../server/aws-lambda')
})
afterAll(async () => {
  process.env = keptEnv
  // The function's mailer keeps its pooled SMTP connection open, as a warm Lambda does: the inbox would wait 30 s
  // for it to hang up, so it is closed without waiting.
  void inbox?.close()
  await receiver?.close()
  await temp?.remove()
})

type LambdaReply = { statusCode: number; body: string; headers?: Record<string, string>; cookies?: string[] }

/** A request as API Gateway's HTTP API hands it to the function (payload format 2.0). */
async function request(method: string, path: string, options: { body?: unknown; cookie?: string; contentType?: string } = {}): Promise<LambdaReply> {
  const [rawPath, rawQueryString = ''] = path.split('?')
  const body = options.body === undefined ? undefined : JSON.stringify(options.body)
  const event = {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString,
    cookies: options.cookie ? [options.cookie] : undefined,
    headers: {
      host: domain,
      'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
      ...(body === undefined ? {} : { 'content-type': options.contentType ?? 'application/json' }),
      ...(method === 'GET' ? {} : { origin: `https://${domain}` }),
    },
    requestContext: {
      accountId: '123456789012',
      apiId: 'stride',
      domainName: domain,
      domainPrefix: 'api',
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '203.0.113.9', userAgent: 'test' },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    body,
    isBase64Encoded: false,
  }
  return (await lambda.handler(event as never)) as LambdaReply
}

const json = (reply: LambdaReply) => JSON.parse(reply.body) as Record<string, unknown>

it('answers API Gateway events and, run only by its scheduled functions, mails, confirms, sends an update, delivers a webhook and counts a visit', async () => {
  // A REST API (payload 1.0) event too: /healthz, as a load balancer's check would reach it.
  const health = (await lambda.handler({
    resource: '/{proxy+}',
    path: '/healthz',
    httpMethod: 'GET',
    headers: { host: domain },
    multiValueHeaders: { host: [domain] },
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    requestContext: { accountId: '123456789012', apiId: 'stride', domainName: domain, httpMethod: 'GET', identity: { sourceIp: '203.0.113.9' }, path: '/healthz', protocol: 'HTTP/1.1', requestId: randomUUID(), requestTimeEpoch: Date.now(), resourceId: 'proxy', resourcePath: '/{proxy+}', stage: 'prod' },
    body: null,
    isBase64Encoded: false,
  } as never)) as LambdaReply
  expect(health.statusCode).toBe(200)

  // The owner signs in to the console and adds a webhook endpoint for confirmations.
  expect((await request('POST', '/api/admin/sign-in/request', { body: { email: owner } })).statusCode).toBe(202)
  await lambda.outboxSender()
  const signInToken = new URL(linkIn(await inbox.next(owner))).hash.slice('#token='.length)
  const verified = await request('POST', '/api/admin/sign-in/verify', { body: { token: signInToken } })
  expect(verified.statusCode).toBe(200)
  const cookie = verified.cookies![0]!.split(';')[0]!
  const added = await request('POST', '/api/admin/webhooks', { cookie, body: { url: receiver.url, events: ['signup.confirmed'] } })
  expect(added.statusCode, added.body).toBe(200)

  // A visitor's page view and signup; nothing is mailed until the scheduler calls the outbox's function.
  expect((await request('POST', analyticsPath, { body: { page: '/' }, contentType: 'text/plain;charset=UTF-8' })).statusCode).toBe(204)
  const email = 'lambda@example.com'
  const joined = await request('POST', '/api/waitlist', { body: { ...validSignup, email }, contentType: 'text/plain;charset=UTF-8' })
  expect(json(joined)).toMatchObject({ ok: true })
  await expect(inbox.next(email, 500)).rejects.toThrow(/no mail/)
  await lambda.outboxSender()
  const confirmation = await inbox.next(email)
  const token = /\/waitlist\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(confirmation.text ?? '')?.[1]
  const confirmed = json(await request('POST', consentApi.confirm, { body: { token } }))
  expect(confirmed).toMatchObject({ ok: true, message: messages.confirmed })
  expect(json(await request('POST', consentApi.news, { body: { token: confirmed.nextToken, news: 'on' } }))).toMatchObject({ ok: true })

  // The webhook leaves when the deliveries' function runs.
  expect(receiver.received).toEqual([])
  await lambda.webhooksClock()
  const [delivery] = await receiver.waitFor(1, 'the signup.confirmed webhook')
  expect(JSON.parse(delivery!.body)).toMatchObject({ type: 'signup.confirmed', data: { person: expect.objectContaining({ email }) } })

  // An update to everyone who holds news: the updates' function queues it, the outbox's sends it.
  const created = await request('POST', '/api/admin/updates', { cookie, body: { subject: 'Stride on Lambda', preheader: '', body: 'Sent by scheduled functions.' } })
  expect(created.statusCode, created.body).toBe(201)
  const updateId = (json(created).update as { id: number }).id
  const sending = await request('POST', `/api/admin/updates/${updateId}/send`, { cookie, body: { audience: 'everyone', perSecond: 100 } })
  expect(sending.statusCode, sending.body).toBe(200)
  await lambda.updatesClock()
  await lambda.outboxSender()
  const mails = async () => inbox.mails.filter((mail) => mail.subject === 'Stride on Lambda' && mail.rcptTo.includes(email))
  await until(async () => (await mails()).length === 1, 20_000, 'the update mailed to the confirmed person')

  // The visit is counted when the analytics' function runs (its view is written just after the beacon's reply).
  const views = async () => Number((await queryDatabase(databaseUrl, 'SELECT count(*) AS n FROM analytics_views'))[0]!.n)
  await until(async () => (await views()) === 1, 20_000, 'the page view written')
  expect(await queryDatabase(databaseUrl, 'SELECT views FROM analytics_partial')).toEqual([])
  await lambda.analyticsClock()
  const counted = await queryDatabase(databaseUrl, 'SELECT sum(views) AS views FROM analytics_partial')
  expect(Number(counted[0]!.views)).toBeGreaterThan(0)

  // The other scheduled functions run once and return.
  await Promise.all([lambda.launchClock(), lambda.retentionSweep(), lambda.webhookBodiesClock()])
})
