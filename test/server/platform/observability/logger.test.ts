// @vitest-environment node
// The logger's own guards (platform/observability/logger.ts): fields that name a person or a secret are redacted
// wherever they sit, errors lose the extra fields drivers attach, a request logged whole keeps only its method
// and path, and whatever is shaped like an address or a token is scrubbed from the finished line, in any field.
import { describe, expect, it } from 'vitest'
import { scrubLine } from '../../../../server/platform/observability/logger'
import { logLines } from '../../../utils/log-lines'

const token = 'Zk3v_9QeT0-wXy8bLmN4pRsT6uVwX1yZ2aB3cD4eF5g'

describe('the logger', () => {
  it('redacts named fields at the top and one level down, and Cookie, Authorization and Set-Cookie headers', () => {
    const { logger, objects } = logLines()
    logger.info({ email: 'a@b.example', firstName: 'Ann', signup: { first_name: 'Ann', email_normalized: 'a@b.example', source: 'home' } }, 'one')
    logger.info({ req: { headers: { cookie: 'stride_admin=x', authorization: 'Bearer y', accept: 'text/html' } }, res: { headers: { 'set-cookie': 'z' } } }, 'two')
    const [one, two] = objects()
    expect(one).toMatchObject({ email: '[redacted]', firstName: '[redacted]', signup: { first_name: '[redacted]', email_normalized: '[redacted]', source: 'home' } })
    expect(JSON.stringify(two)).not.toMatch(/stride_admin|Bearer|"z"/)
  })

  it('logs an error as type, code, message and stack, never a driver’s detail', () => {
    const { logger, objects } = logLines()
    const error = Object.assign(new Error('duplicate key value violates unique constraint "signups_email_normalized_key"'), {
      code: '23505',
      detail: 'Key (email_normalized)=(ann) already exists.',
      table: 'signups',
    })
    logger.error({ err: error }, 'failed')
    const [line] = objects()
    expect(line!.err).toEqual({ type: 'Error', code: '23505', message: error.message, stack: expect.stringContaining('duplicate key') })
  })

  it('logs a whole request as its method and path only', () => {
    const { logger, objects } = logLines()
    logger.info({ req: new Request(`https://site.example/waitlist/confirm?token=${token}#x`, { method: 'POST', headers: { cookie: 'c' }, body: 'email=a' }) }, 'r')
    expect(objects()[0]!.req).toEqual({ method: 'POST', path: '/waitlist/confirm' })
  })

  it('scrubs addresses and tokens from the finished line, and leaves URLs’ users, ids and hashes alone', () => {
    expect(scrubLine('550 5.1.1 <Ann.Lee+x@Example.co.uk>: no such user')).toBe('550 5.1.1 <[address]>: no such user')
    expect(scrubLine(`{"msg":"refused:\\nann@example.com"}`)).toBe(`{"msg":"refused:\\[address]"}`)
    expect(scrubLine(`?token=${token}&x=1`)).toBe('?token=[token]&x=1')
    const kept = 'postgres://waitlist@db.internal:5432/w 4bf92f35-77b3-4da6-a3ce-929d0e0e4736 ' + 'ab'.repeat(32)
    expect(scrubLine(kept)).toBe(kept)
    const { logger, lines } = logLines()
    logger.warn({ reason: 'to bob@example.org' }, `token ${token}`)
    expect(lines()[0]).not.toMatch(/bob@|Zk3v/)
  })
})
