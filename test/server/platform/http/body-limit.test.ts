// @vitest-environment node
// Bodies over 4 KB are refused with 413 and a text message, whether the client declares the size up front
// or streams it in chunks without a Content-Length.
import { request } from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { defaultMaxBodyBytes } from '../../../../server/features/signup/signup-routes'
import { messages } from '../../../../shared/messages'
import { startTestServer, validSignup, type TestServer } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** A valid signup padded with JSON whitespace to exactly `bytes` bytes. */
const paddedBody = (bytes: number) => {
  const json = JSON.stringify(validSignup)
  return json.slice(0, -1) + ' '.repeat(bytes - json.length) + '}'
}

function postChunked(chunks: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(server.url, { method: 'POST', headers: { 'Content-Type': 'text/plain', 'Transfer-Encoding': 'chunked' } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    for (const chunk of chunks) req.write(chunk)
    req.end()
  })
}

it('accepts a body of exactly the limit', async () => {
  const body = paddedBody(defaultMaxBodyBytes)
  expect(Buffer.byteLength(body)).toBe(4096)
  expect(await (await server.post(body)).json()).toMatchObject({ ok: true })
})

it('refuses a declared Content-Length over the limit with 413 and a text message', async () => {
  const response = await server.post(paddedBody(defaultMaxBodyBytes + 1))
  expect(response.status).toBe(413)
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
  expect(await response.text()).toBe(messages.tooLarge)
})

it('refuses a streamed body without Content-Length once it passes the limit', async () => {
  const body = paddedBody(64 * 1024)
  const chunks = Array.from({ length: 64 }, (_, index) => body.slice(index * 1024, (index + 1) * 1024))
  const reply = await postChunked(chunks)
  expect(reply).toEqual({ status: 413, body: messages.tooLarge })
  expect(await postChunked([paddedBody(1000)])).toMatchObject({ status: 200 })
  expect(await server.rows()).toHaveLength(1)
})
