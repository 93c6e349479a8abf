// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { buildWaitlistMailto } from '../../machines/waitlist-mailto'

const to = 'hello@stridehealth.example'
const source = 'stride-marketing-site'

// Reads a mailto: URL back the way a mail client does (RFC 6068): recipients before '?', then
// '&'-separated header fields, each value percent-decoded.
function parseMailto(href: string) {
  expect(href.startsWith('mailto:')).toBe(true)
  const rest = href.slice('mailto:'.length)
  expect(rest).not.toMatch(/#/) // a fragment would cut the URL short
  const [recipients = '', query = '', ...extra] = rest.split('?')
  expect(extra).toEqual([]) // exactly one '?'
  const fields = query.split('&').map((pair) => {
    const [name = '', value = '', ...more] = pair.split('=')
    expect(more).toEqual([])
    return [decodeURIComponent(name), decodeURIComponent(value)] as const
  })
  return { to: recipients.split(',').map(decodeURIComponent), fields }
}

describe('buildWaitlistMailto', () => {
  it("writes subject 'Waitlist' and a body with name, email and source", () => {
    const href = buildWaitlistMailto({ to, firstName: 'Ada', email: 'ada@example.com', source })
    expect(parseMailto(href)).toEqual({
      to: [to],
      fields: [
        ['subject', 'Waitlist'],
        ['body', 'Name: Ada\r\nEmail: ada@example.com\r\nSource: stride-marketing-site'],
      ],
    })
    expect(href).toContain('body=Name%3A%20Ada%0D%0AEmail%3A%20ada%40example.com%0D%0ASource%3A%20stride-marketing-site')
  })

  it("says '(not provided)' when the first name is empty or blank", () => {
    for (const firstName of ['', '   ']) {
      const { fields } = parseMailto(buildWaitlistMailto({ to, firstName, email: 'ada@example.com', source }))
      expect(fields[1]?.[1]).toBe('Name: (not provided)\r\nEmail: ada@example.com\r\nSource: stride-marketing-site')
    }
  })

  it.each([
    ['an extra recipient header', 'Ada&cc=evil@x.com&bcc=evil@x.com'],
    ['an injected header line', 'Ada\r\nBcc: evil@x.com'],
    ['a second query', 'Ada?to=evil@x.com'],
    ['a fragment', 'Ada#&to=evil@x.com'],
    ['a raw percent sequence', 'Ada%26cc%3Devil%40x.com%0D%0A'],
    ['a comma list of addresses', 'evil@x.com,other@x.com'],
  ])('keeps %s inside the body', (_case, hostile) => {
    const href = buildWaitlistMailto({ to, firstName: hostile, email: hostile, source })
    const parsed = parseMailto(href)
    expect(parsed.to).toEqual([to])
    expect(parsed.fields.map(([name]) => name)).toEqual(['subject', 'body'])
    expect(parsed.fields[0]).toEqual(['subject', 'Waitlist'])
    const body = parsed.fields[1]?.[1] ?? ''
    expect(body).toBe(`Name: ${hostile.trim()}\r\nEmail: ${hostile.trim()}\r\nSource: ${source}`)
    // The same through the URL parser: only subject and body, no recipient added.
    const url = new URL(href)
    expect([...url.searchParams.keys()]).toEqual(['subject', 'body'])
    expect(decodeURIComponent(url.pathname)).toBe(to)
    expect(url.hash).toBe('')
    expect(href).not.toMatch(/[\r\n ]/)
  })

  it("keeps the '@' of the address literal and encodes each side", () => {
    expect(buildWaitlistMailto({ to: 'a+b@x.example', firstName: '', email: 'e@x.io', source }).split('?')[0]).toBe(
      'mailto:a%2Bb@x.example',
    )
  })
})
