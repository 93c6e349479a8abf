// @vitest-environment node
// The API keys and /api/v1 (issue 33), against a real server on the engine under test (SQLite by default,
// PostgreSQL in `npm run test:server:postgres`): keys made in the console as the team makes them, and used as the
// app's backend would, with `Authorization: Bearer`. Scopes are enforced; a revoked key, a made-up one and none at
// all get one 401 with one body, in the same time; each key has its own limit; a person is looked up by any
// spelling of their address, sent in the body; an activation is recorded once, by the invitation's id, the address
// or the code the invitation page showed after the claim (single-use, ending), and publishes `activated` in its own transaction. Every reply the test
// got, success or refusal, is then checked against the OpenAPI document the server serves, with ajv (not with the
// schemas that made the document).
import { Ajv2020 } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activationCodeLifetimeMs, apiV1Base, apiV1DocumentPath, type ApiScope, type MadeApiKey } from '../../../../shared/api-keys'
import { canonicalAddress } from '../../../../shared/mailbox'
import { noConsentRecord } from '../../../../server/features/signup/validate'
import { saveLinkTokens } from '../../../../server/platform/secrets/link-tokens'
import { hashSecret, newSecret } from '../../../../server/platform/secrets/tokens'
import type { ActivationEvents } from '../../../../server/features/api/public'
import { logLines } from '../../../utils/log-lines'
import { startAdminServer, type AdminTestServer } from '../../admin-harness'
import { freshDatabase, makeTempDir, testEngine, validSignup } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

const day = 86_400_000
const perKeyLimit = 30

type Reply = { route: string; status: number; body: unknown }

describe(`/api/v1 on ${testEngine}`, () => {
  let server: AdminTestServer
  let cookie: string
  let temp: Awaited<ReturnType<typeof makeTempDir>>
  const replies: Reply[] = []
  const log = logLines('info')
  /** Every key the console showed: none may reach a log line. */
  const secrets: string[] = []

  const now = () => new Date(Date.now() + server.clock.offsetMs)
  const db = () => server.store.database.db
  const makeKey = async (name: string, scopes: ApiScope[]): Promise<MadeApiKey> => {
    const response = await server.request('/api/admin/api-keys', { method: 'POST', cookie, body: JSON.stringify({ name, scopes }) })
    expect(response.status).toBe(201)
    const made: MadeApiKey = await response.json()
    secrets.push(made.secret)
    return made
  }
  const revoke = async (id: number) => (await server.request(`/api/admin/api-keys/${id}/revoke`, { method: 'POST', cookie })).status
  /** A call as the app's backend makes it: JSON, a bearer, no Origin. Every reply is kept for the document's check. */
  const call = async (route: '/people/lookup' | '/activations', key: string | undefined, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.origin}${apiV1Base}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { authorization: `Bearer ${key}` }), ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    const reply = { route, status: response.status, body: await response.json() }
    replies.push(reply)
    return { ...reply, headers: response.headers }
  }

  const idOf = async (email: string) => (await db().selectFrom('signups').select('id').where('email_normalized', '=', canonicalAddress(email)!).executeTakeFirstOrThrow()).id
  const join = async (email: string) => {
    await server.store.add({ ...validSignup, email, emailNormalized: canonicalAddress(email)!, submissionId: null, consent: noConsentRecord })
    await server.store.settled()
  }
  const confirm = async (email: string) => {
    const secret = newSecret()
    await saveLinkTokens(db(), [{ hash: hashSecret(secret), purpose: 'confirm', personId: await idOf(email), expiresAt: new Date(now().getTime() + day) }])
    expect(await server.store.consent.useToken('confirm', hashSecret(secret), now())).toBeDefined()
  }
  /** The invitation's link as its email carries it, for a person a wave invited. */
  const inviteToken = async (email: string) => {
    const secret = newSecret()
    await saveLinkTokens(db(), [{ hash: hashSecret(secret), purpose: 'invite', personId: await idOf(email), expiresAt: new Date(now().getTime() + 14 * day) }])
    return secret
  }
  const invitationOf = async (email: string) => (await db().selectFrom('invitations').select('id').where('signup_id', '=', await idOf(email)).executeTakeFirstOrThrow()).id
  const activationsOf = async (email: string) => db().selectFrom('activations').selectAll().where('signup_id', '=', await idOf(email)).execute()

  // Ann and Bob are invited in one wave, Ann claims; Cy confirmed after the wave; Dee never confirmed.
  beforeAll(async () => {
    temp = await makeTempDir()
    server = await startAdminServer({ databaseUrl: await freshDatabase(temp.dir), apiKeyRateLimit: { max: perKeyLimit, windowMs: 60_000 }, inviteUrl: 'https://testflight.apple.com/join/AbCdEfGh', log: log.logger })
    cookie = await server.signIn()
    for (const email of ['ann@example.com', 'bob@example.com', 'cy@example.com', 'dee@example.com']) await join(email)
    await confirm('ann@example.com')
    await confirm('bob@example.com')
    expect(await server.store.invitations.startWave({ count: 2, by: 'team@company.example', kind: 'next', now: now() })).toMatchObject({ ok: true })
    await confirm('cy@example.com')
    expect(await server.store.invitations.claim(hashSecret(await inviteToken('ann@example.com')), now())).toBe(true)
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    await temp?.remove()
  })

  it('shows a key once, lists it by name, scopes and prefix only, and audits its making and revoking', async () => {
    const made = await makeKey('App backend', ['people:read'])
    expect(made.secret).toMatch(/^wlk_[\w-]{43}$/)
    expect(made.key).toMatchObject({ name: 'App backend', scopes: ['people:read'], prefix: made.secret.slice(0, 12), createdBy: 'team@company.example', lastUsedAt: null, revokedAt: null })
    const list = await (await server.request('/api/admin/api-keys', { cookie })).json()
    expect(list.keys[0]).toEqual(made.key)
    expect(JSON.stringify(list)).not.toContain(made.secret)
    // Only the hash is kept.
    const stored = JSON.stringify(await db().selectFrom('api_keys').selectAll().execute())
    expect(stored).not.toContain(made.secret)
    expect(stored).toContain(hashSecret(made.secret))
    // Refused: no name, no scope, a scope that does not exist; and without a session, or from another origin.
    for (const body of [{ name: '', scopes: ['people:read'] }, { name: 'x', scopes: [] }, { name: 'x', scopes: ['people:write'] }])
      expect((await server.request('/api/admin/api-keys', { method: 'POST', cookie, body: JSON.stringify(body) })).status, JSON.stringify(body)).toBe(400)
    expect((await server.request('/api/admin/api-keys', { method: 'POST', body: JSON.stringify({ name: 'x', scopes: ['people:read'] }) })).status).toBe(401)
    expect((await server.request('/api/admin/api-keys', { method: 'POST', cookie, headers: { origin: 'https://evil.example' }, body: '{}' })).status).toBe(403)
    expect(await revoke(made.key.id)).toBe(200)
    expect(await revoke(made.key.id)).toBe(200)
    expect(await revoke(999_999)).toBe(404)
    const audit = await db().selectFrom('admin_audit').select(['action', 'detail']).where('action', 'in', ['make-api-key', 'revoke-api-key']).execute()
    expect(audit).toEqual([
      { action: 'make-api-key', detail: `"App backend" (${made.key.prefix}…), scopes people:read` },
      { action: 'revoke-api-key', detail: `"App backend" (${made.key.prefix}…)` },
    ])
  })

  it('answers a revoked key, a made-up one, a malformed one and none at all with one 401', async () => {
    const made = await makeKey('Soon revoked', ['people:read'])
    expect((await call('/people/lookup', made.secret, { email: 'ann@example.com' })).status).toBe(200)
    expect(await revoke(made.key.id)).toBe(200)
    const madeUp = `wlk_${newSecret()}`
    const answers = await Promise.all([made.secret, madeUp, 'not-a-key', undefined].map((key) => call('/people/lookup', key, { email: 'ann@example.com' })))
    for (const answer of answers) {
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual(answers[0]!.body)
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="api"')
    }
    expect(answers[0]!.body).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } })
  })

  it('enforces scopes: 403 insufficient_scope on a route the key may not use', async () => {
    const reader = await makeKey('Reader', ['people:read'])
    const writer = await makeKey('Writer', ['activations:write'])
    const forbidden = await call('/activations', reader.secret, { email: 'bob@example.com' })
    expect(forbidden).toMatchObject({ status: 403, body: { error: { code: 'insufficient_scope' } } })
    expect((await call('/people/lookup', writer.secret, { email: 'bob@example.com' })).body).toMatchObject({ error: { code: 'insufficient_scope' } })
    expect(await activationsOf('bob@example.com')).toEqual([])
  })

  it('limits each key on its own: past its limit it gets 429 with Retry-After, and another key is not held back', async () => {
    const busy = await makeKey('Busy', ['people:read'])
    const other = await makeKey('Other', ['people:read'])
    const statuses: number[] = []
    for (let n = 0; n <= perKeyLimit; n++) statuses.push((await call('/people/lookup', busy.secret, { email: 'cy@example.com' })).status)
    expect(statuses.slice(0, perKeyLimit).every((status) => status === 200)).toBe(true)
    const limited = await call('/people/lookup', busy.secret, { email: 'cy@example.com' })
    expect(limited).toMatchObject({ status: 429, body: { error: { code: 'rate_limited' } } })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await call('/people/lookup', other.secret, { email: 'cy@example.com' })).status).toBe(200)
  })

  it('looks a person up by any spelling of their address, sent in the body: confirmed, invited, claimed, unknown', async () => {
    const { secret } = await makeKey('Lookups', ['people:read'])
    const cy = await call('/people/lookup', secret, { email: '  CY@Example.COM ' })
    expect(cy).toMatchObject({ status: 200, body: { status: 'confirmed', invitation: null, activation: null } })
    const bob = await call('/people/lookup', secret, { email: 'bob@example.com' })
    expect(bob).toMatchObject({ status: 200, body: { status: 'invited', invitation: { id: await invitationOf('bob@example.com'), claimedAt: null, expiredAt: null } } })
    const ann = await call('/people/lookup', secret, { email: 'ann@example.com' })
    expect(ann).toMatchObject({ status: 200, body: { status: 'claimed', invitation: { claimedAt: expect.any(String) } } })
    expect((await call('/people/lookup', secret, { email: 'dee@example.com' })).body).toMatchObject({ status: 'pending' })
    expect(await call('/people/lookup', secret, { email: 'nobody@example.com' })).toMatchObject({ status: 404, body: { error: { code: 'person_not_found' } } })
    // Not one mailbox, a field too many, not JSON, too large: refused with their codes.
    for (const wrong of [{ email: 'not an address' }, { email: 'ann@example.com', extra: 1 }, {}, 'not json'])
      expect((await call('/people/lookup', secret, wrong)).status, JSON.stringify(wrong)).toBe(wrong instanceof Object && 'email' in wrong && Object.keys(wrong).length === 1 ? 404 : 400)
    expect(await call('/people/lookup', secret, { email: `${'a'.repeat(5000)}@example.com` })).toMatchObject({ status: 413, body: { error: { code: 'body_too_large' } } })
  })

  it('records an activation by the invitation’s id once: the second report is answered as already recorded, not stored twice', async () => {
    const { secret } = await makeKey('Activations', ['activations:write', 'people:read'])
    const first = await call('/activations', secret, { invitationId: await invitationOf('ann@example.com') })
    expect(first).toMatchObject({ status: 201, body: { alreadyRecorded: false, activation: { via: 'invitation', invitationId: await invitationOf('ann@example.com') } } })
    const again = await call('/activations', secret, { email: 'Ann@example.com' })
    expect(again).toMatchObject({ status: 200, body: { alreadyRecorded: true, activation: (first.body as { activation: unknown }).activation } })
    expect(await activationsOf('ann@example.com')).toHaveLength(1)
    expect((await call('/people/lookup', secret, { email: 'ann@example.com' })).body).toMatchObject({ activation: { via: 'invitation' } })
    expect(await call('/activations', secret, { invitationId: 999_999 })).toMatchObject({ status: 404, body: { error: { code: 'invitation_not_found' } } })
  })

  it('records an activation by the address, for someone invited; refuses someone never invited and an unknown address alike to a key that may not look people up', async () => {
    const { secret } = await makeKey('By address', ['activations:write'])
    expect(await call('/activations', secret, { email: 'BOB@example.com' })).toMatchObject({
      status: 201,
      body: { alreadyRecorded: false, activation: { via: 'address', invitationId: await invitationOf('bob@example.com') } },
    })
    expect(await call('/activations', secret, { email: 'cy@example.com' })).toMatchObject({ status: 409, body: { error: { code: 'not_invited' } } })
    // Listed and never invited, or nobody at all: one answer for a key without people:read (issue 45, case 9).
    const [listed, unlisted] = [await call('/activations', secret, { email: 'cy@example.com' }), await call('/activations', secret, { email: 'nobody@example.com' })]
    expect({ status: unlisted.status, body: unlisted.body }).toEqual({ status: listed.status, body: listed.body })
    // A key that may look people up learns nothing new from the difference.
    const reader = await makeKey('By address, reading', ['people:read', 'activations:write'])
    expect(await call('/activations', reader.secret, { email: 'nobody@example.com' })).toMatchObject({ status: 404, body: { error: { code: 'person_not_found' } } })
    expect(await call('/activations', secret, { email: 'bob@example.com', invitationId: 1 })).toMatchObject({ status: 400, body: { error: { code: 'invalid_request' } } })
    expect(await activationsOf('cy@example.com')).toEqual([])
  })

  it('publishes `activated` inside the activation’s transaction: a subscriber sees the row, and its failure rolls the activation back', async () => {
    const heard: { event: ActivationEvents['activated']; rowSeen: boolean }[] = []
    let failNext = true
    server.store.activationEvents.subscribe({
      activated: {
        handle: async (trx, event) => {
          const row = await trx.selectFrom('activations').select('id').where('signup_id', '=', event.signupId).executeTakeFirst()
          heard.push({ event, rowSeen: row !== undefined })
          if (failNext) {
            failNext = false
            throw new Error('a subscriber fails')
          }
        },
      },
    })
    // A third person, invited in a wave with Cy.
    await join('eve@example.com')
    await confirm('eve@example.com')
    expect(await server.store.invitations.startWave({ count: 2, by: 'team@company.example', kind: 'next', now: now() })).toMatchObject({ ok: true })
    const { secret } = await makeKey('Events', ['activations:write'])
    expect(await call('/activations', secret, { email: 'eve@example.com' })).toMatchObject({ status: 500, body: { error: { code: 'server_error' } } })
    expect(await activationsOf('eve@example.com')).toEqual([])
    expect(log.lines().some((line) => line.includes('a subscriber fails') && line.includes('api: unexpected error; answered 500'))).toBe(true)
    expect(await call('/activations', secret, { email: 'eve@example.com' })).toMatchObject({ status: 201 })
    expect(await call('/activations', secret, { email: 'eve@example.com' })).toMatchObject({ status: 200 })
    const eve = await idOf('eve@example.com')
    expect(heard).toEqual([
      { event: { signupId: eve, invitationId: await invitationOf('eve@example.com'), now: expect.any(Date) }, rowSeen: true },
      { event: { signupId: eve, invitationId: await invitationOf('eve@example.com'), now: expect.any(Date) }, rowSeen: true },
    ])
  })

  it('records an activation by the code the invitation page showed after the claim, once; refuses a made-up, malformed or expired code', async () => {
    await join('fay@example.com')
    await confirm('fay@example.com')
    await join('gus@example.com')
    await confirm('gus@example.com')
    expect(await server.store.invitations.startWave({ count: 2, by: 'team@company.example', kind: 'next', now: now() })).toMatchObject({ ok: true })
    // Each presses the button on their invitation's page, and reads the code on the page it answers with.
    const claimedCode = async (email: string) => {
      const claimed = await fetch(`${server.origin}/waitlist/invite`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `token=${await inviteToken(email)}`,
      })
      expect(claimed.status).toBe(200)
      return /<p class="code" id="activation-code">([^<]+)<\/p>/.exec(await claimed.text())![1]!
    }
    const fayCode = await claimedCode('fay@example.com')
    const gusCode = await claimedCode('gus@example.com')
    expect(fayCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/)
    expect(fayCode).not.toBe(gusCode)
    // Kept only as its hash.
    const stored = JSON.stringify(await db().selectFrom('consent_tokens').selectAll().where('purpose', '=', 'activation').execute())
    expect(stored).not.toContain(fayCode)
    expect(stored).toContain(hashSecret(fayCode))

    const { secret } = await makeKey('Codes', ['activations:write'])
    for (const wrong of ['ABCD-EFGH-JKMN-PQRS', 'hello', fayCode.slice(0, -1)])
      expect(await call('/activations', secret, { code: wrong }), wrong).toMatchObject({ status: 404, body: { error: { code: 'code_not_found' } } })
    // As a person types it into the app: lower case, spaces for dashes.
    const fay = await call('/activations', secret, { code: fayCode.toLowerCase().replaceAll('-', ' ') })
    expect(fay).toMatchObject({ status: 201, body: { alreadyRecorded: false, activation: { via: 'code', invitationId: await invitationOf('fay@example.com') } } })
    // Used up: the same code again is the same activation (a retry after a lost reply), never a second one.
    expect(await call('/activations', secret, { code: fayCode })).toMatchObject({ status: 200, body: { alreadyRecorded: true, activation: { via: 'code' } } })
    expect(await activationsOf('fay@example.com')).toHaveLength(1)
    expect(await db().selectFrom('consent_tokens').select('token_hash').where('token_hash', '=', hashSecret(fayCode)).execute()).toEqual([])
    // Gus starts the app a day too late: the code has ended.
    const before = server.clock.offsetMs
    server.clock.offsetMs += activationCodeLifetimeMs + day
    expect(await call('/activations', secret, { code: gusCode })).toMatchObject({ status: 404, body: { error: { code: 'code_not_found' } } })
    server.clock.offsetMs = before
    expect(await activationsOf('gus@example.com')).toEqual([])
  })

  it('keeps an erased person’s activation as a count that names nobody, and no longer finds them', async () => {
    const invitationId = await invitationOf('ann@example.com')
    expect(await server.store.consent.eraseById(await idOf('ann@example.com'), now())).toBeTruthy()
    expect(await db().selectFrom('activations').select(['signup_id', 'invitation_id', 'via']).where('invitation_id', '=', invitationId).execute()).toEqual([
      { signup_id: null, invitation_id: invitationId, via: 'invitation' },
    ])
    const { secret } = await makeKey('After erasure', ['people:read', 'activations:write'])
    expect(await call('/people/lookup', secret, { email: 'ann@example.com' })).toMatchObject({ status: 404, body: { error: { code: 'person_not_found' } } })
    expect(await call('/activations', secret, { invitationId })).toMatchObject({ status: 404, body: { error: { code: 'invitation_not_found' } } })
  })

  it('notes a key’s last use, and audits its first use of each day, not every request', async () => {
    const { key, secret } = await makeKey('Audited', ['people:read'])
    for (let n = 0; n < 5; n++) expect((await call('/people/lookup', secret, { email: 'cy@example.com' })).status).toBe(200)
    const listed = async () => (await (await server.request('/api/admin/api-keys', { cookie })).json()).keys.find((row: { id: number }) => row.id === key.id)
    const firstUse = (await listed()).lastUsedAt
    expect(Date.parse(firstUse)).toBeGreaterThan(Date.parse(key.createdAt) - 1)
    const uses = () => db().selectFrom('admin_audit').select(['actor', 'detail']).where('action', '=', 'use-api-key').where('actor', '=', `api key ${key.prefix}`).execute()
    expect(await uses()).toHaveLength(1)
    // The next day: one more line, and the last use moves on.
    server.clock.offsetMs += day
    // A console session lasts 12 hours.
    cookie = await server.signIn()
    expect((await call('/people/lookup', secret, { email: 'cy@example.com' })).status).toBe(200)
    expect((await call('/people/lookup', secret, { email: 'cy@example.com' })).status).toBe(200)
    expect(await uses()).toHaveLength(2)
    expect(Date.parse((await listed()).lastUsedAt)).toBeGreaterThan(Date.parse(firstUse))
  })

  it('serves its OpenAPI document, and every reply above matches it (checked with ajv, not with the schemas that made it)', async () => {
    const response = await fetch(`${server.origin}${apiV1DocumentPath}`)
    expect(response.status).toBe(200)
    const document = await response.json()
    expect(document.openapi).toBe('3.1.0')
    expect(Object.keys(document.paths).sort()).toEqual(['/activations', '/people/answers', '/people/lookup'])
    const ajv = new Ajv2020({ strict: false, allErrors: true })
    addFormats.default(ajv)
    ajv.addSchema(document, 'openapi.json')
    const pointer = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1')
    const statuses = new Set<string>()
    for (const reply of replies) {
      const declared = document.paths[reply.route].post.responses[String(reply.status)]
      expect(declared, `${reply.route} ${reply.status} is in the document`).toBeDefined()
      const validate = ajv.getSchema(`openapi.json#/paths/${pointer(reply.route)}/post/responses/${reply.status}/content/${pointer('application/json')}/schema`)!
      expect(validate(reply.body), `${reply.route} ${reply.status}: ${JSON.stringify(validate.errors)}`).toBe(true)
      statuses.add(`${reply.route} ${reply.status}`)
    }
    // Every kind of reply was seen and checked.
    expect([...statuses].sort()).toEqual(
      [
        '/activations 200',
        '/activations 201',
        '/activations 400',
        '/activations 403',
        '/activations 404',
        '/activations 409',
        '/activations 500',
        '/people/lookup 200',
        '/people/lookup 400',
        '/people/lookup 401',
        '/people/lookup 403',
        '/people/lookup 404',
        '/people/lookup 413',
        '/people/lookup 429',
      ].sort(),
    )
    // Nothing the requests carried reaches the log: not a key, not an address looked up (each request has its line).
    expect(log.lines().filter((line) => line.includes('/api/v1/')).length).toBeGreaterThanOrEqual(replies.length)
    for (const line of log.lines()) {
      for (const secret of secrets) expect(line).not.toContain(secret.slice(4))
      expect(line).not.toMatch(/(ann|bob|cy|eve|fay|gus)@example\.com/i)
    }
    // A wrong body is refused by the document too: the check can fail.
    const person = ajv.getSchema(`openapi.json#/paths/${pointer('/people/lookup')}/post/responses/200/content/${pointer('application/json')}/schema`)!
    expect(person({ status: 'somewhere', invitation: null, activation: null })).toBe(false)
  })
})
