// @vitest-environment node
// The happy path and the two promises: a repeat never doubles a row and never reads differently from a first
// signup, and a retried submission is one row.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { messages } from '../../../../shared/messages'
import { failingDatabase } from '../../../utils/failing-database'
import { logLines } from '../../../utils/log-lines'
import { inParallel, startTestServer, validSignup, type TestServer } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

let server: TestServer
beforeEach(async () => {
  server = await startTestServer()
})
afterEach(() => server.close())

const success = { ok: true, message: messages.success }

describe('POST /api/waitlist', () => {
  it('stores a signup with its creation time and source, and no IP address', async () => {
    const before = Date.now()
    const response = await server.post({ firstName: '  Ann ', email: ' Ann@Example.COM ', source: validSignup.source, submissionId: 'a1b2c3d4' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await response.json()).toEqual(success)
    const rows = await server.rows()
    expect(rows).toEqual([
      {
        id: 1,
        email_normalized: 'ann@example.com',
        email: 'ann@example.com',
        first_name: 'Ann',
        source: validSignup.source,
        submission_id: 'a1b2c3d4',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        status: 'pending',
      },
    ])
    expect(Date.parse(rows[0]!.created_at)).toBeGreaterThanOrEqual(before - 1000)
    expect(JSON.stringify(rows)).not.toContain('127.0.0.1')
  })

  it('accepts application/json as well as text/plain, and refuses other body types with a text message', async () => {
    const json = await server.post(validSignup, { headers: { 'Content-Type': 'application/json' } })
    expect(await json.json()).toEqual(success)
    const form = await server.post('email=ann@example.com', { headers: { 'Content-Type': 'multipart/form-data; boundary=x' } })
    expect(form.status).toBe(415)
    expect(form.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await form.text()).toBe(messages.unsupportedType)
    expect(await server.rows()).toHaveLength(1)
  })

  it('keeps one row per normalised email and answers a repeat exactly like a first signup', async () => {
    const first = await server.post({ ...validSignup, email: 'Ann@Example.com', firstName: 'Ann' })
    const repeat = await server.post({ ...validSignup, email: '  Ann@EXAMPLE.COM', firstName: 'Someone else' })
    expect(repeat.status).toBe(first.status)
    expect(await repeat.text()).toBe(await first.text())
    const rows = await server.rows()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ email: 'ann@example.com', first_name: 'Ann' })
  })

  it('keeps one person whatever the case, Unicode form or trailing dot of the address', async () => {
    for (const email of ['victim@target.example', 'Victim@target.example', 'VICTIM@TARGET.EXAMPLE', 'victim@target.example.'])
      expect(await (await server.post({ ...validSignup, email })).json()).toEqual(success)
    for (const email of ['user@bücher.example', 'user@xn--bcher-kva.example', 'USER@BÜCHER.example', 'u\u0308ser@example.com', 'üser@example.com'])
      expect(await (await server.post({ ...validSignup, email })).json()).toEqual(success)
    expect((await server.rows()).map((row) => [row.email_normalized, row.email])).toEqual([
      ['victim@target.example', 'victim@target.example'],
      ['user@xn--bcher-kva.example', 'user@xn--bcher-kva.example'],
      ['üser@example.com', 'üser@example.com'],
    ])
  })

  it('makes a retry with the same submissionId one row, even when the retries race', async () => {
    const body = { ...validSignup, submissionId: 'retry-0001' }
    const replies = await inParallel([1, 2, 3, 4, 5], 5, async () => (await server.post(body)).json())
    expect(replies).toEqual(Array(5).fill(success))
    expect(await server.rows()).toHaveLength(1)
  })

  it('keeps a different person whose client reused a submissionId', async () => {
    await server.post({ ...validSignup, email: 'ann@example.com', submissionId: 'same-id-42' })
    const second = await server.post({ ...validSignup, email: 'bob@example.com', submissionId: 'same-id-42' })
    expect(await second.json()).toEqual(success)
    const rows = await server.rows()
    expect(rows.map((row) => [row.email, row.submission_id])).toEqual([
      ['ann@example.com', 'same-id-42'],
      ['bob@example.com', null],
    ])
  })

  it('answers the CORS preflight of application/json callers and refuses other methods in words', async () => {
    const preflight = await fetch(server.url, { method: 'OPTIONS' })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Content-Type')
    const get = await fetch(server.url)
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST, OPTIONS')
    expect(await get.text()).toBe(messages.methodNotAllowed)
    const unknown = await fetch(`${server.origin}/api/other`, { method: 'POST', body: '{}' })
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toBe(messages.notFound)
  })

  it('carries security headers and is never cached', async () => {
    const response = await server.post(validSignup)
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('permissions-policy')).toContain('camera=()')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('strict-transport-security')).toBeNull()
  })
})

describe('when storage fails', () => {
  it('answers 500 with a human text message and logs the error', async () => {
    const broken = failingDatabase(new Error('disk on fire'))
    const { logger, objects } = logLines()
    const failing = await startTestServer({ database: broken, log: logger })
    try {
      const response = await failing.post(validSignup)
      expect(response.status).toBe(500)
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
      expect(await response.text()).toBe(messages.serverError)
      expect(objects()).toContainEqual(
        expect.objectContaining({ level: 'error', msg: 'waitlist: unexpected error; answered 500', err: expect.objectContaining({ message: 'disk on fire' }) }),
      )
    } finally {
      await failing.close()
    }
  })
})
