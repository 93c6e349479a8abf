// @vitest-environment node
// Every reply carries an X-Request-Id, and every request leaves one log line under that id with its method,
// route pattern, status and time, never its path's query (platform/observability/observe-requests.ts). The id is taken
// from the request only behind a trusted proxy, and only if it looks like an id. A fault's line carries the id
// of the request that met it.
import { afterEach, describe, expect, it } from 'vitest'
import { StoreUnavailableError } from '../../../../server/platform/database/contract'
import { failingDatabase } from '../../../utils/failing-database'
import { logLines } from '../../../utils/log-lines'
import { startTestServer, validSignup, type TestServer } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

type Line = { level: string; reqId?: string; method?: string; route?: string; status?: number; ms?: number; reply?: string; msg: string; err?: { message: string } }
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('the request id and the request line', () => {
  it('stamps every reply, the site’s own Responses and 404s included, and logs one line under the same id', async () => {
    const { logger, objects } = logLines()
    server = await startTestServer({ log: logger, site: async () => new Response('a page', { headers: { 'Content-Type': 'text/html' } }) })
    const replies = [
      await server.post(validSignup),
      await fetch(`${server.origin}/waitlist/confirm?token=${'t'.repeat(43)}`, { method: 'POST', headers: { Origin: 'null', 'Content-Type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' }),
      await fetch(`${server.origin}/about`),
      await fetch(`${server.origin}/api/nothing-here`, { method: 'POST' }),
      await fetch(`${server.origin}/api/admin/signups/12/erase`, { method: 'POST', headers: { Origin: server.origin } }),
    ]
    const ids = replies.map((reply) => reply.headers.get('x-request-id'))
    for (const id of ids) expect(id).toMatch(uuid)
    expect(new Set(ids).size).toBe(ids.length)
    const lines = (objects() as Line[]).filter((line) => line.route !== undefined)
    expect(lines.map((line) => [line.reqId, line.method, line.route, line.status])).toEqual([
      [ids[0], 'POST', '/api/waitlist', 200],
      [ids[1], 'POST', '/waitlist/confirm', 303],
      [ids[2], 'GET', '/*', 200],
      [ids[3], 'POST', '/api/*', 404],
      // The console, composed as `npm start` composes it, asks for a session before anything else.
      [ids[4], 'POST', '/api/admin/*', 401],
    ])
    expect(lines[0]).toMatchObject({ level: 'info', reply: 'success', msg: expect.stringMatching(/^POST \/api\/waitlist 200 [\d.]+ ms$/) })
    for (const line of lines) expect(line.ms).toBeGreaterThanOrEqual(0)
    expect(JSON.stringify(objects())).not.toContain('token')
  })

  it('keeps a trusted proxy’s id when it looks like one, and makes its own otherwise', async () => {
    const idOf = async (sent: string) => (await fetch(`${server!.origin}/api/waitlist`, { headers: { 'X-Request-Id': sent } })).headers.get('x-request-id')
    server = await startTestServer({ log: logLines().logger })
    expect(await idOf('from-the-proxy-1')).toMatch(uuid) // no TRUST_PROXY: the client could have chosen it
    await server.close()
    server = await startTestServer({ log: logLines().logger, trustedProxies: 1 })
    expect(await idOf('from-the-proxy-1')).toBe('from-the-proxy-1')
    expect(await idOf('4bf92f3577b34da6a3ce929d0e0e4736')).toBe('4bf92f3577b34da6a3ce929d0e0e4736')
    for (const insane of ['x'.repeat(129), 'two words', 'a"b', 'line\tbreak', '<script>']) expect(await idOf(insane), insane).toMatch(uuid)
  })

  it('writes no request line below LOG_LEVEL, and a fault’s line at error with its request’s id', async () => {
    const { logger, objects } = logLines('warn')
    server = await startTestServer({ log: logger, database: failingDatabase(new StoreUnavailableError(new Error('connection refused'))) })
    const unavailable = await server.post(validSignup)
    expect(unavailable.status).toBe(503)
    const broken = await startTestServer({ log: logger, database: failingDatabase(new Error('a bug')) })
    const failed = await broken.post(validSignup)
    await broken.close()
    expect(failed.status).toBe(500)
    const lines = objects() as Line[]
    expect(lines.filter((line) => line.route !== undefined)).toEqual([])
    expect(lines).toEqual([
      expect.objectContaining({ level: 'error', reqId: unavailable.headers.get('x-request-id'), err: expect.objectContaining({ message: expect.stringContaining('connection refused') }) }),
      expect.objectContaining({ level: 'error', reqId: failed.headers.get('x-request-id'), msg: 'waitlist: unexpected error; answered 500' }),
    ])
  })
})
