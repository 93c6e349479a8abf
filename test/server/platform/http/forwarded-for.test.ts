// @vitest-environment node
// The client behind a trusted proxy (TRUST_PROXY=1), from X-Forwarded-For as proxies really write it: a bare
// address, an IPv4 address with its port (Azure Application Gateway: `203.0.113.7:51234`), an IPv6 one in
// brackets with or without a port (`[2001:db8::7]:443`), RFC 7239's quoted form. A new source port on each
// request must not make a new client: every per-client limit (signups, consent requests, console sign-in
// links) and the referral network rule hold against one person whatever port their proxy names. An entry that
// is no address (`unknown`, an obfuscated `_name`, a host name) is the proxy's own: such clients share its one
// limit, never none. Against a real server, on each engine (the limiter is shared on PostgreSQL).
import { hashSecret, newSecret } from '../../../../server/platform/secrets/tokens'
import { clientKey, forwardedAddress } from '../../../../server/platform/http/rate-limit'
import { networkOf } from '../../../../server/features/signup/network'
import { noConsentRecord } from '../../../../server/features/signup/validate'
import { consentApi } from '../../../../shared/consent-paths'
import { canonicalAddress } from '../../../../shared/mailbox'
import { referralRules } from '../../../../shared/rules'
import { startAdminServer } from '../../admin-harness'
import { freshDatabase, makeTempDir, queryDatabase, startTestServer, validSignup, type TestServer } from '../../harness'
import { saveLinkTokens } from '../../../../server/platform/secrets/link-tokens'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

/** RATE_LIMIT_MAX's default, and the measurement: 15 signups from one client. */
const max = 10
const attempts = 15
const port = (index: number) => 40_000 + index

describe('an X-Forwarded-For entry', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['203.0.113.7:51234', '203.0.113.7'],
    [' 203.0.113.7:1 ', '203.0.113.7'],
    ['"203.0.113.7:51234"', '203.0.113.7'],
    ['203.0.113.7:_hidden', '203.0.113.7'],
    ['2001:db8:1:2::7', '2001:db8:1:2::7'],
    ['[2001:db8:1:2::7]', '2001:db8:1:2::7'],
    ['[2001:db8:1:2::7]:443', '2001:db8:1:2::7'],
    ['"[2001:db8:1:2::7]:443"', '2001:db8:1:2::7'],
    ['::ffff:203.0.113.7', '::ffff:203.0.113.7'],
    ['[::ffff:203.0.113.7]:8080', '::ffff:203.0.113.7'],
  ])('%j names the address %j', (entry, address) => {
    expect(forwardedAddress(entry)).toBe(address)
  })

  it.each(['unknown', '_gateway7', 'proxy.example', '203.0.113.7:', '203.0.113.7:123456', '999.0.113.7:80', '[203.0.113.7]:80', '2001:db8::7:443x', '[2001:db8::7', '"', ''])(
    '%j names no address',
    (entry) => {
      expect(forwardedAddress(entry)).toBeUndefined()
    },
  )

  it('gives one client key and one network to one client, whatever port its proxy names', () => {
    const keyOf = (forwardedFor: string) => clientKey({ socketAddress: '10.0.0.2', forwardedFor, trustedProxies: 1 })
    expect(new Set(['203.0.113.7', '203.0.113.7:1', '203.0.113.7:65535', '"203.0.113.7:2"', '::ffff:203.0.113.7', 'forged, 203.0.113.7:3'].map(keyOf))).toEqual(
      new Set(['203.0.113.7']),
    )
    expect(new Set(['2001:db8:1:2::7', '[2001:db8:1:2::7]:1', '[2001:db8:1:2:ffff::9]:2'].map(keyOf))).toEqual(new Set(['2001:db8:1:2::/64']))
    expect(networkOf(keyOf('203.0.113.7:51234'))).toBe('203.0.113.0/24')
    expect(networkOf(keyOf('[2001:db8:1:2::7]:443'))).toBe('2001:db8:1::/48')
    // Not an address: the proxy's own, so every such client shares one limit.
    expect(['unknown', '_gateway7', 'proxy.example, unknown'].map(keyOf)).toEqual(['10.0.0.2', '10.0.0.2', '10.0.0.2'])
  })
})

describe('behind a trusted proxy', () => {
  let server: TestServer | undefined
  afterEach(() => server?.close())

  const signups = async (forwardedFor: (index: number) => string) => {
    const statuses = []
    for (let index = 0; index < attempts; index++) {
      const email = `p${index}-${Math.random().toString(36).slice(2)}@example.com`
      statuses.push((await server!.post({ ...validSignup, email }, { headers: { 'X-Forwarded-For': forwardedFor(index) } })).status)
    }
    return statuses
  }
  const tally = (statuses: number[]) => ({ accepted: statuses.filter((status) => status === 200).length, limited: statuses.filter((status) => status === 429).length })

  it.each([
    ['an IPv4 address with a new port each time', (index: number) => `203.0.113.7:${port(index)}`],
    ['an IPv6 address in brackets with a new port each time', (index: number) => `[2001:db8:1:2::7]:${port(index)}`],
    ['one address written in every form in turn', (index: number) => ['203.0.113.8', `203.0.113.8:${port(index)}`, `"203.0.113.8:${port(index)}"`, '::ffff:203.0.113.8'][index % 4]!],
    ['entries that are no address (counted as the proxy)', (index: number) => [`unknown`, `_hidden${index}`, `host-${index}.example`][index % 3]!],
  ])(`accepts ${max} of ${attempts} signups from %s`, async (_, forwardedFor) => {
    server = await startTestServer({ rateLimit: { max, windowMs: 60_000 }, trustedProxies: 1 })
    expect(tally(await signups(forwardedFor))).toEqual({ accepted: max, limited: attempts - max })
  })

  it('still tells two clients apart by their addresses, ports or not', async () => {
    server = await startTestServer({ rateLimit: { max, windowMs: 60_000 }, trustedProxies: 1 })
    const statuses = await signups((index) => (index % 2 ? `203.0.113.20:${port(index)}` : `[2001:db8:9::20]:${port(index)}`))
    expect(tally(statuses)).toEqual({ accepted: attempts, limited: 0 })
  })

  it('limits consent requests per client, whatever the port', async () => {
    server = await startTestServer({ consentRateLimit: { max, windowMs: 60_000 }, trustedProxies: 1 })
    const statuses = []
    for (let index = 0; index < attempts; index++) {
      const response = await fetch(`${server.origin}${consentApi.erase}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', 'X-Forwarded-For': `203.0.113.9:${port(index)}` },
        body: JSON.stringify({ email: `someone${index}@example.com` }),
      })
      statuses.push(response.status)
    }
    expect(tally(statuses)).toEqual({ accepted: max, limited: attempts - max })
  })

  it(`holds the ${referralRules.sameNetwork}th referral from one network, whatever the ports`, async () => {
    server = await startTestServer({ trustedProxies: 1 })
    const store = server.store
    const confirm = async (email: string) => {
      const { id } = await store.database.db.selectFrom('signups').select('id').where('email_normalized', '=', email).executeTakeFirstOrThrow()
      const secret = newSecret()
      await saveLinkTokens(store.database.db, [{ hash: hashSecret(secret), purpose: 'confirm', personId: id, expiresAt: new Date(Date.now() + 3_600_000) }])
      expect(await store.consent.useToken('confirm', hashSecret(secret), new Date())).toBeDefined()
      return id
    }
    await store.add({ ...validSignup, email: 'rita@example.com', emailNormalized: canonicalAddress('rita@example.com')!, submissionId: null, consent: noConsentRecord })
    await store.settled()
    const rita = await confirm('rita@example.com')
    const { referral_code: code } = await store.database.db.selectFrom('signups').select('referral_code').where('id', '=', rita).executeTakeFirstOrThrow()
    // Friends on one /24, each behind a different source port, as Azure's gateway writes them.
    for (let index = 0; index < referralRules.sameNetwork; index++) {
      const email = `friend${index}@example.com`
      const response = await server.post({ ...validSignup, email, referralCode: code }, { headers: { 'X-Forwarded-For': `198.51.100.${10 + index}:${port(index)}` } })
      expect(response.status).toBe(200)
      await confirm(email)
    }
    const outcomes = await queryDatabase(server.databaseUrl, 'SELECT outcome FROM referrals WHERE referrer_id = $1 ORDER BY friend_id', [rita])
    expect(outcomes.map((row) => row.outcome)).toEqual([...Array(referralRules.sameNetwork - 1).fill('credited'), 'held'])
  })

  it("limits a client's tries at console sign-in links, whatever the port", async () => {
    const temp = await makeTempDir()
    const admin = await startAdminServer({ databaseUrl: await freshDatabase(temp.dir), trustedProxies: 1, signInRateLimit: { max, windowMs: 60_000 } })
    try {
      const statuses = []
      for (let index = 0; index < attempts; index++) {
        const response = await admin.request('/api/admin/sign-in/verify', {
          method: 'POST',
          headers: { 'X-Forwarded-For': `203.0.113.10:${port(index)}` },
          body: JSON.stringify({ token: newSecret() }),
        })
        statuses.push(response.status)
      }
      expect({ refused: statuses.filter((status) => status === 400).length, limited: statuses.filter((status) => status === 429).length }).toEqual({
        refused: max,
        limited: attempts - max,
      })
    } finally {
      await admin.close()
      await temp.remove()
    }
  })
})
