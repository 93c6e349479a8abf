// @vitest-environment node
// The form post a browser sends when no script runs: the same checks as the script's JSON, every outcome
// answered with 303 See Other to the outcome page of the site, built from configuration only.
import { afterEach, describe, expect, it } from 'vitest'
import { formOutcomes, outcomePath } from '../../../../shared/form-outcomes'
import { messages } from '../../../../shared/messages'
import { parseAllowedOrigins } from '../../../../server/platform/http/origin'
import { silentLogger } from '../../../../server/platform/observability/logger'
import { StoreUnavailableError } from '../../../../server/platform/database/contract'
import { failingDatabase } from '../../../utils/failing-database'
import { startTestServer, validSignup, type TestServer } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

let server: TestServer
afterEach(() => server?.close())

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const fields = { firstName: 'Ada', email: 'ada@example.com', website: '', source: validSignup.source }

async function postForm(body: string, headers: Record<string, string> = {}, target = server) {
  return fetch(target.url, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body })
}

function expectOutcome(response: Response, code: string, base = '') {
  expect(response.status).toBe(303)
  expect(response.headers.get('location')).toBe(`${base}/waitlist/${code}`)
  expect(response.headers.get('cache-control')).toBe('no-store')
}

describe('a form post', () => {
  it('stores the signup and sends the visitor to the success page, with nothing of theirs in the URL', async () => {
    server = await startTestServer()
    const response = await postForm(form(fields))
    expectOutcome(response, 'joined')
    expect(response.headers.get('location')).not.toMatch(/ada|example/i)
    expect(await server.rows()).toMatchObject([{ email: 'ada@example.com', first_name: 'Ada', source: validSignup.source, submission_id: null }])
  })

  it('stores a repeat once and answers it like a first signup', async () => {
    server = await startTestServer()
    expectOutcome(await postForm(form(fields)), 'joined')
    expectOutcome(await postForm(form({ ...fields, email: 'ada@EXAMPLE.com', firstName: 'Other' })), 'joined')
    expect(await server.rows()).toHaveLength(1)
  })

  it('routes a reply by its key, not its words: rewording a message changes no outcome', async () => {
    server = await startTestServer()
    const mutable = messages as Record<keyof typeof messages, string>
    const [invalidEmail, success] = [mutable.invalidEmail, mutable.success]
    try {
      mutable.invalidEmail = 'That does not look like an address.'
      mutable.success = 'Welcome aboard.'
      expectOutcome(await postForm(form({ ...fields, email: 'not-an-email' })), 'invalid-email')
      expectOutcome(await postForm(form(fields)), 'joined')
      expect(await (await server.post({ ...validSignup, email: 'x' })).json()).toEqual({ ok: false, message: 'That does not look like an address.' })
    } finally {
      Object.assign(mutable, { invalidEmail, success })
    }
  })

  it('answers a bot (the honeypot filled) like a signup and stores nothing', async () => {
    server = await startTestServer()
    expectOutcome(await postForm(form({ ...fields, website: 'http://spam.example' })), 'joined')
    expect(await server.rows()).toHaveLength(0)
  })

  it.each([
    [{ ...fields, email: 'not-an-email' }, 'invalid-email'],
    [{ ...fields, email: `${'a'.repeat(250)}@example.com` }, 'email-too-long'],
    [{ ...fields, email: `${'a'.repeat(65)}@example.com` }, 'email-name-too-long'],
    [{ ...fields, firstName: 'A'.repeat(101) }, 'name-too-long'],
    [{ ...fields, firstName: 'Ada\nLovelace' }, 'name-characters'],
    [{ firstName: 'Ada', email: 'ada@example.com' }, 'outdated-form'],
  ])('sends invalid input to the page that says why (%#)', async (body, code) => {
    server = await startTestServer()
    expectOutcome(await postForm(form(body)), code)
    expect(await server.rows()).toHaveLength(0)
  })

  it('treats a field sent twice, or a body that is too large, as unreadable or too large', async () => {
    server = await startTestServer()
    expectOutcome(await postForm(`${form(fields)}&email=eve@example.com`), 'unreadable')
    expectOutcome(await postForm(form({ ...fields, firstName: 'x'.repeat(5000) })), 'too-large')
    expect(await server.rows()).toHaveLength(0)
  })

  it('sends a rate-limited visitor to the page that asks them to wait, with Retry-After', async () => {
    server = await startTestServer({ rateLimit: { max: 1, windowMs: 60_000 } })
    expectOutcome(await postForm(form(fields)), 'joined')
    const limited = await postForm(form({ ...fields, email: 'bob@example.com' }))
    expectOutcome(limited, 'too-many-requests')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('refuses a post from a page of another origin, to its page', async () => {
    server = await startTestServer({ allowedOrigins: parseAllowedOrigins('https://stridehealth.example') })
    expectOutcome(await postForm(form(fields), { Origin: 'https://evil.example' }), 'origin-not-allowed')
    expect(await server.rows()).toHaveLength(0)
  })

  it('sends the visitor to the try-again page while the database is away, and to the error page on a fault', async () => {
    // The faults' log lines are the point of other tests (request-log.test.ts); here they would only be noise.
    server = await startTestServer({ database: failingDatabase(new StoreUnavailableError(new Error('connection refused'))), log: silentLogger })
    expectOutcome(await postForm(form(fields)), 'unavailable')
    await server.close()
    server = await startTestServer({ database: failingDatabase(new Error('disk on fire')), log: silentLogger })
    expectOutcome(await postForm(form(fields)), 'server-error')
  })

  it('redirects only to the configured site, whatever the request says about itself', async () => {
    server = await startTestServer({ publicSiteUrl: 'https://stridehealth.example', allowedOrigins: parseAllowedOrigins('*') })
    const response = await postForm(form(fields), {
      Origin: 'https://evil.example',
      Referer: 'https://evil.example/phish',
      'X-Forwarded-Host': 'evil.example',
    })
    expectOutcome(response, 'joined', 'https://stridehealth.example')
    // Without PUBLIC_SITE_URL the target is a path on this server, never a host named by the request.
    await server.close()
    server = await startTestServer({ allowedOrigins: parseAllowedOrigins('*') })
    const relative = await postForm(form(fields), { Origin: 'https://evil.example', Host: 'evil.example' })
    expectOutcome(relative, 'joined')
  })

  it('leaves the script protocol as it was: JSON in, JSON out', async () => {
    server = await startTestServer()
    const response = await server.post(validSignup)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true, message: messages.success })
  })
})

describe('the outcome pages', () => {
  it('have one page per reply, each with the very sentence the script would show', () => {
    expect(new Set(formOutcomes.map((outcome) => outcome.code)).size).toBe(formOutcomes.length)
    expect(formOutcomes.find((outcome) => outcome.ok)).toEqual({ code: 'joined', message: messages.success, ok: true, flow: 'signup' })
    expect(formOutcomes.filter((outcome) => outcome.flow === 'signup' && outcome.ok)).toHaveLength(1)
    for (const outcome of formOutcomes) expect(outcomePath(outcome.code)).toMatch(/^\/waitlist\/[a-z-]+$/)
  })
})
