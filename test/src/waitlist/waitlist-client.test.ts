// @vitest-environment node
// The waitlist client against a real HTTP server on 127.0.0.1, one test per row of the form's message
// catalogue (docs/product-rules.md#messages). The expected messages are written out here, word for word, so a
// changed message turns these tests red.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { submitWaitlistSignup, WAITLIST_TIMEOUT_MS } from '../../../src/waitlist/waitlist-client'

interface Received {
  method: string
  contentType: string | undefined
  body: string
}

let server: Server
let endpoint: string
let respond: (req: IncomingMessage, res: ServerResponse) => void
const received: Received[] = []
const closed: Promise<void>[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      received.push({ method: req.method ?? '', contentType: req.headers['content-type'], body })
      respond(req, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/waitlist`
})

afterEach(() => {
  received.length = 0
  vi.useRealTimers()
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const signup = { firstName: '  Ada ', email: ' ada@example.com  ', source: 'stride-marketing-site' }
const json = (status: number, value: unknown) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value))
}
const text = (status: number, value: string) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { 'Content-Type': 'text/plain' }).end(value)
}
/** Polls on the real event loop (setImmediate is never faked here), unlike vi.waitFor which moves fake clocks. */
async function until(condition: () => boolean) {
  for (let i = 0; i < 10_000 && !condition(); i++) await new Promise((resolve) => setImmediate(resolve))
  expect(condition()).toBe(true)
}
/** Answers nothing, and records when the client gives up and closes the connection. */
const silent = (req: IncomingMessage) => {
  closed.push(new Promise((resolve) => req.socket.once('close', () => resolve())))
}

describe('the request: one text/plain POST of the signup as JSON', () => {
  it('POSTs text/plain with the JSON string of the trimmed signup, a submission id and no preflight', async () => {
    respond = json(200, { ok: true, message: 'Welcome aboard' })
    await submitWaitlistSignup(signup, { endpoint })
    expect(received).toHaveLength(1) // no OPTIONS preflight before the POST
    const [request] = received
    expect(request?.method).toBe('POST')
    expect(request?.contentType).toMatch(/^text\/plain(;|$)/) // a CORS-safelisted content type
    const body = JSON.parse(request?.body ?? '')
    expect(body).toEqual({
      firstName: 'Ada',
      email: 'ada@example.com',
      source: 'stride-marketing-site',
      submissionId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    })
    expect(body).not.toHaveProperty('website')
  })

  it('sends a fresh submission id per submit, and the honeypot only when it is filled', async () => {
    respond = json(200, { ok: true, message: '' })
    await submitWaitlistSignup(signup, { endpoint })
    await submitWaitlistSignup({ ...signup, website: 'http://spam.example' }, { endpoint })
    const [first, second] = received.map((r) => JSON.parse(r.body))
    expect(first.submissionId).not.toBe(second.submissionId)
    expect(second.website).toBe('http://spam.example')
  })

  it("returns 'Waitlist endpoint not configured.' without any request when the endpoint is empty", async () => {
    respond = json(200, { ok: true })
    const fetchImpl = vi.fn<typeof fetch>()
    for (const empty of ['', '   ']) {
      await expect(submitWaitlistSignup(signup, { endpoint: empty, fetchImpl })).resolves.toEqual({
        ok: false,
        message: 'Waitlist endpoint not configured.',
      })
    }
    expect(fetchImpl).not.toHaveBeenCalled()
    expect(received).toHaveLength(0)
  })
})

describe('the error catalogue: every outcome in its exact words', () => {
  it('ok true: success, with the server message', async () => {
    respond = json(200, { ok: true, message: 'Welcome aboard' })
    await expect(submitWaitlistSignup(signup, { endpoint })).resolves.toEqual({ ok: true, message: 'Welcome aboard' })
  })

  it('ok false with a message: the server message', async () => {
    respond = json(200, { ok: false, message: 'This email is already on the list.' })
    await expect(submitWaitlistSignup(signup, { endpoint })).resolves.toEqual({
      ok: false,
      message: 'This email is already on the list.',
    })
  })

  it.each([
    ['no message', { ok: false }],
    ['an empty message', { ok: false, message: '  ' }],
    ['a message that is not text', { ok: false, message: { html: '<b>x</b>' } }],
    ['no ok at all', { message: '' }],
  ])("ok false with %s: 'An API error occurred.'", async (_case, answer) => {
    respond = json(200, answer)
    await expect(submitWaitlistSignup(signup, { endpoint })).resolves.toEqual({
      ok: false,
      message: 'An API error occurred.',
    })
  })

  it('HTTP error with text: the response text', async () => {
    respond = text(503, 'The waitlist sheet is full.\n')
    await expect(submitWaitlistSignup(signup, { endpoint })).resolves.toEqual({
      ok: false,
      message: 'The waitlist sheet is full.',
    })
  })

  it("HTTP error without text: 'Something went wrong.'", async () => {
    respond = text(500, '')
    await expect(submitWaitlistSignup(signup, { endpoint })).resolves.toEqual({ ok: false, message: 'Something went wrong.' })
  })

  it("HTTP error whose text cannot be read: 'Unable to read error response.'", async () => {
    respond = (_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/plain', 'Content-Length': '1000' })
      res.write('The first half of an answer')
      setTimeout(() => res.socket?.destroy(), 20) // the rest never arrives
    }
    await expect(submitWaitlistSignup(signup, { endpoint })).resolves.toEqual({
      ok: false,
      message: 'Unable to read error response.',
    })
  })

  it.each([
    ['not JSON', 'Thanks!'],
    ['JSON but not an object', '"ok"'],
    ['JSON null', 'null'],
  ])("an unreadable body (%s): 'Something went wrong. Please try again in a moment.'", async (_case, body) => {
    respond = text(200, body)
    await expect(submitWaitlistSignup(signup, { endpoint })).resolves.toEqual({
      ok: false,
      message: 'Something went wrong. Please try again in a moment.',
    })
  })

  it("a dropped connection: 'Network issue—please check your connection and try again.'", async () => {
    respond = (req) => req.socket.destroy()
    await expect(submitWaitlistSignup(signup, { endpoint })).resolves.toEqual({
      ok: false,
      message: 'Network issue—please check your connection and try again.',
    })
  })

  it('a connection that drops while a successful answer arrives: the network message', async () => {
    respond = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' })
      res.write('{"ok":tr')
      setTimeout(() => res.socket?.destroy(), 20)
    }
    await expect(submitWaitlistSignup(signup, { endpoint })).resolves.toEqual({
      ok: false,
      message: 'Network issue—please check your connection and try again.',
    })
  })

  it('no server at all: the network message', async () => {
    const nobody = createServer()
    await new Promise<void>((resolve) => nobody.listen(0, '127.0.0.1', resolve))
    const port = (nobody.address() as AddressInfo).port
    await new Promise<void>((resolve) => nobody.close(() => resolve()))
    await expect(submitWaitlistSignup(signup, { endpoint: `http://127.0.0.1:${port}/` })).resolves.toEqual({
      ok: false,
      message: 'Network issue—please check your connection and try again.',
    })
  })
})

describe('no answer at all (the time-out)', () => {
  it('waits 15 000 ms by default', () => {
    expect(WAITLIST_TIMEOUT_MS).toBe(15_000)
  })

  it('aborts the request after an injected shorter delay and shows the network message', async () => {
    respond = silent
    const started = Date.now()
    const result = await submitWaitlistSignup(signup, { endpoint, timeoutMs: 150 })
    expect(result).toEqual({ ok: false, message: 'Network issue—please check your connection and try again.' })
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
    await closed.at(-1) // the server sees the connection closed: the request really was aborted
  })

  it('with the default, gives up at exactly 15 000 ms, not a millisecond earlier', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    respond = silent
    let settled: unknown
    const pending = submitWaitlistSignup(signup, { endpoint }).then((result) => (settled = result))
    await until(() => received.length === 1) // the request reached the server
    await vi.advanceTimersByTimeAsync(14_999)
    await new Promise((resolve) => setImmediate(resolve))
    expect(settled).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    await pending
    expect(settled).toEqual({ ok: false, message: 'Network issue—please check your connection and try again.' })
    await closed.at(-1)
  })

  it("aborts when the caller's signal aborts (the machine leaving 'submitting')", async () => {
    respond = silent
    const controller = new AbortController()
    const pending = submitWaitlistSignup(signup, { endpoint, signal: controller.signal })
    await until(() => received.length === 1)
    controller.abort()
    await expect(pending).resolves.toEqual({
      ok: false,
      message: 'Network issue—please check your connection and try again.',
    })
    await closed.at(-1)
  })
})
