// @vitest-environment node
// Per-client limits: the window itself (with a fake clock), how a client is recognised (X-Forwarded-For only
// behind a trusted proxy), and the 429 the visitor reads.
import { afterEach, describe, expect, it } from 'vitest'
import { messages } from '../../../../shared/messages'
import { clientKey, createRateLimiter } from '../../../../server/platform/http/rate-limit'
import { startTestServer, validSignup, type TestServer } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

describe('createRateLimiter', () => {
  it('allows max hits per window per key, then says when to retry, then allows again', () => {
    let time = 0
    const limiter = createRateLimiter({ max: 3, windowMs: 60_000, now: () => time })
    expect([1, 2, 3].map(() => limiter.hit('a').allowed)).toEqual([true, true, true])
    time = 15_000
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 45 })
    expect(limiter.hit('b').allowed).toBe(true)
    time = 60_000
    expect(limiter.hit('a').allowed).toBe(true)
  })

  it('forgets clients whose window has passed', () => {
    let time = 0
    const limiter = createRateLimiter({ max: 1, windowMs: 1000, now: () => time })
    for (let index = 0; index < 100; index++) limiter.hit(`client-${index}`)
    time = 5000
    limiter.hit('late')
    expect(limiter.size).toBe(1)
  })
})

describe('clientKey', () => {
  it('uses the socket address unless a proxy is trusted', () => {
    expect(clientKey({ socketAddress: '10.0.0.1', forwardedFor: '1.2.3.4', trustedProxies: 0 })).toBe('10.0.0.1')
    expect(clientKey({ socketAddress: '10.0.0.1', forwardedFor: '1.2.3.4', trustedProxies: 1 })).toBe('1.2.3.4')
    expect(clientKey({ socketAddress: '10.0.0.1', trustedProxies: 1 })).toBe('10.0.0.1')
  })

  it('takes the address the trusted proxy saw, not what the client wrote further left', () => {
    expect(clientKey({ socketAddress: '10.0.0.1', forwardedFor: 'forged, 1.2.3.4', trustedProxies: 1 })).toBe('1.2.3.4')
    expect(clientKey({ socketAddress: '10.0.0.1', forwardedFor: 'forged, 1.2.3.4, 10.0.0.9', trustedProxies: 2 })).toBe('1.2.3.4')
  })

  it('counts an IPv6 /64 as one client and IPv4-mapped addresses as IPv4', () => {
    expect(clientKey({ socketAddress: '2001:db8:1:2:aaaa::1', trustedProxies: 0 })).toBe('2001:db8:1:2::/64')
    expect(clientKey({ socketAddress: '2001:db8:1:2:bbbb:cccc:dddd:eeee', trustedProxies: 0 })).toBe('2001:db8:1:2::/64')
    expect(clientKey({ socketAddress: '2001:db8::1', trustedProxies: 0 })).toBe('2001:db8:0:0::/64')
    expect(clientKey({ socketAddress: '::ffff:127.0.0.1', trustedProxies: 0 })).toBe('127.0.0.1')
    expect(clientKey({ trustedProxies: 0 })).toBeUndefined()
  })
})

describe('POST /api/waitlist rate limit', () => {
  let server: TestServer | undefined
  afterEach(() => server?.close())

  const signup = (index: number, forwardedFor?: string) =>
    server!.post({ ...validSignup, email: `p${index}@example.com` }, { headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {} })

  it('answers 429 with a text message and Retry-After once a client passes the limit', async () => {
    server = await startTestServer({ rateLimit: { max: 3, windowMs: 60_000 } })
    for (const index of [1, 2, 3]) expect((await signup(index)).status).toBe(200)
    const limited = await signup(4)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await limited.text()).toBe(messages.tooManyRequests)
    expect(await server.rows()).toHaveLength(3)
  })

  it('ignores X-Forwarded-For without TRUST_PROXY, so a client cannot dodge the limit with it', async () => {
    server = await startTestServer({ rateLimit: { max: 2, windowMs: 60_000 } })
    const statuses = []
    for (const index of [1, 2, 3, 4]) statuses.push((await signup(index, `203.0.113.${index}`)).status)
    expect(statuses).toEqual([200, 200, 429, 429])
  })

  it('limits each forwarded client on its own behind a trusted proxy', async () => {
    server = await startTestServer({ rateLimit: { max: 2, windowMs: 60_000 }, trustedProxies: 1 })
    const statuses = []
    for (const index of [1, 2, 3]) statuses.push((await signup(index, '203.0.113.1')).status)
    for (const index of [4, 5]) statuses.push((await signup(index, 'forged, 203.0.113.2')).status)
    statuses.push((await signup(6, 'another-forgery, 203.0.113.2')).status)
    expect(statuses).toEqual([200, 200, 429, 200, 200, 429])
  })
})
