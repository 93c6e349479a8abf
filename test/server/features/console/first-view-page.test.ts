// @vitest-environment node
// The console's page at /admin/ with the Overview drawn on the server (features/console/first-view-page.ts), against a
// real server on the run's engine with the console's own drawing (src/admin/first-view-server.tsx): a member's page
// carries the totals and what the API answers that member, and nothing else; anyone else gets the page as built.
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { drawOverview } from '../../../../src/admin/first-view-server'
import { createStaticSite } from '../../../../server/platform/http/static'
import { inlineScriptHashes } from '../../../../server/platform/http/security-headers'
import { consolePageFile, firstViewDataId } from '../../../../shared/console-pages'
import { onlyOn } from '../../../utils/store-suite'
import { startAdminServer, type AdminTestServer } from '../../admin-harness'

onlyOn('sqlite', 'the page draws what the summary answers, which the console API’s suites read on both engines')

// The console's page as the build writes it: the early script inline after the charset (vite.admin.config.ts).
const builtPage = async () =>
  (await readFile('src/admin/index.html', 'utf8')).replace('<meta charset="UTF-8" />', '<meta charset="UTF-8" />\n    <script>window.early = 1</script>')

const dataIn = (html: string) => {
  const found = new RegExp(`<script type="application/json" id="${firstViewDataId}">([^<]*)</script>`).exec(html)
  return found ? JSON.parse(found[1]!) : undefined
}

describe('the console’s page with its Overview drawn on the server', () => {
  let server: AdminTestServer
  let site: string
  let page: string
  let cookie: string
  const failures: string[] = []
  let drawFails = false

  beforeAll(async () => {
    site = await mkdtemp(join(tmpdir(), 'first-view-site-'))
    page = await builtPage()
    await mkdir(join(site, 'admin'), { recursive: true })
    await writeFile(join(site, consolePageFile), page)
    const log = { error: (_fields: unknown, line: string) => void failures.push(line) }
    server = await startAdminServer({
      staticDir: site,
      site: createStaticSite(site),
      drawOverview: (given) => (drawFails ? Promise.reject(new Error('a fault in the drawing')) : drawOverview(given)),
      log: { ...console, ...log, child: () => ({ ...console, ...log }) } as never,
    })
    // A source named to break out of the page's script element, were it written in raw.
    await server.store.add({ email: 'ann@example.com', emailNormalized: 'ann@example.com', firstName: 'Ann', source: '</script><img src=x onerror=alert(1)>', submissionId: null })
    await server.store.add({ email: 'bob@example.com', emailNormalized: 'bob@example.com', firstName: 'Bob', source: 'home', submissionId: null })
    cookie = await server.signIn()
  }, 60_000)
  afterAll(async () => {
    await server?.close()
    await rm(site, { recursive: true, force: true })
  })

  const apiAnswer = async (path: string) => {
    const { ok, ...answer } = await (await server.request(`/api/admin${path}`, { cookie })).json()
    expect(ok).toBe(true)
    return answer
  }

  it('draws the shell and the totals for a signed-in member, from what the API answers them, kept by no cache', async () => {
    for (const address of ['/admin/', '/admin', '/admin/index.html']) {
      const response = await server.request(address, { cookie })
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
      const html = await response.text()
      expect(html).toContain('<h2 id="totals-heading">Totals</h2>')
      expect(html).toContain('Signed in as <strong>team@company.example</strong>')
      expect(html).toMatch(/<style data-first-view>[^<]*\{/)
      // Its controls wait for the console's script, and say so; its links are links.
      expect(html).toMatch(/<button disabled=""[^>]*>Sign out<\/button>/)
      expect(html).not.toMatch(/<button(?! disabled="")/)
      expect(html).toContain('href="/admin/people"')
      // The figures drawn are the API's: two signed up.
      expect(html).toMatch(/<dd[^>]*>2<\/dd>/)
      // The outbox moves between the two reads (the sign-in email leaves, its age grows by the second): its shape only.
      const { session, summary: { outbox, ...figures } } = dataIn(html)
      const { outbox: outboxAfter, ...figuresAfter } = await apiAnswer('/summary')
      expect(session).toEqual(await apiAnswer('/session'))
      expect(figures).toEqual(figuresAfter)
      expect(Object.keys(outbox)).toEqual(Object.keys(outboxAfter))
    }
  })

  it('sends the drawn page compressed to a browser that takes gzip, and the page as built as the site sends it', async () => {
    const drawn = await fetch(`${server.origin}/admin/`, { headers: { cookie, 'accept-encoding': 'gzip' } })
    expect(drawn.headers.get('content-encoding')).toBe('gzip')
    expect(await drawn.text()).toContain('<h2 id="totals-heading">Totals</h2>')
    const asBuilt = await fetch(`${server.origin}/admin/`, { headers: { 'accept-encoding': 'gzip' } })
    expect(asBuilt.headers.get('content-encoding')).toBe('gzip')
    expect(await asBuilt.text()).toBe(page)
  })

  it('keeps every text of the figures inside the page’s data block, and the CSP names each script that runs, not the data', async () => {
    const response = await server.request('/admin/', { cookie })
    const html = await response.text()
    expect(html).not.toContain('</script><img')
    expect(dataIn(html).summary.bySource).toContainEqual({ source: '</script><img src=x onerror=alert(1)>', count: 1 })
    const scriptSrc = /script-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? ''
    const hashes = inlineScriptHashes(html)
    expect(hashes).toHaveLength(1)
    expect(scriptSrc).toContain(hashes[0])
    expect(scriptSrc.match(/sha256-/g)).toHaveLength(1)
  })

  it('serves the page as built to anyone not signed in, after sign-out, and at every other area’s address', async () => {
    const signedOut = await server.signIn()
    expect((await server.request('/api/admin/sign-out', { method: 'POST', cookie: signedOut })).status).toBe(200)
    const asBuilt = [
      await server.request('/admin/'),
      await server.request('/admin/', { cookie: 'admin_session=not-a-session' }),
      await server.request('/admin/', { cookie: signedOut }),
      await server.request('/admin/people', { cookie }),
    ]
    for (const response of asBuilt) {
      expect(response.status).toBe(200)
      const html = await response.text()
      expect(html).toBe(page)
      expect(html).not.toContain(firstViewDataId)
    }
  })

  it('serves the page as built when the drawing fails, and says so in the log', async () => {
    drawFails = true
    try {
      const html = await (await server.request('/admin/', { cookie })).text()
      expect(html).toBe(page)
      expect(failures.some((line) => line.includes('could not be drawn on the server'))).toBe(true)
    } finally {
      drawFails = false
    }
  })
})
