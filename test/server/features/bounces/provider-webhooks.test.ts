// @vitest-environment node
// The providers' bounce and complaint webhooks (features/bounces/), each checked by its own real scheme with keys the
// test makes: an SNS message signed with RSA under an X.509 certificate (made by openssl) that the injected SNS fetch
// serves, SendGrid's ECDSA P-256 signature, Mailgun's HMAC-SHA256, Postmark's basic auth. And what must change
// nothing: unsigned, wrongly signed, a certificate off the SNS hosts, an unknown event type (200, ignored), a flood
// (429 unread, while a verified request from elsewhere still lands).
import { execFileSync } from 'node:child_process'
import { createHmac, createSign, generateKeyPairSync, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { BounceSettings } from '../../../../server/config'
import { featureMigrations } from '../../../../server/feature-migrations'
import { openDatabase } from '../../../../server/platform/database/open'
import { canonicalAddress } from '../../../../shared/mailbox'
import { sendGuardDefaults } from '../../../../shared/update-rows'
import { isSnsUrl, snsOverHttps } from '../../../../server/features/bounces/ses-sns'
import { logLines } from '../../../utils/log-lines'
import { composeForTests, type Stores } from '../../../../tools/open-store'
import { sqliteEngine } from '../../../utils/engines'
import type { Composition } from '../../../../server/compose'
import { validSignup } from '../../harness'
import { onlyOn } from '../../../utils/store-suite'

onlyOn('sqlite', "a provider's signature is checked before any store is touched; the rules its events lead to run on both engines in suppression-rules.test.ts")
const engine = sqliteEngine()
const topicArn = 'arn:aws:sns:us-east-1:123456789012:ses-bounces'
const certUrl = 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-0123456789abcdef.pem'
const postmarkAuth = { user: 'hooks', password: 's3cret-postmark' }
const mailgunKey = 'mailgun-signing-key-for-tests'
const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
const sendgridKey = ec.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')
let sns: { key: string; cert: string }
let folder = ''

beforeAll(async () => {
  await engine.setup()
  // An X.509 certificate for the SNS signatures, as AWS's would be: RSA 2048, made here by openssl.
  folder = mkdtempSync(join(tmpdir(), 'sns-cert-'))
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(folder, 'key.pem'), '-out', join(folder, 'cert.pem'), '-days', '2', '-subj', '/CN=sns.amazonaws.com'], { stdio: 'ignore' })
  sns = { key: readFileSync(join(folder, 'key.pem'), 'utf8'), cert: readFileSync(join(folder, 'cert.pem'), 'utf8') }
})
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true })
  await engine.teardown()
})

type Server = { composition: Composition; store: Stores; post: (path: string, body: string, headers?: Record<string, string>) => Promise<Response>; lines: () => string[]; fetched: string[]; confirmed: string[]; suppressedRows: () => Promise<Record<string, unknown>[]> }
const servers: Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.store.close()
})

async function start(options: { refusals?: { max: number; windowMs: number } } = {}): Promise<Server> {
  const url = await engine.newDatabase()
  const { logger, lines } = logLines('info')
  const fetched: string[] = []
  const confirmed: string[] = []
  const bounces: BounceSettings = { softBounces: { limit: 3, windowMs: 14 * 86_400_000 }, sesTopicArns: [topicArn], postmarkAuth, sendgridPublicKey: sendgridKey, mailgunSigningKey: mailgunKey, sendGuard: sendGuardDefaults }
  const { composition, stores } = composeForTests(await openDatabase(url, { migrations: featureMigrations }), {
    config: { bounces, webhooks: { allowPrivate: true } },
    log: logger,
    clientAddress: (c) => c.req.header('x-test-client') ?? '192.0.2.1',
    limits: options.refusals ? { bounceRefusals: options.refusals } : undefined,
    // The injected SNS: the test's certificate at any URL it is asked for (the code asks only SNS hosts), and a record
    // of the subscriptions confirmed.
    sns: {
      certificate: async (asked) => {
        fetched.push(asked)
        return sns.cert
      },
      confirm: async (asked) => {
        confirmed.push(asked)
      },
    },
  })
  const server: Server = {
    composition,
    store: stores,
    post: (path, body, headers = {}) => Promise.resolve(composition.app.request(path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } })),
    lines,
    fetched,
    confirmed,
    suppressedRows: () => engine.query(url, 'SELECT address, reason, source, words FROM suppressions WHERE suppressed_at IS NOT NULL ORDER BY address'),
  }
  servers.push(server)
  return server
}

const signUp = (store: Stores, email: string) => store.add({ ...validSignup, email, emailNormalized: canonicalAddress(email)!, submissionId: null })

// SNS, as AWS documents the string to sign: each field's name, a newline, its value, a newline, in byte order.
function snsMessage(fields: { Type: string; Message: string; Subject?: string; SubscribeURL?: string; Token?: string; SigningCertURL?: string; TopicArn?: string }, version: '1' | '2' = '1') {
  const message: Record<string, string> = { MessageId: randomBytes(8).toString('hex'), Timestamp: new Date().toISOString(), TopicArn: topicArn, SigningCertURL: certUrl, SignatureVersion: version, ...fields }
  const keys = fields.Type === 'Notification' ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type']
  const text = keys.filter((key) => message[key] !== undefined).map((key) => `${key}\n${message[key]}\n`).join('')
  message.Signature = createSign(version === '1' ? 'RSA-SHA1' : 'RSA-SHA256').update(text).sign(sns.key, 'base64')
  return message
}
const sesBounce = (address: string, bounceType: 'Permanent' | 'Transient', diagnosticCode = 'smtp; 550 5.1.1 user unknown') =>
  JSON.stringify({ notificationType: 'Bounce', bounce: { bounceType, bounceSubType: 'General', bouncedRecipients: [{ emailAddress: address, diagnosticCode }] }, mail: { destination: [address] } })

const sendgridSigned = (body: string, timestamp = String(Math.floor(Date.now() / 1000))) => ({
  'x-twilio-email-event-webhook-timestamp': timestamp,
  'x-twilio-email-event-webhook-signature': createSign('sha256').update(timestamp + body).sign(ec.privateKey, 'base64'),
})
function mailgunBody(eventData: Record<string, unknown>, key = mailgunKey) {
  const timestamp = String(Math.floor(Date.now() / 1000))
  const token = randomBytes(25).toString('hex')
  return JSON.stringify({ signature: { timestamp, token, signature: createHmac('sha256', key).update(timestamp + token).digest('hex') }, 'event-data': eventData })
}
const basic = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` })

describe('Amazon SES through SNS', () => {
  it('takes a Permanent bounce signed with SignatureVersion 1 or 2, its certificate fetched from the SNS host only', async () => {
    const server = await start()
    const one = await server.post('/api/bounces/ses', JSON.stringify(snsMessage({ Type: 'Notification', Message: sesBounce('Ann@Example.com', 'Permanent') })))
    expect(one.status).toBe(200)
    const two = await server.post('/api/bounces/ses', JSON.stringify(snsMessage({ Type: 'Notification', Subject: 'Amazon SES Email Event Notification', Message: sesBounce('bob@example.com', 'Permanent') }, '2')))
    expect(two.status).toBe(200)
    expect(await server.suppressedRows()).toEqual([
      { address: 'ann@example.com', reason: 'hard-bounce', source: 'ses', words: 'smtp; 550 5.1.1 user unknown' },
      { address: 'bob@example.com', reason: 'hard-bounce', source: 'ses', words: 'smtp; 550 5.1.1 user unknown' },
    ])
    // One certificate, fetched once and kept.
    expect(server.fetched).toEqual([certUrl])
  })

  it('confirms a signed SubscriptionConfirmation by its SubscribeURL, and counts a Transient bounce as soft', async () => {
    const server = await start()
    const subscribeUrl = `https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${topicArn}&Token=abc`
    const confirmation = snsMessage({ Type: 'SubscriptionConfirmation', Message: 'You have chosen to subscribe.', SubscribeURL: subscribeUrl, Token: 'abc' })
    expect((await server.post('/api/bounces/ses', JSON.stringify(confirmation))).status).toBe(200)
    expect(server.confirmed).toEqual([subscribeUrl])
    expect((await server.post('/api/bounces/ses', JSON.stringify(snsMessage({ Type: 'Notification', Message: sesBounce('ann@example.com', 'Transient', 'mailbox full') })))).status).toBe(200)
    expect(await server.suppressedRows()).toEqual([])
  })

  it('refuses, with 401 and nothing changed, a wrong signature, another topic, and a certificate off the SNS hosts (never fetched)', async () => {
    const server = await start()
    const tampered = snsMessage({ Type: 'Notification', Message: sesBounce('ann@example.com', 'Permanent') })
    tampered.Message = sesBounce('bob@example.com', 'Permanent')
    expect((await server.post('/api/bounces/ses', JSON.stringify(tampered))).status).toBe(401)
    const otherTopic = snsMessage({ Type: 'Notification', Message: sesBounce('ann@example.com', 'Permanent'), TopicArn: 'arn:aws:sns:us-east-1:999999999999:theirs' })
    expect((await server.post('/api/bounces/ses', JSON.stringify(otherTopic))).status).toBe(401)
    for (const url of ['https://sns.us-east-1.amazonaws.com.evil.example/cert.pem', 'http://sns.us-east-1.amazonaws.com/cert.pem', 'https://evil.example/sns.us-east-1.amazonaws.com.pem', 'https://sns.us-east-1.amazonaws.com:8443/cert.pem']) {
      const message = snsMessage({ Type: 'Notification', Message: sesBounce('ann@example.com', 'Permanent'), SigningCertURL: url })
      expect((await server.post('/api/bounces/ses', JSON.stringify(message))).status).toBe(401)
    }
    const unsigned = { Type: 'Notification', TopicArn: topicArn, Message: sesBounce('ann@example.com', 'Permanent') }
    expect((await server.post('/api/bounces/ses', JSON.stringify(unsigned))).status).toBe(401)
    // Only the genuine URL was ever fetched (for the tampered message, whose signature then failed).
    expect(server.fetched).toEqual([certUrl])
    expect(await server.suppressedRows()).toEqual([])
  })
})

describe('the SNS hosts', () => {
  it('are the only ones the production fetch will ask, for a certificate or a confirmation', async () => {
    expect(isSnsUrl(certUrl, { pem: true })).toBe(true)
    expect(isSnsUrl('https://sns.cn-north-1.amazonaws.com.cn/SimpleNotificationService-1.pem', { pem: true })).toBe(true)
    for (const url of ['https://sns.us-east-1.amazonaws.com.evil.example/a.pem', 'https://user@sns.us-east-1.amazonaws.com/a.pem', 'https://sns.us-east-1.amazonaws.com/a.txt', 'https://s3.amazonaws.com/a.pem', 'file:///etc/passwd'])
      expect(isSnsUrl(url, { pem: true }), url).toBe(false)
    await expect(snsOverHttps.certificate('https://127.0.0.1/cert.pem')).rejects.toThrow('not an SNS certificate URL')
    await expect(snsOverHttps.confirm('https://127.0.0.1/?Action=ConfirmSubscription')).rejects.toThrow('not an SNS URL')
  })
})

describe('SendGrid', () => {
  it('takes a signed batch: a bounce is hard, a blocked one soft, a spam report a complaint, other events ignored', async () => {
    const server = await start()
    await signUp(server.store, 'cy@example.com')
    const body = JSON.stringify([
      { email: 'ann@example.com', event: 'bounce', type: 'bounce', reason: '550 5.1.1 The email account does not exist', sg_event_id: '1' },
      { email: 'bob@example.com', event: 'bounce', type: 'blocked', reason: '421 try later', sg_event_id: '2' },
      { email: 'cy@example.com', event: 'spamreport', sg_event_id: '3' },
      { email: 'dee@example.com', event: 'delivered', sg_event_id: '4' },
      { email: 'dee@example.com', event: 'something_new', sg_event_id: '5' },
    ])
    const reply = await server.post('/api/bounces/sendgrid', body, sendgridSigned(body))
    expect(reply.status).toBe(200)
    expect(await reply.json()).toMatchObject({ ok: true, bounces: 3, suppressed: 2, ignored: 2 })
    expect(await server.suppressedRows()).toEqual([
      { address: 'ann@example.com', reason: 'hard-bounce', source: 'sendgrid', words: '550 5.1.1 The email account does not exist' },
      { address: 'cy@example.com', reason: 'complaint', source: 'sendgrid', words: 'Marked as spam' },
    ])
    expect(server.lines().join('\n')).toMatch(/sendgrid event of type something_new ignored/)
  })

  it('refuses an unsigned request, a wrong signature and a changed body with 401, logged without the body', async () => {
    const server = await start()
    const body = JSON.stringify([{ email: 'ann@example.com', event: 'bounce', type: 'bounce', reason: 'MARKER-4f1d' }])
    expect((await server.post('/api/bounces/sendgrid', body)).status).toBe(401)
    const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    const timestamp = String(Math.floor(Date.now() / 1000))
    const wrongKey = createSign('sha256').update(timestamp + body).sign(other.privateKey, 'base64')
    expect((await server.post('/api/bounces/sendgrid', body, { 'x-twilio-email-event-webhook-timestamp': timestamp, 'x-twilio-email-event-webhook-signature': wrongKey })).status).toBe(401)
    const signed = sendgridSigned(body)
    expect((await server.post('/api/bounces/sendgrid', body.replace('bounce"', 'bounce" '), signed)).status).toBe(401)
    expect((await server.post('/api/bounces/sendgrid', body, { ...signed, 'x-twilio-email-event-webhook-timestamp': '1' })).status).toBe(401)
    expect(await server.suppressedRows()).toEqual([])
    const logged = server.lines().join('\n')
    expect(logged).toMatch(/sendgrid webhook refused/)
    expect(logged).not.toContain('MARKER-4f1d')
  })
})

describe('Mailgun', () => {
  it('takes a signed permanent failure as hard, one given up after retries (reason old) as soft, a complaint, and ignores a temporary one', async () => {
    const server = await start()
    const send = (eventData: Record<string, unknown>) => server.post('/api/bounces/mailgun', mailgunBody(eventData))
    expect((await send({ event: 'failed', severity: 'permanent', reason: 'bounce', recipient: 'ann@example.com', 'delivery-status': { code: 550, description: 'No such user' } })).status).toBe(200)
    expect((await send({ event: 'failed', severity: 'temporary', reason: 'generic', recipient: 'bob@example.com' })).status).toBe(200)
    expect((await send({ event: 'failed', severity: 'permanent', reason: 'old', recipient: 'cy@example.com', 'delivery-status': { message: 'mailbox full' } })).status).toBe(200)
    expect((await send({ event: 'complained', recipient: 'dee@example.com' })).status).toBe(200)
    expect((await send({ event: 'opened', recipient: 'dee@example.com' })).status).toBe(200)
    expect(await server.suppressedRows()).toEqual([
      { address: 'ann@example.com', reason: 'hard-bounce', source: 'mailgun', words: 'No such user' },
      { address: 'dee@example.com', reason: 'complaint', source: 'mailgun', words: 'Marked as spam' },
    ])
    // Given up after its retries: one soft bounce counted, not a suppression.
    const cy = await server.store.database.db.selectFrom('suppressions').select(['soft_bounces', 'suppressed_at']).where('address', '=', 'cy@example.com').executeTakeFirstOrThrow()
    expect(cy.suppressed_at).toBeNull()
    expect(cy.soft_bounces.split(' ')).toHaveLength(1)
  })

  it('refuses a signature made with another key, and one with no signature', async () => {
    const server = await start()
    const eventData = { event: 'failed', severity: 'permanent', recipient: 'ann@example.com' }
    expect((await server.post('/api/bounces/mailgun', mailgunBody(eventData, 'another-key'))).status).toBe(401)
    expect((await server.post('/api/bounces/mailgun', JSON.stringify({ 'event-data': eventData }))).status).toBe(401)
    expect(await server.suppressedRows()).toEqual([])
  })
})

describe('Postmark', () => {
  it('takes a HardBounce and a SpamComplaint with the right basic auth; the complaint unsubscribes and tells the webhooks', async () => {
    const server = await start()
    await signUp(server.store, 'bob@example.com')
    const added = await server.store.webhookEndpoints.add({ url: 'http://127.0.0.1:9/hook', events: ['person.suppressed'] }, 'team@company.example', new Date())
    expect(added.ok).toBe(true)
    const auth = basic(postmarkAuth.user, postmarkAuth.password)
    const hard = { RecordType: 'Bounce', Type: 'HardBounce', TypeCode: 1, Email: 'ann@example.com', Description: 'The server was unable to deliver your message (ex: unknown user, mailbox not found).', Details: 'smtp;550 5.1.1' }
    expect((await server.post('/api/bounces/postmark', JSON.stringify(hard), auth)).status).toBe(200)
    const complaint = { RecordType: 'SpamComplaint', Email: 'bob@example.com', Details: 'Test spam complaint details' }
    expect((await server.post('/api/bounces/postmark', JSON.stringify(complaint), auth)).status).toBe(200)
    const soft = { RecordType: 'Bounce', Type: 'Transient', Email: 'cy@example.com' }
    expect((await server.post('/api/bounces/postmark', JSON.stringify(soft), auth)).status).toBe(200)
    expect((await server.suppressedRows()).map((row) => [row.address, row.reason, row.source])).toEqual([
      ['ann@example.com', 'hard-bounce', 'postmark'],
      ['bob@example.com', 'complaint', 'postmark'],
    ])
    const { database } = server.store
    const bob = await database.db.selectFrom('signups').select(['id', 'status']).where('email_normalized', '=', 'bob@example.com').executeTakeFirstOrThrow()
    expect(bob.status).toBe('unsubscribed')
    const deliveries = await database.db.selectFrom('webhook_deliveries').select(['type', 'body']).where('type', '=', 'person.suppressed').execute()
    expect(deliveries).toHaveLength(1)
    expect(JSON.parse(deliveries[0]!.body!)).toMatchObject({ type: 'person.suppressed', data: { person: { id: Number(bob.id) }, suppression: { reason: 'complaint', source: 'postmark' } } })
  })

  it('refuses no credentials and wrong ones with 401', async () => {
    const server = await start()
    const hard = JSON.stringify({ RecordType: 'Bounce', Type: 'HardBounce', Email: 'ann@example.com' })
    expect((await server.post('/api/bounces/postmark', hard)).status).toBe(401)
    expect((await server.post('/api/bounces/postmark', hard, basic(postmarkAuth.user, 'wrong'))).status).toBe(401)
    expect((await server.post('/api/bounces/postmark', hard, basic('other', postmarkAuth.password))).status).toBe(401)
    expect(await server.suppressedRows()).toEqual([])
  })
})

describe('every provider', () => {
  it('answers 404 for a provider that is not one, or whose secret is not set', async () => {
    const server = await start()
    expect((await server.post('/api/bounces/sparkpost', '{}')).status).toBe(404)
    expect((await server.post('/api/bounces/__proto__', '{}')).status).toBe(404)
  })

  it('answers a flood of refused requests 429 unread, while a verified one from elsewhere still lands', async () => {
    const server = await start({ refusals: { max: 5, windowMs: 60_000 } })
    const body = JSON.stringify([{ email: 'ann@example.com', event: 'bounce', type: 'bounce', reason: 'forged' }])
    const statuses: number[] = []
    for (let index = 0; index < 20; index += 1) statuses.push((await server.post('/api/bounces/sendgrid', body, { 'x-test-client': '203.0.113.9', 'x-twilio-email-event-webhook-signature': 'AAAA', 'x-twilio-email-event-webhook-timestamp': '1' })).status)
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]))
    expect(await server.suppressedRows()).toEqual([])
    // The provider, from its own address, is not held back by the flood, and its verified requests use no count.
    const real = JSON.stringify([{ email: 'bob@example.com', event: 'bounce', type: 'bounce', reason: '550 no such user' }])
    for (let index = 0; index < 8; index += 1) expect((await server.post('/api/bounces/sendgrid', real, { 'x-test-client': '198.51.100.7', ...sendgridSigned(real) })).status).toBe(200)
    expect((await server.suppressedRows()).map((row) => row.address)).toEqual(['bob@example.com'])
  })
})
