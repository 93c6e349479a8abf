// @vitest-environment node
// Every validation rule, one case each, over HTTP: the visitor's message comes back as 200 {ok: false} and
// nothing is stored. Valid signups at the limits are stored, to show each rule is exactly as strict as said.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../../../shared/messages'
import { startTestServer, validSignup, type TestServer } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const long = (length: number, char = 'a') => char.repeat(length)
const withField = (field: string, value: unknown) => JSON.stringify({ ...validSignup, [field]: value })

const rejected: [rule: string, body: string | Uint8Array, message: string][] = [
  ['malformed JSON', '{"email": "ann@example.com"', messages.unreadable],
  ['an empty body', '', messages.unreadable],
  ['a JSON array', JSON.stringify([validSignup]), messages.unreadable],
  ['JSON null', 'null', messages.unreadable],
  ['a JSON string', JSON.stringify('ann@example.com'), messages.unreadable],
  ['bytes that are not UTF-8', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), messages.unreadable],
  ['a __proto__ key', `{"__proto__": {"polluted": true}, "email": "ann@example.com", "source": "s"}`, messages.unreadable],
  ['a constructor key', withField('constructor', { prototype: { polluted: true } }), messages.unreadable],
  ['a missing email', JSON.stringify({ firstName: 'Ann', source: validSignup.source }), messages.invalidEmail],
  ['an email of the wrong type', withField('email', ['ann@example.com']), messages.invalidEmail],
  ['an email without @', withField('email', 'ann.example.com'), messages.invalidEmail],
  ['an email without a dot after @', withField('email', 'ann@example'), messages.invalidEmail],
  ['an email with a space', withField('email', 'ann smith@example.com'), messages.invalidEmail],
  ['an email with a control character', withField('email', 'ann\u0007@example.com'), messages.invalidEmail],
  ['an email with U+2028', withField('email', 'ann\u2028x@example.com'), messages.invalidEmail],
  ['an email over 254 characters', withField('email', `${long(64)}@${long(63)}.${long(63)}.${long(63)}.com`), messages.emailTooLong],
  ['a local part over 64 characters', withField('email', `${long(65)}@example.com`), messages.emailLocalPartTooLong],
  ...[
    'alice@one.example,bob@two.example',
    'a@b.io;c@d.io',
    'a@b.io c@d.io',
    'q@r.io@s.io',
    'Ann <ann@example.com>',
    '<ann@example.com>',
    '"ann smith"@example.com',
    'ann(comment)@example.com',
    'ann@[127.0.0.1]',
    'ann@127.0.0.1',
    'ann..smith@example.com',
    '.ann@example.com',
    'ann.@example.com',
    'ann@example..com',
    'ann@-example.com',
    'ann@exa_mple.com',
    'ann\u200b@example.com',
    'ann\u202e@example.com',
  ].map((email): [string, string, string] => [`${JSON.stringify(email)}, not one mailbox`, withField('email', email), messages.invalidEmail]),
  ['a name of the wrong type', withField('firstName', 42), messages.unreadable],
  ['a name over 100 characters', withField('firstName', long(101)), messages.nameTooLong],
  ['a name with a line break', withField('firstName', 'Ann\nSmith'), messages.nameHasControlCharacters],
  ['a name with a NUL', withField('firstName', 'Ann\u0000Smith'), messages.nameHasControlCharacters],
  ['a name with DEL', withField('firstName', 'Ann\u007fSmith'), messages.nameHasControlCharacters],
  ['a name with U+2029', withField('firstName', 'Ann\u2029Smith'), messages.nameHasControlCharacters],
  ['a name with a lone surrogate', withField('firstName', 'Ann\ud800'), messages.nameHasControlCharacters],
  ['a missing source', JSON.stringify({ email: 'ann@example.com' }), messages.outdatedForm],
  ['an empty source', withField('source', '  '), messages.outdatedForm],
  ['a source of the wrong type', withField('source', { name: 'site' }), messages.outdatedForm],
  ['a source over 100 characters', withField('source', long(101)), messages.outdatedForm],
  ['a source with a tab', withField('source', 'site\tx'), messages.outdatedForm],
  ['a submissionId of the wrong type', withField('submissionId', 12345678), messages.unreadable],
  ['a submissionId with odd characters', withField('submissionId', 'abc def'), messages.unreadable],
  ['a submissionId over 100 characters', withField('submissionId', long(101)), messages.unreadable],
]

describe('POST /api/waitlist validation', () => {
  it.each(rejected)('refuses %s with a message and stores nothing', async (_rule, body, message) => {
    const response = await server.post(body)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: false, message })
    expect(await server.rows()).toEqual([])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('answers a filled honeypot exactly like a success and stores nothing', async () => {
    const first = await server.post({ ...validSignup, email: 'bot@example.com', website: 'https://spam.example' })
    expect(await first.json()).toEqual({ ok: true, message: messages.success })
    const nonString = await server.post({ ...validSignup, email: 'bot2@example.com', website: 1 })
    expect(await nonString.json()).toEqual({ ok: true, message: messages.success })
    expect(await server.rows()).toEqual([])
  })

  it('accepts every field at its limit, an empty honeypot and trims what it stores', async () => {
    const email = `${long(64)}@${long(60)}.${long(60)}.${long(60)}.${long(2)}.com` // 254 characters
    expect(email).toHaveLength(254)
    const response = await server.post({ firstName: ` ${long(100, 'é')} `, email: ` ${email} `, source: long(100, 's'), website: '' })
    expect(await response.json()).toEqual({ ok: true, message: messages.success })
    const [row] = await server.rows()
    expect(row).toMatchObject({ email, first_name: long(100, 'é'), source: long(100, 's') })
  })

  it('accepts a signup without a first name', async () => {
    const response = await server.post({ email: 'noname@example.com', source: validSignup.source })
    expect(await response.json()).toMatchObject({ ok: true })
    expect((await server.rows()).find((row) => row.email === 'noname@example.com')?.first_name).toBe('')
  })
})
