// A real waitlist endpoint on 127.0.0.1 that can give every outcome of SPEC §8. The outcome is chosen by
// the submitted email's local part before '+' (`api-false+1a2b@example.com`), so tests running in
// parallel never share a scenario switch. Every request is recorded, preflights (OPTIONS) included, and
// GET /__requests?email=…&method=… lets a test read what arrived.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import { randomUUID } from 'node:crypto'
import { listen } from './static-server'

export const stubScenarios = {
  /** 200 {ok:true}. */
  ok: 'ok',
  /** 200 {ok:true}, after 1 s: time to click twice or look at the submitting state. */
  slow: 'slow',
  /** 200 {ok:false, message:'Server says no'}. */
  apiFalseMessage: 'api-false-msg',
  /** 200 {ok:false} without a message. */
  apiFalse: 'api-false',
  /** 500 with a text body. */
  httpText: 'http-text',
  /** 500 with an empty body. */
  httpEmpty: 'http-empty',
  /** 500 whose body breaks off mid-way: the error text cannot be read. */
  httpUnreadable: 'http-unreadable',
  /** 200 with a body that is not JSON. */
  notJson: 'broken',
  /** The connection is destroyed before any answer. */
  drop: 'drop',
  /** Never answers (the 15 s time-out). */
  hang: 'hang',
} as const

export type StubScenario = (typeof stubScenarios)[keyof typeof stubScenarios]

export const HTTP_ERROR_TEXT = 'The waitlist is closed for maintenance.'
export const API_FALSE_MESSAGE = 'Server says no'

/** A fresh address that asks the stub for one scenario. */
export const stubEmail = (scenario: StubScenario) => `${scenario}+${randomUUID().slice(0, 8)}@example.com`

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
  /** The body parsed as JSON, when it is. */
  json: unknown
  /** The email of the parsed body, exactly as it arrived. */
  email: string | undefined
  /** True when the client went away before the answer was complete (an aborted fetch). */
  closedEarly: boolean
}

const cors = { 'Access-Control-Allow-Origin': '*' }

export function startWaitlistStub({ port, host = '127.0.0.1' }: { port: number; host?: string }) {
  const requests: RecordedRequest[] = []
  const timers = new Set<NodeJS.Timeout>()

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (request.method === 'GET' && url.pathname === '/__requests') {
      const email = url.searchParams.get('email')
      const method = url.searchParams.get('method')
      const matching = requests.filter((r) => (email === null || r.email === email) && (method === null || r.method === method))
      response.writeHead(200, { 'Content-Type': 'application/json', ...cors }).end(JSON.stringify(matching))
      return
    }

    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      let json: unknown
      try {
        json = JSON.parse(body)
      } catch {
        json = undefined
      }
      const email = typeof (json as { email?: unknown })?.email === 'string' ? (json as { email: string }).email : undefined
      const record: RecordedRequest = { method: request.method ?? '', path: url.pathname, headers: request.headers, body, json, email, closedEarly: false }
      requests.push(record)
      response.on('close', () => {
        if (!response.writableFinished) record.closedEarly = true
      })

      if (request.method === 'OPTIONS') {
        // Recorded so a test can prove there was no preflight; answered permissively so that a preflight,
        // if one ever happens, does not also change the outcome being tested.
        response
          .writeHead(204, { ...cors, 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': '*' })
          .end()
        return
      }
      if (request.method !== 'POST' || url.pathname !== '/waitlist') {
        response.writeHead(404, cors).end()
        return
      }
      answer(scenarioOf(email), response)
    })
  })

  function later(ms: number, fn: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer)
      fn()
    }, ms)
    timers.add(timer)
  }

  function answer(scenario: string, response: import('node:http').ServerResponse) {
    const json = (status: number, value: unknown) =>
      response.writeHead(status, { 'Content-Type': 'application/json', ...cors }).end(JSON.stringify(value))
    switch (scenario) {
      case stubScenarios.ok:
        return json(200, { ok: true })
      case stubScenarios.slow:
        return later(1000, () => json(200, { ok: true }))
      case stubScenarios.apiFalseMessage:
        return json(200, { ok: false, message: API_FALSE_MESSAGE })
      case stubScenarios.apiFalse:
        return json(200, { ok: false })
      case stubScenarios.httpText:
        return response.writeHead(500, { 'Content-Type': 'text/plain', ...cors }).end(HTTP_ERROR_TEXT)
      case stubScenarios.httpEmpty:
        return response.writeHead(500, cors).end()
      case stubScenarios.httpUnreadable:
        // Promise 1000 bytes, send a few, then hang up: the headers arrive, the text never does.
        response.writeHead(500, { 'Content-Type': 'text/plain', 'Content-Length': '1000', ...cors })
        response.write('Internal')
        return later(50, () => response.socket?.destroy())
      case stubScenarios.notJson:
        return response.writeHead(200, { 'Content-Type': 'text/html', ...cors }).end('<html>Moved</html>')
      case stubScenarios.drop:
        return response.socket?.destroy()
      case stubScenarios.hang:
        return // never answers; the record notes when the browser gives up
      default:
        return json(400, { ok: false, message: `unknown stub scenario ${scenario}` })
    }
  }

  return listen(server, port, host).then((running) => ({
    ...running,
    requests,
    close: async () => {
      for (const timer of timers) clearTimeout(timer)
      await running.close()
    },
  }))
}

const scenarioOf = (email: string | undefined) => (email ?? '').split('@')[0]!.split('+')[0]!
