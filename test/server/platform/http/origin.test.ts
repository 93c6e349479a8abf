// @vitest-environment node
// Which pages may post: same-origin and Origin-less requests by default, exactly ALLOWED_ORIGINS otherwise;
// others get 403 with a text message. Allowed cross-origin callers get the CORS header to read the reply.
import { afterEach, describe, expect, it } from 'vitest'
import { messages } from '../../../../shared/messages'
import { parseAllowedOrigins } from '../../../../server/platform/http/origin'
import { startTestServer, validSignup, type TestServer } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

let server: TestServer | undefined
afterEach(() => server?.close())

const postFrom = (origin: string | undefined, email = 'ann@example.com') =>
  server!.post({ ...validSignup, email }, { headers: origin ? { Origin: origin } : {} })

describe('without ALLOWED_ORIGINS', () => {
  it('accepts requests without Origin and from its own origin', async () => {
    server = await startTestServer()
    expect((await postFrom(undefined, 'a@example.com')).status).toBe(200)
    const same = await postFrom(server.origin, 'b@example.com')
    expect(same.status).toBe(200)
    expect(await server.rows()).toHaveLength(2)
  })

  it('refuses any other origin, and sandboxed "null" origins, with 403 and a text message', async () => {
    server = await startTestServer()
    for (const origin of ['https://evil.example', 'null', `http://localhost:${new URL(server.origin).port}`]) {
      const response = await postFrom(origin)
      expect(response.status).toBe(403)
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
      expect(await response.text()).toBe(messages.originNotAllowed)
    }
    expect(await server.rows()).toEqual([])
  })
})

describe('with ALLOWED_ORIGINS', () => {
  const allowedOrigins = parseAllowedOrigins('https://stridehealth.example, https://preview.stridehealth.example/')

  it('accepts a listed origin and lets it read the reply', async () => {
    server = await startTestServer({ allowedOrigins })
    const response = await postFrom('https://preview.stridehealth.example')
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('https://preview.stridehealth.example')
    expect(response.headers.get('vary')).toContain('Origin')
  })

  it('answers the preflight of a listed origin and refuses an unlisted one', async () => {
    server = await startTestServer({ allowedOrigins })
    const listed = await fetch(server.url, { method: 'OPTIONS', headers: { Origin: 'https://stridehealth.example', 'Access-Control-Request-Method': 'POST' } })
    expect(listed.status).toBe(204)
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://stridehealth.example')
    const unlisted = await fetch(server.url, { method: 'OPTIONS', headers: { Origin: 'https://stridehealth.example.evil.test' } })
    expect(unlisted.status).toBe(403)
    expect(await unlisted.text()).toBe(messages.originNotAllowed)
    expect((await postFrom('http://stridehealth.example')).status).toBe(403)
  })

  it('accepts every origin with "*"', async () => {
    server = await startTestServer({ allowedOrigins: parseAllowedOrigins('*') })
    expect((await postFrom('https://anywhere.example')).status).toBe(200)
  })

  it('refuses a configuration entry that is not an origin', () => {
    expect(() => parseAllowedOrigins('stridehealth.example')).toThrow(/not an origin/)
  })
})
