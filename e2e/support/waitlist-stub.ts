// A real waitlist endpoint on 127.0.0.1 that can give every outcome of the form's message catalogue
// (docs/product-rules.md#messages). The outcome is chosen by the submitted email's local part before '+'
// (`api-false+1a2b@example.com`), so tests running in parallel never share a scenario switch. It takes the site's
// visit beacons too (`analyticsPath` on its origin). Every request is recorded, preflights (OPTIONS) included, and
// GET /__requests?email=…&method=… lets a test read what arrived.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import { randomUUID } from 'node:crypto'
import { analyticsPath } from '../../shared/analytics'
import { messages } from '../../shared/messages'
import { listen } from '../../tools/static-server'

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

/** The consent endpoints (`<endpoint>/confirm`, `/unsubscribe`, `/erase/confirm` with a token, `/erase` with an
 * email) answer as the server will (shared/messages.ts), chosen by the token's prefix before '_' or the
 * email's local part before '+'. */
export const consentScenarios = {
  /** 200 {ok:true} with the action's sentence. */
  ok: 'ok',
  /** The same, after 1 s. */
  slow: 'slow',
  /** 200 {ok:false}: the link expired or was used. */
  invalid: 'invalid',
  /** 429 text: too many requests. */
  tooMany: 'too-many',
  /** 500 text. */
  serverError: 'server-error',
  /** The connection is destroyed before any answer. */
  drop: 'drop',
} as const

export type ConsentScenario = (typeof consentScenarios)[keyof typeof consentScenarios]

/** A fresh token that asks the stub for one scenario. */
export const stubToken = (scenario: ConsentScenario) => `${scenario}_${randomUUID().replaceAll('-', '')}`

const consentReplies: Record<string, { done: string; refused: string; code: { done: string; refused: string } }> = {
  '/waitlist/confirm': { done: messages.confirmed, refused: messages.confirmLinkInvalid, code: { done: 'confirmed', refused: 'confirm-link-invalid' } },
  '/waitlist/unsubscribe': { done: messages.unsubscribed, refused: messages.unsubscribeLinkInvalid, code: { done: 'unsubscribed', refused: 'unsubscribe-link-invalid' } },
  '/waitlist/erase/confirm': { done: messages.erased, refused: messages.eraseLinkInvalid, code: { done: 'erased', refused: 'erase-link-invalid' } },
  '/waitlist/erase': { done: messages.eraseRequested, refused: messages.invalidEmail, code: { done: 'erase-requested', refused: 'invalid-email' } },
}

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
  /** The body parsed as JSON, when it is. */
  json: unknown
  /** The email of the parsed body (or of a form post), exactly as it arrived. */
  email: string | undefined
  /** The token of a consent request's parsed body (or of a form post). */
  token: string | undefined
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
      const token = url.searchParams.get('token')
      const method = url.searchParams.get('method')
      const matching = requests.filter(
        (r) => (email === null || r.email === email) && (token === null || r.token === token) && (method === null || r.method === method),
      )
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
      const formPost = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false
      const fields: Record<string, unknown> = formPost ? Object.fromEntries(new URLSearchParams(body)) : ((json ?? {}) as Record<string, unknown>)
      const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
      const email = text(fields.email)
      const token = text(fields.token)
      const record: RecordedRequest = { method: request.method ?? '', path: url.pathname, headers: request.headers, body, json, email, token, closedEarly: false }
      requests.push(record)
      response.on('close', () => {
        if (!response.writableFinished) record.closedEarly = true
      })

      // A visit beacon (shared/analytics.ts): recorded above like any request, and answered as the real endpoint
      // does, with nothing to read.
      if (request.method === 'POST' && url.pathname === analyticsPath) {
        response.writeHead(204, cors).end()
        return
      }
      if (request.method === 'OPTIONS') {
        // Recorded so a test can prove there was no preflight; answered permissively so that a preflight,
        // if one ever happens, does not also change the outcome being tested.
        response
          .writeHead(204, { ...cors, 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': '*' })
          .end()
        return
      }
      const consent = consentReplies[url.pathname]
      if (request.method === 'POST' && consent) {
        const scenario = url.pathname === '/waitlist/erase' ? scenarioOf(email) : (token ?? '').split('_')[0]!
        answerConsent(consent, scenario, formPost ? request.headers.origin : undefined, response)
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

  // A script's request gets JSON (or text for HTTP errors); a browser's own form post gets 303 to the outcome
  // page of the site it came from, as the real endpoint does.
  function answerConsent(consent: (typeof consentReplies)[string], scenario: string, formOrigin: string | undefined, response: import('node:http').ServerResponse) {
    const reply = (ok: boolean) => {
      if (formOrigin) return response.writeHead(303, { Location: `${formOrigin}/waitlist/${ok ? consent.code.done : consent.code.refused}` }).end()
      response.writeHead(200, { 'Content-Type': 'application/json', ...cors }).end(JSON.stringify({ ok, message: ok ? consent.done : consent.refused }))
    }
    const text = (status: number, message: string) => response.writeHead(status, { 'Content-Type': 'text/plain', ...cors }).end(message)
    switch (scenario) {
      case consentScenarios.ok:
        return reply(true)
      case consentScenarios.slow:
        return later(1000, () => reply(true))
      case consentScenarios.invalid:
        return reply(false)
      case consentScenarios.tooMany:
        return text(429, messages.tooManyConsentRequests)
      case consentScenarios.serverError:
        return text(500, messages.serverError)
      case consentScenarios.drop:
        return response.socket?.destroy()
      default:
        return reply(false)
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
