// @vitest-environment node
// Builds the production site once, into a temp folder, and checks what a visitor's browser and a crawler
// get: every route prerendered with its own head, the JS budget of the landing page, no dev-only code.
import { createHash } from 'node:crypto'
import { readFile, readdir, rm } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { FileSystemConfigLoader, HtmlValidate, formatterFactory } from 'html-validate'
import type { AnyStateNode } from 'xstate'
import { headerMachine } from '../../machines/header-machine'
import { menuMachine } from '../../machines/menu-machine'
import { tokenActionMachine } from '../../machines/token-action-machine'
import { waitlistMachine } from '../../machines/waitlist-machine'
import { type InlineScripts, compileInlineScripts } from '../../scripts/inline-scripts'
import { htmlFileFor } from '../../scripts/prerender'
import { upFrontScripts } from '../../scripts/up-front-scripts'
import { siteBuild } from '../../tools/site-build'
import { pageMeta } from '../../src/content/seo'
import { socialLinks } from '../../src/content/navigation'
import { brand } from '../../shared/brand'
import { pagePaths, unlistedPagePaths } from '../../src/head'
import { consentPages } from '../../shared/consent-paths'

/** The gzip KiB of JS that / loads without any interaction (issue #10: at most 140, from 165.8 measured in
 * Chromium with the animation engine loaded at idle). The animation engine now loads on a visitor's first
 * intent to change pages, so nothing else loads without interaction. */
const upFrontJsBudgetKb = 140

/** Every description of a machine's states and transitions, as its chart reads them. */
function descriptionsIn(node: AnyStateNode): string[] {
  const own = [node.description, ...[...node.transitions.values()].flat().map((transition) => transition.description)]
  return [...own.filter((text): text is string => typeof text === 'string'), ...Object.values(node.states).flatMap(descriptionsIn)]
}

let site: string
let inlineScripts: InlineScripts
const read = (file: string) => readFile(join(site, file), 'utf8')

/** Every HTML file of the build, relative to it: the pages, the 404 page and the console's. */
async function htmlFiles(): Promise<string[]> {
  const entries = await readdir(site, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).map((entry) => relative(site, join(entry.parentPath, entry.name)))
}

let unkept = false
beforeAll(async () => {
  // As `npm start` and the image build it (no NODE_ENV: vitest's own "test" is not the build's), inside the project
  // (in the git-ignored .e2e/), so the renderer bundle resolves node_modules; the browser suite's global setup serves
  // this same build, made once for these sources (tools/site-build.ts).
  const env = { ...process.env }
  delete env.NODE_ENV
  const build = await siteBuild('/api/waitlist', env)
  site = build.dir
  unkept = !build.kept
  inlineScripts = await compileInlineScripts()
}, 120_000)

afterAll(async () => {
  if (unkept) await rm(site, { recursive: true, force: true })
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

  it.each([...pagePaths, ...unlistedPagePaths])('%s asks for nothing but itself before its first paint', async (path) => {
    // Anything the HTML itself asks for (a stylesheet, a preload, a script, an icon file) races the first
    // paint, and Lighthouse's simulated LCP counts every request that started before the paint. The modules
    // are requested by the inline loader only after the paint; the favicon is a data: URI.
    const html = await read(htmlFileFor(path))
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).toMatch(/<link rel="icon" href="data:image\/svg\+xml,[^"]+"/)
    expect(html).not.toMatch(/<link\b[^>]*rel="(?:stylesheet|preload|modulepreload|icon)"[^>]*href="\//)
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=/)
    expect(html).not.toMatch(/<img\b/)
  })

  it.each([...pagePaths, ...unlistedPagePaths, '/404'])('%s carries each inline script once, at the end of its body', async (path) => {
    // The router writes its manifest into the page's dehydrated state; scripts given to it would travel a
    // second time there, and /legal's HTML would no longer fit the first round trip of a slow connection.
    const html = await read(path === '/404' ? '404.html' : htmlFileFor(path))
    expect(html.split('window.__earlyEvents=').length - 1).toBe(1)
    expect(html.split('new MessageChannel').length - 1).toBe(1)
    // The loader is the last script: its compiled code around the page's own list of modules.
    const [loaderStart, loaderEnd] = inlineScripts.loader(['/list.js']).split('["/list.js"]') as [string, string]
    const end = html.lastIndexOf('</script>')
    expect(html.slice(end - loaderEnd.length, end)).toBe(loaderEnd)
    expect(html.slice(end)).toMatch(/^<\/script><\/body>\s*<\/html>\s*$/)
    expect(html.lastIndexOf(`<script>${loaderStart}["/assets/`)).toBe(html.lastIndexOf('<script>'))
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
        `(budget ${upFrontJsBudgetKb} KB)`,
    )
    expect(total / 1024).toBeLessThanOrEqual(upFrontJsBudgetKb)
    // The animation engine is not among them: it waits for a visitor's intent to change pages.
    for (const src of scripts) expect(await readFile(join(site, src), 'utf8'), src).not.toContain('AnimatePresence')
    expect(scripts.some((src) => /page-fade/.test(src))).toBe(false)
  })

  it("leaves the machines' descriptions, which only their charts read, out of every script of the site", async () => {
    const descriptions = [waitlistMachine, headerMachine, menuMachine, tokenActionMachine].flatMap((machine) => descriptionsIn(machine.root))
    expect(descriptions.length).toBeGreaterThan(10)
    const assets = (await readdir(join(site, 'assets'))).filter((file) => file.endsWith('.js'))
    const code = (await Promise.all(assets.map((file) => readFile(join(site, 'assets', file), 'utf8')))).join('\n')
    // The machines themselves are there, by the names of their states.
    expect(code).toContain('mailtoFallback')
    for (const description of descriptions) expect(code, description).not.toContain(description.slice(0, 40))
  })

  it('writes only valid HTML: html-validate finds no error in any page (rules: .htmlvalidate.mjs)', async () => {
    const files = await htmlFiles()
    expect(files.length).toBeGreaterThanOrEqual(pagePaths.length + unlistedPagePaths.length + 1)
    const validator = new HtmlValidate(new FileSystemConfigLoader())
    const reports = await Promise.all(files.map((file) => validator.validateFile(join(site, file))))
    const invalid = reports.filter((report) => !report.valid)
    console.log(`html-validate: ${files.length} HTML files, ${invalid.reduce((sum, report) => sum + report.errorCount, 0)} errors`)
    expect(invalid.map((report) => formatterFactory('text')(report.results)).join('\n')).toBe('')
  })

  it.each([...pagePaths, ...unlistedPagePaths, '/404'])('%s tells search engines who publishes it: Organization and WebSite as JSON-LD', async (path) => {
    const html = await read(path === '/404' ? '404.html' : htmlFileFor(path))
    const head = html.slice(0, html.indexOf('</head>'))
    const blocks = [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]!))
    expect(blocks).toHaveLength(1)
    const { '@context': context, '@graph': graph } = blocks[0] as { '@context': string; '@graph': Record<string, unknown>[] }
    expect(context).toBe('https://schema.org')
    const home = `${brand.siteUrl}/`
    const organization = graph.find((node) => node['@type'] === 'Organization')
    expect(organization).toMatchObject({ name: brand.companyName, legalName: brand.legalName, url: home, email: brand.contactEmail })
    expect(organization!.sameAs).toEqual(socialLinks.filter((link) => link.href.startsWith('https://')).map((link) => link.href))
    // The logo is a file the build writes, at the address the data gives.
    const logo = new URL(organization!.logo as string)
    expect(logo.origin).toBe(brand.siteUrl)
    expect(await read(logo.pathname)).toContain('<svg')
    expect(graph.find((node) => node['@type'] === 'WebSite')).toMatchObject({ name: brand.companyName, url: home, publisher: { '@id': organization!['@id'] } })
  })

  it('prerenders a noindex outcome page for every reply to a form post, none of them in the sitemap', async () => {
    const sitemap = await read('sitemap.xml')
    for (const path of unlistedPagePaths) {
      const html = await read(htmlFileFor(path))
      expect(html, path).toContain('<meta name="robots" content="noindex"')
      expect(html, path).toMatch(/role="status"/)
      expect(sitemap).not.toContain(path)
    }
    expect(await read(htmlFileFor('/waitlist/joined'))).toContain("You&#x27;re on the waitlist! Reach out to us at")
  })

  it('posts the waitlist form to the endpoint, and keeps early taps with a hashed inline script', async () => {
    const home = await read('index.html')
    const forms = home.match(/<form[^>]*>/g) ?? []
    expect(forms).toHaveLength(2)
    for (const form of forms) expect(form).toMatch(/(?=.*method="post")(?=.*action="\/api\/waitlist")/)
    expect(home).toContain(`<script>${inlineScripts.recorder}</script>`)
    const headers = await read('_headers')
    expect(headers).toContain(`'sha256-${createHash('sha256').update(inlineScripts.recorder).digest('base64')}'`)
    const loader = /<script>([^<]*)<\/script><\/body>\s*<\/html>\s*$/.exec(home)![1]!
    expect(headers).toContain(`'sha256-${createHash('sha256').update(loader).digest('base64')}'`)
  })

  it('prerenders the token pages behind the links in our emails: noindex, outside the sitemap, a form that posts back to the page', async () => {
    const sitemap = await read('sitemap.xml')
    for (const path of [consentPages.confirm, consentPages.unsubscribe, consentPages.eraseConfirm]) {
      const html = await read(htmlFileFor(path))
      expect(html, path).toContain('<meta name="robots" content="noindex"')
      expect(html, path).not.toContain('rel="canonical"')
      expect(sitemap).not.toContain(`${path}<`)
      const forms = html.match(/<form[^>]*>/g) ?? []
      // The unsubscribe page has a second form: "stop all email", which posts scope=all.
      expect(forms, path).toHaveLength(path === consentPages.unsubscribe ? 2 : 1)
      for (const form of forms) {
        expect(form).toContain('method="post"')
        expect(form).not.toMatch(/\saction=/) // no action: the post goes to the page's own URL, ?token= included
      }
      expect(html.includes('<input type="hidden" name="scope" value="all"/>'), path).toBe(path === consentPages.unsubscribe)
      expect(html, path).toMatch(/<button type="submit"[^>]*>[^<]+<\/button>/)
      expect(html, path).toContain(`<script>${inlineScripts.recorder}</script>`)
    }
  })

  it('keeps the token of the pages behind the links in our emails out of any Referer, in their head and in _headers', async () => {
    // The _headers file as blocks: a path line, then its indented header lines.
    const rules = new Map((await read('_headers')).trim().split('\n\n').map((block) => [block.split('\n')[0], block] as const))
    const policy = (path: string) => /\n {2}Referrer-Policy: (.*)/.exec(rules.get(path) ?? '')?.[1]
    // The outcome pages that ask about news and updates carry their form's token in their address too.
    for (const path of [consentPages.confirm, consentPages.unsubscribe, consentPages.eraseConfirm, '/waitlist/confirmed', '/waitlist/news-on', '/waitlist/news-off']) {
      const head = (await read(htmlFileFor(path))).split('</head>')[0]!
      expect(head, path).toContain('<meta name="referrer" content="no-referrer"/>')
      expect(policy(path), path).toBe('no-referrer')
      expect(policy(`${path}/`), path).toBe('no-referrer')
    }
    expect(policy('/*')).toBe('strict-origin-when-cross-origin')
    for (const path of ['/', consentPages.erase, '/waitlist/unsubscribed', '/waitlist/news-link-invalid']) {
      expect(await read(htmlFileFor(path)), path).not.toContain('name="referrer"')
      expect(policy(path), path).toBeUndefined()
    }
  })

  it('prerenders /waitlist/erase (noindex, outside the sitemap) with a form that posts to <endpoint>/erase', async () => {
    expect(await read('sitemap.xml')).not.toContain('/waitlist/erase')
    const html = await read(htmlFileFor('/waitlist/erase'))
    expect(html).toContain('<meta name="robots" content="noindex"')
    const forms = html.match(/<form[^>]*>/g) ?? []
    expect(forms).toHaveLength(1)
    expect(forms[0]).toMatch(/(?=.*method="post")(?=.*action="\/api\/waitlist\/erase")/)
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
