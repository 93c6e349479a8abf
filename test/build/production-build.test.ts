// @vitest-environment node
// Builds the production site once, into a temp folder, and checks what a visitor's browser and a crawler
// get: every route prerendered with its own head, the JS budget of the landing page, no dev-only code.
import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { htmlFileFor } from '../../scripts/prerender'
import { upFrontScripts } from '../../scripts/up-front-scripts'
import { pageMeta } from '../../src/content/seo'
import { pagePaths } from '../../src/head'

/** The gzip KiB of JS that / loads up front may not grow past this. Issue #6 sets a target of 120 KiB,
 * which this site misses: react-dom, TanStack Router, xstate, styled-components and framer-motion's core
 * alone weigh about 136 KiB gzip (figures in the README). The test guards today's size against growth. */
const upFrontJsBudgetKb = 155
const upFrontJsTargetKb = 120

let work: string
let site: string
const read = (file: string) => readFile(join(site, file), 'utf8')

beforeAll(async () => {
  // Inside the project (in the git-ignored .e2e/), so the renderer bundle resolves node_modules.
  await mkdir('.e2e', { recursive: true })
  work = await mkdtemp(join('.e2e', 'unit-build-'))
  site = join(work, 'site')
  execFileSync('npm', ['run', 'build'], {
    env: { ...process.env, NODE_ENV: 'production', SITE_OUT_DIR: relative(process.cwd(), site), VITE_WAITLIST_ENDPOINT: '/api/waitlist' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}, 120_000)

afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

describe('the production build', () => {
  it.each(pagePaths)('prerenders %s with its text, styles and own head', async (path) => {
    const html = await read(htmlFileFor(path))
    expect(html).toContain(`<title>${pageMeta[path].title.replaceAll('&', '&amp;')}</title>`)
    expect(html).toMatch(/<meta name="description" content="[^"]{70,160}"/)
    expect(html).toMatch(/<link rel="canonical" href="https:\/\/[^"]+"/)
    expect(html).toMatch(/<meta property="og:title"/)
    expect(html).toMatch(/<style data-styled="true"/)
    expect(html).toMatch(/<h1[^>]*>/)
  })

  it('writes the 404 page, sitemap, robots.txt, favicon and the _headers file for static hosts', async () => {
    expect(await read('404.html')).toContain('Page Not Found')
    const sitemap = await read('sitemap.xml')
    expect(sitemap.match(/<loc>/g)).toHaveLength(pagePaths.length)
    expect(await read('robots.txt')).toMatch(/Sitemap: https:\/\//)
    expect(await read('favicon.svg')).toContain('<svg')
    const ogImage = await readFile(join(site, 'og-image.png'))
    expect(ogImage.subarray(1, 4).toString()).toBe('PNG')
    expect(ogImage.readUInt32BE(16)).toBe(1200) // width and height in the PNG header, as og:image:* says
    expect(ogImage.readUInt32BE(20)).toBe(630)
    const headers = await read('_headers')
    expect(headers).toMatch(/Content-Security-Policy: .*script-src 'self' 'sha256-/)
    expect(headers).toContain("frame-ancestors 'none'")
  })

  it(`keeps the JS that / loads up front under its ${upFrontJsBudgetKb} KB gzip ceiling`, async () => {
    const scripts = upFrontScripts(await read('index.html'))
    expect(scripts.length).toBeGreaterThan(0)
    let total = 0
    for (const src of scripts) {
      const size = gzipSync(await readFile(join(site, src))).byteLength
      total += size
      console.log(`  ${src}: ${(size / 1024).toFixed(1)} KB gzip`)
    }
    console.log(
      `JS loaded up front by /: ${(total / 1024).toFixed(1)} KB gzip in ${scripts.length} files ` +
        `(ceiling ${upFrontJsBudgetKb} KB; issue #6 target ${upFrontJsTargetKb} KB: ${total / 1024 <= upFrontJsTargetKb ? 'met' : 'missed'})`,
    )
    expect(total / 1024).toBeLessThanOrEqual(upFrontJsBudgetKb)
  })

  it('ships no Stately inspector and no development-only React in any script', async () => {
    const assets = (await readdir(join(site, 'assets'))).filter((file) => file.endsWith('.js'))
    expect(assets.length).toBeGreaterThan(0)
    for (const file of assets) {
      const code = await readFile(join(site, 'assets', file), 'utf8')
      expect(code, file).not.toMatch(/statelyai|createBrowserInspector|stately\.ai\/registry/)
      expect(code, file).not.toContain('A tree hydrated but some attributes')
    }
  })
})
