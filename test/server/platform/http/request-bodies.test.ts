// @vitest-environment node
// How every route meets a request body, against a real server, over real sockets where the connection is the
// point. JSON that is no object (`null`, a list, a number, a string, half an object) is refused in words, never
// a 500; the console's JSON routes read at most 2 KB, like every other small body (5 MB was once read and
// obeyed); and a reply that leaves a body unread (every 413, every refusal before the body) says
// `Connection: close` and closes, so a keep-alive client never sends its next request into a connection the
// server is about to drop. A body read in full keeps the connection for the next request.
import { hashSecret, newSecret } from '../../../../server/platform/secrets/tokens'
import { waveMessages } from '../../../../server/features/launch/wave-routes'
import { adminMessages } from '../../../../server/features/console/admin-messages'
import { noConsentRecord } from '../../../../server/features/signup/validate'
import { consentApi, invitePagePath } from '../../../../shared/consent-paths'
import { canonicalAddress } from '../../../../shared/mailbox'
import { messages } from '../../../../shared/messages'
import { chunk, lastChunk, openConnection, requestHead, type RawConnection } from '../../../utils/raw-http'
import { logLines } from '../../../utils/log-lines'
import { startAdminServer, type AdminTestServer } from '../../admin-harness'
import { validSignup } from '../../harness'
import { saveLinkTokens } from '../../../../server/platform/secrets/link-tokens'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

const inviteUrl = 'https://testflight.apple.com/join/Stride01'
const megabytes = (count: number) => 'x'.repeat(count * 1024 * 1024)

let server: AdminTestServer
let cookie: string
const log = logLines('warn')
const connections: RawConnection[] = []

beforeAll(async () => {
  server = await startAdminServer({ inviteUrl, log: log.logger })
  // One confirmed person in line, so a wave started from a preview would invite someone.
  const email = 'ada@example.com'
  await server.store.add({ ...validSignup, email, firstName: 'Ada', emailNormalized: canonicalAddress(email)!, submissionId: null, consent: noConsentRecord })
  await server.store.settled()
  const { id } = await server.store.database.db.selectFrom('signups').select('id').where('email_normalized', '=', email).executeTakeFirstOrThrow()
  const secret = newSecret()
  await saveLinkTokens(server.store.database.db, [{ hash: hashSecret(secret), purpose: 'confirm', personId: id, expiresAt: new Date(Date.now() + 3_600_000) }])
  await server.store.consent.useToken('confirm', hashSecret(secret), new Date())
  cookie = await server.signIn()
}, 60_000)
let linesBefore = 0
beforeEach(() => {
  linesBefore = log.lines().length
})
afterEach(() => {
  for (const connection of connections.splice(0)) connection.destroy()
})
afterAll(() => server?.close())

const open = async () => {
  const connection = await openConnection(server.origin)
  connections.push(connection)
  return connection
}
/** What the console's own page sends with a POST: its session and its Origin. */
const consoleHeaders = () => ({ Cookie: cookie, Origin: server.origin, 'Content-Type': 'application/json' })
const firstInLine = async () => {
  const response = await server.request('/api/admin/waves/next?count=1', { cookie })
  return ((await response.json()) as { people: { id: number }[] }).people[0]!.id
}
/** The faults logged since this test began. */
const faults = () => log.objects().slice(linesBefore).filter((line) => line.level === 'error')

describe('JSON that is not an object', () => {
  const notObjects = ['null', '[]', '[{"count":1}]', '7', 'true', '"count"', '{"count":', '']
  const routes = [
    { path: '/api/admin/waves', message: waveMessages.badCount },
    { path: '/api/admin/pace', message: waveMessages.badPace },
    { path: '/api/admin/sign-in/request', message: adminMessages.invalidEmail },
    { path: '/api/admin/sign-in/verify', message: adminMessages.linkRefused },
  ]

  it.each(routes)('is refused in words on $path, never with a 500', async ({ path, message }) => {
    const answers = []
    for (const body of notObjects) {
      const response = await server.request(path, { method: 'POST', cookie, body })
      answers.push([body, response.status, ((await response.json()) as { message: string }).message])
    }
    expect(answers).toEqual(notObjects.map((body) => [body, 400, message]))
    expect(faults()).toEqual([])
    expect((await (await server.request('/api/admin/waves', { cookie })).json()).waves).toEqual([])
  })

  it.each([consentApi.confirm, consentApi.erase])('is an unreadable request on %s', async (path) => {
    for (const body of notObjects) {
      const response = await fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body })
      expect(await response.json()).toEqual({ ok: false, message: messages.unreadable })
    }
    expect(faults()).toEqual([])
  })
})

describe("the console's JSON routes", () => {
  it.each([
    ['/api/admin/waves', async () => ({ count: 1, firstId: await firstInLine() })],
    ['/api/admin/pace', async () => ({ perDay: 1, atUtc: '09:00' })],
  ])('refuse a body of 5 MB on %s with 413, and do nothing', async (path, validFields) => {
    const body = JSON.stringify({ ...(await validFields()), padding: megabytes(5) })
    const connection = await open()
    connection.write(requestHead(server.origin, 'POST', path, { ...consoleHeaders(), 'Content-Length': Buffer.byteLength(body) }) + body)
    const reply = await connection.reply()
    expect(reply.status).toBe(413)
    expect(JSON.parse(reply.body)).toEqual({ ok: false, message: adminMessages.tooLarge })
    const overview = await (await server.request('/api/admin/waves', { cookie })).json()
    expect(overview).toMatchObject({ waves: [], pace: null, waiting: 1 })
  })

  it('refuse a chunked body once it passes 2 KB, and still take a small one', async () => {
    const connection = await open()
    connection.write(requestHead(server.origin, 'POST', '/api/admin/pace', { ...consoleHeaders(), 'Transfer-Encoding': 'chunked' }))
    connection.write(chunk(`{"perDay":1,"atUtc":"09:00","padding":"${'x'.repeat(1024)}`) + chunk('x'.repeat(1024)) + chunk('x'.repeat(1024)))
    expect((await connection.reply()).status).toBe(413)
    const small = await server.request('/api/admin/pace', { method: 'POST', cookie, body: JSON.stringify({ perDay: 1, atUtc: '09:00', padding: 'x'.repeat(1900) }) })
    expect(small.status).toBe(200)
    expect(await server.request('/api/admin/pace/stop', { method: 'POST', cookie, body: '{}' })).toHaveProperty('status', 200)
  })
})

describe('a body left unread', () => {
  // Each path that answers 413, and the largest body it reads.
  const tooLarge = [
    { name: 'a signup', path: '/api/waitlist', headers: () => ({ 'Content-Type': 'text/plain' }), limit: 4096 },
    { name: "an invitation's button", path: invitePagePath, headers: () => ({ 'Content-Type': 'application/x-www-form-urlencoded' }), limit: 2048 },
    { name: 'a wave', path: '/api/admin/waves', headers: consoleHeaders, limit: 2048 },
    { name: 'a pace', path: '/api/admin/pace', headers: consoleHeaders, limit: 2048 },
  ]

  it.each(tooLarge)('of $name over its limit gets a 413 that closes the connection, before the body is sent', async ({ path, headers, limit }) => {
    const connection = await open()
    // The head alone: a client waiting to send the body (or slow to) meets the answer first.
    connection.write(requestHead(server.origin, 'POST', path, { ...headers(), 'Content-Length': limit + 1 }))
    const reply = await connection.reply()
    expect([reply.status, reply.headers.connection]).toEqual([413, 'close'])
    await connection.closed
  })

  it.each(tooLarge)('of $name streamed past its limit gets a 413 that closes the connection', async ({ path, headers, limit }) => {
    const connection = await open()
    connection.write(requestHead(server.origin, 'POST', path, { ...headers(), 'Transfer-Encoding': 'chunked' }))
    connection.write(chunk('x'.repeat(limit)) + chunk('x'))
    const reply = await connection.reply()
    expect([reply.status, reply.headers.connection]).toEqual([413, 'close'])
    connection.write(lastChunk + requestHead(server.origin, 'GET', '/healthz'))
    await connection.closed
  })

  it.each([
    ['refused for its origin', '/api/waitlist', { 'Content-Type': 'text/plain', Origin: 'https://elsewhere.example' }, 403],
    ['to the console without a session', '/api/admin/waves', { 'Content-Type': 'application/json', Origin: 'ORIGIN' }, 401],
    ['to a path nothing answers', '/api/nothing-here', { 'Content-Type': 'text/plain' }, 404],
  ])('%s closes the connection after its answer', async (_, path, headers, status) => {
    const body = JSON.stringify(validSignup)
    const connection = await open()
    const sent = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, value === 'ORIGIN' ? server.origin : value]))
    connection.write(requestHead(server.origin, 'POST', path, { ...sent, 'Content-Length': body.length + 10 }) + body)
    const reply = await connection.reply()
    expect([reply.status, reply.headers.connection]).toEqual([status, 'close'])
    await connection.closed
  })

  it('never when it was read: the same connection answers the next request', async () => {
    const connection = await open()
    const signup = JSON.stringify({ ...validSignup, email: 'keep@example.com' })
    const pace = JSON.stringify({ perDay: 'many' })
    const form = 'token=not-a-token'
    connection.write(requestHead(server.origin, 'POST', '/api/waitlist', { 'Content-Type': 'text/plain', 'Content-Length': signup.length }) + signup)
    connection.write(requestHead(server.origin, 'POST', '/api/admin/pace', { ...consoleHeaders(), 'Content-Length': pace.length }) + pace)
    connection.write(requestHead(server.origin, 'POST', invitePagePath, { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': form.length }) + form)
    connection.write(requestHead(server.origin, 'GET', '/healthz'))
    const statuses = []
    for (let index = 0; index < 4; index++) {
      const reply = await connection.reply()
      statuses.push([reply.status, reply.headers.connection])
    }
    expect(statuses).toEqual([
      [200, 'keep-alive'],
      [400, 'keep-alive'],
      [404, 'keep-alive'],
      [200, 'keep-alive'],
    ])
    expect(connection.isClosed()).toBe(false)
  })
})
