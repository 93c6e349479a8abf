// @vitest-environment node
// `npm start`'s static side over a fixture dist/ in a temp folder: pretty URLs, the 404 page with status 404,
// caching, content types, a path-traversal wall, a CSP that names each page's own inline scripts, and the
// referrer policy of the pages with a token in their address.
import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consentPages } from '../../../../shared/consent-paths'
import { createStaticSite } from '../../../../server/platform/http/static'
import { makeTempDir, startTestServer, type TestServer } from '../../harness'
import { onlyOn } from '../../../utils/store-suite'

onlyOn('sqlite', "the server's static side, over a fixture dist/; the database behind it plays no part in what is checked")

const homeScript = 'window.__ROUTER_STATE__ = {"page":"home"}'
const page = (title: string, script = '') =>
  `<!doctype html><html><head><title>${title}</title><script type="module" src="/assets/app-abc123.js"></script></head>` +
  `<body><h1>${title}</h1>${script ? `<script>${script}</script>` : ''}</body></html>`
const cspHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`

let server: TestServer
let temp: Awaited<ReturnType<typeof makeTempDir>>
let dist: string
let secretPath: string

beforeAll(async () => {
  temp = await makeTempDir()
  dist = join(temp.dir, 'dist')
  secretPath = join(temp.dir, 'secret.txt')
  await mkdir(join(dist, 'about'), { recursive: true })
  await mkdir(join(dist, 'assets'), { recursive: true })
  await mkdir(join(dist, '.vite'), { recursive: true })
  await writeFile(join(dist, 'index.html'), page('Home', homeScript))
  await writeFile(join(dist, 'about', 'index.html'), page('About'))
  await writeFile(join(dist, '404.html'), page('Page Not Found', 'console.log("404")'))
  await writeFile(join(dist, 'assets', 'app-abc123.js'), 'console.log("app")')
  await writeFile(join(dist, 'robots.txt'), 'User-agent: *')
  await writeFile(join(dist, '.vite', 'manifest.json'), '{}')
  await writeFile(join(dist, '_headers'), '/*\n  X-Test: 1\n')
  await writeFile(secretPath, 'TOP SECRET')
  server = await startTestServer({ site: createStaticSite(dist) })
})
afterAll(async () => {
  await server.close()
  await temp.remove()
})

/** A GET with the path sent byte for byte (fetch would normalise the dot segments away). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: new URL(server.origin).port, path, method: 'GET' }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** A GET with the given Accept-Encoding that keeps the raw bytes (fetch would decompress them). */
function rawEncodedGet(path: string, acceptEncoding: string): Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const port = new URL(server.origin).port
    const req = request({ host: '127.0.0.1', port, path, headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('static site', () => {
  it('compresses text with Brotli or gzip for clients that accept them, and sends it plain to those that do not', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib')
    const big = `<!doctype html><title>Big</title><p>${'Move more, every day. '.repeat(200)}</p>`
    await mkdir(join(dist, 'big'), { recursive: true })
    await writeFile(join(dist, 'big', 'index.html'), big)
    // What Chromium sends: Brotli is preferred over gzip when both are accepted alike.
    const brotli = await rawEncodedGet('/big', 'gzip, deflate, br, zstd')
    expect(brotli.encoding).toBe('br')
    expect(brotli.vary).toBe('Accept-Encoding')
    expect(brotli.body.length).toBeLessThan(big.length / 4)
    expect(brotliDecompressSync(brotli.body).toString()).toBe(big)
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.5', 'x-gzip, gzip']) {
      const zipped = await rawEncodedGet('/big', accept)
      expect(zipped.encoding, accept).toBe('gzip')
      expect(gunzipSync(zipped.body).toString()).toBe(big)
    }
    for (const accept of ['identity', 'br;q=0, gzip;q=0', '*;q=0']) {
      const plain = await rawEncodedGet('/big', accept)
      expect(plain.encoding, accept).toBeUndefined()
      expect(plain.body.toString()).toBe(big)
    }
    expect((await rawEncodedGet('/big', '*')).encoding).toBe('br')
    expect((await rawGet('/big')).body).toBe(big)
  })

  it('serves pages with security headers and a CSP naming their own inline scripts', async () => {
    const home = await fetch(`${server.origin}/`)
    expect(home.status).toBe(200)
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(home.headers.get('cache-control')).toBe('no-cache')
    const csp = home.headers.get('content-security-policy') ?? ''
    expect(csp).toContain(`script-src 'self' ${cspHash(homeScript)};`)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(home.headers.get('x-content-type-options')).toBe('nosniff')
    expect(home.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(home.headers.get('permissions-policy')).toContain('geolocation=()')
    expect(await home.text()).toContain('<h1>Home</h1>')

    const about = await fetch(`${server.origin}/about`)
    expect(await about.text()).toContain('<h1>About</h1>')
    expect(about.headers.get('content-security-policy')).toContain("script-src 'self'; ")
    expect(await (await fetch(`${server.origin}/about/`)).text()).toContain('<h1>About</h1>')
  })

  it('keeps the token of a page behind an email link out of every Referer: strict-origin there, with or without a query', async () => {
    const token = 'A'.repeat(43)
    const tokenPages = [consentPages.confirm, consentPages.unsubscribe, consentPages.eraseConfirm]
    for (const path of [...tokenPages, consentPages.erase]) {
      await mkdir(join(dist, path), { recursive: true })
      await writeFile(join(dist, path, 'index.html'), page(path))
    }
    for (const path of tokenPages) {
      for (const url of [`${path}?token=${token}`, path, `${path}/`, `${path}/?token=${token}`]) {
        const response = await fetch(`${server.origin}${url}`)
        expect(await response.text(), url).toContain(`<h1>${path}</h1>`)
        expect(response.headers.get('referrer-policy'), url).toBe('no-referrer')
      }
    }
    // The erasure request page carries no token; every other page keeps the site's policy.
    for (const url of ['/', '/about', consentPages.erase, '/no/such/page'])
      expect((await fetch(`${server.origin}${url}`)).headers.get('referrer-policy'), url).toBe('strict-origin-when-cross-origin')
  })

  it('answers every console area’s address with the console’s page, and a missing console file with 404', async () => {
    await mkdir(join(dist, 'admin', 'sign-in'), { recursive: true })
    await writeFile(join(dist, 'admin', 'index.html'), page('Waitlist console'))
    await writeFile(join(dist, 'admin', 'sign-in', 'index.html'), page('Sign in'))
    // The console's scripts are named by their hash too, so a second visit fetches none of them again (issue 47).
    await mkdir(join(dist, 'admin', 'assets'), { recursive: true })
    await writeFile(join(dist, 'admin', 'assets', 'console-abc123.js'), 'console.log(1)')
    const consoleAsset = await fetch(`${server.origin}/admin/assets/console-abc123.js`)
    expect(consoleAsset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await fetch(`${server.origin}/admin/`)).headers.get('cache-control')).toBe('no-cache')
    for (const path of ['/admin/people', '/admin/people/12', '/admin/people/', '/admin/integrations']) {
      const response = await fetch(`${server.origin}${path}`)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type'), path).toBe('text/html; charset=utf-8')
      expect(response.headers.get('content-security-policy'), path).toContain("script-src 'self'; ")
      expect(await response.text(), path).toContain('<h1>Waitlist console</h1>')
    }
    expect(await (await fetch(`${server.origin}/admin/sign-in`)).text()).toContain('<h1>Sign in</h1>')
    for (const path of ['/admin/assets/missing.js', '/admin/favicon.svg', '/admin/../secret.txt']) {
      const missing = await rawGet(path)
      expect(missing.status, path).toBe(404)
      expect(missing.body, path).not.toContain('Waitlist console')
    }
  })

  it('answers unknown paths with 404.html and status 404', async () => {
    const missing = await fetch(`${server.origin}/no/such/page`)
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('Page Not Found')
    expect(missing.headers.get('content-security-policy')).toContain(cspHash('console.log("404")'))
  })

  it('serves hashed assets for a year and other files with their content type', async () => {
    const asset = await fetch(`${server.origin}/assets/app-abc123.js`)
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff')
    const robots = await fetch(`${server.origin}/robots.txt`)
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(robots.headers.get('cache-control')).toBe('no-cache')
  })

  it('answers HEAD without a body and a matching ETag with 304', async () => {
    const head = await fetch(`${server.origin}/`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    const etag = head.headers.get('etag') ?? ''
    expect(etag).not.toBe('')
    expect((await fetch(`${server.origin}/`, { headers: { 'If-None-Match': etag } })).status).toBe(304)
  })

  it('never serves anything outside dist/ or the files the build keeps for itself', async () => {
    const attempts = ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e%5csecret.txt', '/..\\secret.txt', `/${encodeURIComponent(secretPath)}`, '/%00', '/%E0%A4%A', '/.vite/manifest.json', '/_headers']
    for (const path of attempts) {
      const { status, body } = await rawGet(path)
      // Node itself refuses a raw backslash in the request line with 400; everything else is a plain 404.
      expect({ path, status }).toEqual({ path, status: path.includes('\\') ? 400 : 404 })
      expect(body).not.toContain('TOP SECRET')
    }
  })

  it('adds HSTS only when the request came over https through a trusted proxy', async () => {
    const plain = await fetch(`${server.origin}/`, { headers: { 'X-Forwarded-Proto': 'https' } })
    expect(plain.headers.get('strict-transport-security')).toBeNull()
    const proxied = await startTestServer({ site: createStaticSite(dist), trustedProxies: 1 })
    try {
      const secure = await fetch(`${proxied.origin}/`, { headers: { 'X-Forwarded-Proto': 'https' } })
      expect(secure.headers.get('strict-transport-security')).toBe('max-age=63072000')
    } finally {
      await proxied.close()
    }
  })
})
