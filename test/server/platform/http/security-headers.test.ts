// @vitest-environment node
// The header policy itself, and the _headers file the build writes for static hosts.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { consentPages } from '../../../../shared/consent-paths'
import { carriesToken, headersFileFor, inlineScriptHashes, securityHeaders } from '../../../../server/platform/http/security-headers'

const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`

describe('inlineScriptHashes', () => {
  it('matches the well-known CSP hash of a script', () => {
    // The example of the CSP specification's own documentation (MDN, "script-src").
    expect(inlineScriptHashes("<script>alert('Hello, world.');</script>")).toEqual(["'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='"])
  })

  it('hashes every inline script once, byte for byte, and skips scripts with src and data blocks, which never run', () => {
    const html = [
      '<script type="module" crossorigin src="/assets/app.js"></script>',
      '<SCRIPT>var a = "é";\n</SCRIPT >',
      '<script id="state" type="application/json">{"x":1}</script>',
      '<script>var a = "é";\n</script>',
      '<script data-src="x">b()</script>',
    ].join('')
    expect(inlineScriptHashes(html)).toEqual([hashOf('var a = "é";\n'), hashOf('b()')])
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([])
  })
})

describe('securityHeaders', () => {
  it('builds the CSP from the hashes and adds HSTS only over https', () => {
    const headers = securityHeaders({ scriptHashes: ["'sha256-abc='"], connectSrc: ['https://api.example'] })
    expect(headers['Content-Security-Policy']).toBe(
      "default-src 'self'; script-src 'self' 'sha256-abc='; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
        "connect-src 'self' https://api.example; font-src 'self'; object-src 'none'; base-uri 'self'; " +
        "form-action 'self' mailto: https://api.example; frame-ancestors 'none'",
    )
    expect(headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': expect.stringContaining('camera=(), microphone=(), geolocation=()'),
    })
    expect(headers['Strict-Transport-Security']).toBeUndefined()
    expect(securityHeaders({ https: true })['Strict-Transport-Security']).toBe('max-age=63072000')
  })

  it('gives a page with a token in its address a referrer policy that sends the origin at most', () => {
    expect(securityHeaders({ carriesToken: true })['Referrer-Policy']).toBe('no-referrer')
    expect(securityHeaders({ carriesToken: false })['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
  })
})

describe('carriesToken', () => {
  it('names the pages behind the links in our emails, and the outcome pages that ask about news and updates, by URL or by file', () => {
    for (const path of [consentPages.confirm, consentPages.unsubscribe, consentPages.eraseConfirm, '/waitlist/confirmed', '/waitlist/news-on', '/waitlist/news-off'])
      for (const variant of [path, `${path}/`, `${path}/index.html`]) expect(carriesToken(variant), variant).toBe(true)
    for (const path of ['/', '/about', consentPages.erase, '/waitlist/unsubscribed', '/waitlist/news-link-invalid', '/waitlist/confirm/x', '/404.html'])
      expect(carriesToken(path), path).toBe(false)
  })
})

describe('headersFileFor', () => {
  const pages = [
    { path: '/', html: '<script>home()</script>' },
    { path: '/about/', html: '<p>about</p>' },
    { path: '/404', html: '<script>notFound()</script>' },
    { path: consentPages.confirm, html: '<p>confirm</p>' },
    { path: consentPages.erase, html: '<p>erase</p>' },
  ]
  const blocks = Object.fromEntries(
    headersFileFor(pages, { connectSrc: ['https://api.example'] })
      .trim()
      .split('\n\n')
      .map((block) => {
        const [path = '', ...lines] = block.split('\n')
        return [path, Object.fromEntries(lines.map((line) => line.trim().split(/: (.*)/s).slice(0, 2)))]
      }),
  ) as Record<string, Record<string, string>>

  it('gives every path the shared headers and a CSP that allows every page (for paths with no block)', () => {
    expect(blocks['/*']).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'Strict-Transport-Security': 'max-age=63072000' })
    expect(blocks['/*']?.['Content-Security-Policy']).toContain(`script-src 'self' ${hashOf('home()')} ${hashOf('notFound()')};`)
    expect(blocks['/*']?.['Content-Security-Policy']).toContain("connect-src 'self' https://api.example;")
    expect(blocks['/assets/*']).toEqual({ 'Cache-Control': 'public, max-age=31536000, immutable' })
    expect(blocks['/admin/assets/*']).toEqual({ 'Cache-Control': 'public, max-age=31536000, immutable' })
  })

  it("narrows each page to its own hashes, with and without the trailing slash", () => {
    expect(Object.keys(blocks)).toEqual(['/*', '/assets/*', '/admin/assets/*', '/', '/about', '/about/', '/404', '/404/', '/waitlist/confirm', '/waitlist/confirm/', '/waitlist/erase', '/waitlist/erase/'])
    expect(blocks['/']?.['Content-Security-Policy']).toContain(`script-src 'self' ${hashOf('home()')};`)
    expect(blocks['/about']?.['Content-Security-Policy']).toContain("script-src 'self'; ")
    expect(blocks['/about/']).toEqual(blocks['/about'])
  })

  it('adds the stricter referrer policy to the token pages, after the one `/*` gives every page', () => {
    expect(blocks['/*']?.['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
    expect(blocks['/waitlist/confirm']?.['Referrer-Policy']).toBe('no-referrer')
    expect(blocks['/waitlist/confirm/']).toEqual(blocks['/waitlist/confirm'])
    for (const path of ['/', '/about', '/404', '/waitlist/erase']) expect(blocks[path]?.['Referrer-Policy'], path).toBeUndefined()
  })
})
