import { faviconHref, logoSvg } from '../../../shared/logo-drawing'

// The URL Standard's URL code points (ASCII only: the SVG is ASCII) and percent-encoded bytes: what a valid
// URL may contain after `data:`. The Nu HTML Checker failed every page on the favicon's unencoded spaces.
const validUrlText = /^(?:[A-Za-z0-9!$&'()*+,\-./:;=?@_~]|%[0-9A-F]{2})*$/

describe('the favicon', () => {
  it('is a valid data: URL of the logo, with every other character percent-encoded', () => {
    const [scheme, body] = faviconHref().split(/,(.*)/s) as [string, string]
    expect(scheme).toBe('data:image/svg+xml')
    expect(body).toMatch(validUrlText)
    expect(decodeURIComponent(body)).toBe(logoSvg())
    expect(body).toContain('%20') // the SVG's spaces, which were written as they are
  })
})
