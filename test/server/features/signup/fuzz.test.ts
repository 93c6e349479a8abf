// @vitest-environment node
// 2,000 deterministic hostile bodies (seeded PRNG): random bytes, random JSON shapes, wrong types, huge
// strings, control characters, prototype keys. The server must never answer 5xx, and the table must end up
// holding exactly the valid signups among them, each one valid.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { parseSignupBody } from '../../../../server/features/signup/validate'
import { inParallel, seededRandom, startTestServer, type TestServer } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const random = seededRandom(20_251_121)
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
const chance = (probability: number) => random() < probability
const integer = (max: number) => Math.floor(random() * max)

const nasty = ['\u0000', '\n', '\r', '\t', '\u0007', '\u007f', '\u0085', '\u2028', '\u2029', '\ud800', '\udfff', '\u202e', '\ufeff', '😀', 'é', 'ß', '"', '\\', '=', '+', '-', '@', ' ']
const randomString = (maxLength: number) =>
  Array.from({ length: integer(maxLength) }, () => (chance(0.2) ? pick(nasty) : String.fromCharCode(32 + integer(95)))).join('')

function randomJson(depth = 0): unknown {
  switch (integer(depth > 2 ? 5 : 7)) {
    case 0: return null
    case 1: return chance(0.5)
    case 2: return pick([0, -1, 1e308, Number.MAX_SAFE_INTEGER, 3.14])
    case 3: return randomString(40)
    case 4: return pick(['__proto__', 'constructor', 'prototype', 'toString'])
    case 5: return Array.from({ length: integer(4) }, () => randomJson(depth + 1))
    default: return Object.fromEntries(Array.from({ length: integer(4) }, () => [pick(['email', 'firstName', 'source', randomString(8)]), randomJson(depth + 1)]))
  }
}

const people = Array.from({ length: 150 }, (_, index) => `person${index}@example.com`)
function fieldValue(field: 'email' | 'firstName' | 'source' | 'submissionId' | 'website'): unknown {
  const roll = random()
  if (roll < 0.1) return randomJson()
  if (roll < 0.15) return 'x'.repeat(pick([65, 101, 255, 3000, 5000]))
  if (roll < 0.3) return randomString(30)
  if (roll < 0.35) return undefined
  switch (field) {
    case 'email': {
      const email = pick(people)
      const variant = chance(0.3) ? email.replace('example.com', 'EXAMPLE.com') : email
      return chance(0.2) ? ` ${variant}${pick(nasty)}` : variant
    }
    case 'firstName': return pick(['Ann', ' Zoë ', '李', 'Ann\nSmith', '=HYPERLINK("x")', ''])
    case 'source': return pick(['stride-marketing-site', 'partner', ' s '])
    case 'submissionId': return `id-${integer(1000)}`
    case 'website': return chance(0.9) ? '' : 'spam'
  }
}

function fuzzBody(): Uint8Array {
  const roll = random()
  if (roll < 0.1) return Uint8Array.from({ length: integer(300) }, () => integer(256))
  if (roll < 0.25) return new TextEncoder().encode(JSON.stringify(randomJson()) ?? 'undefined')
  const fields: Record<string, unknown> = {}
  for (const field of ['email', 'firstName', 'source', 'submissionId', 'website'] as const) {
    const value = fieldValue(field)
    if (value !== undefined) fields[field] = value
  }
  let text = JSON.stringify(fields)
  if (chance(0.05)) text = text.replace('{', `{"${pick(['__proto__', 'constructor', 'prototype'])}":{"polluted":true},`)
  if (chance(0.05)) text = text.slice(0, integer(text.length)) // truncated JSON
  return new TextEncoder().encode(text)
}

/** What the server should conclude from the bytes: its own pure rules, applied locally. */
function expectedOutcome(body: Uint8Array) {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body)
  } catch {
    return { kind: 'invalid' as const }
  }
  return parseSignupBody(text)
}

it('never answers 5xx to 2,000 fuzzed bodies and stores exactly the valid signups', async () => {
  const bodies = Array.from({ length: 2000 }, fuzzBody)
  const contentTypes = ['text/plain;charset=UTF-8', 'text/plain', 'application/json', 'application/json; charset=utf-8']
  const statuses = await inParallel(bodies, 16, async (body) => {
    const response = await server.post(body, { headers: { 'Content-Type': pick(contentTypes) } })
    const text = await response.text()
    if (response.status === 200) expect(JSON.parse(text)).toEqual({ ok: expect.any(Boolean), message: expect.any(String) })
    else expect(text.length).toBeGreaterThan(0)
    return response.status
  })

  expect(statuses.filter((status) => status >= 500)).toEqual([])
  expect(new Set(statuses)).toEqual(new Set([200, 413]))
  const accepted = bodies.filter((_body, index) => statuses[index] === 200).map(expectedOutcome)
  const expectedEmails = new Set(accepted.flatMap((outcome) => (outcome.kind === 'signup' ? [outcome.signup.emailNormalized] : [])))
  expect(expectedEmails.size).toBeGreaterThan(20) // the fuzz must also exercise the path that stores

  const rows = await server.rows()
  expect(new Set(rows.map((row) => row.email_normalized))).toEqual(expectedEmails)
  expect(rows).toHaveLength(expectedEmails.size)
  for (const row of rows) {
    const again = parseSignupBody(JSON.stringify({ email: row.email, firstName: row.first_name, source: row.source }))
    expect(again).toMatchObject({ kind: 'signup', signup: { emailNormalized: row.email_normalized, firstName: row.first_name } })
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
})
