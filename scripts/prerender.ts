// Writes the static site: every route of the site as its own HTML file in dist/, plus dist/404.html,
// sitemap.xml and robots.txt. Runs after `vite build` (the client, with its manifest) and
// `vite build --ssr` (the renderer, in dist-server/).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { Manifest } from '@tanstack/react-router'
import type { RenderedPage } from '../src/entry-server'
import { headersFileFor } from '../server/platform/http/security-headers'
import { brand } from '../shared/brand'
import { logoFile, logoSvg } from '../shared/logo-drawing'
import { compileInlineScripts, type InlineScripts } from './inline-scripts'

interface ViteManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
  dynamicImports?: string[]
  isEntry?: boolean
}

const root = process.cwd()
// SITE_OUT_DIR (also read by vite.config.ts) writes the site to another folder, the renderer to `<folder>-server`.
const outDir = process.env.SITE_OUT_DIR || 'dist'
const distDir = join(root, outDir)
const serverDir = join(root, `${outDir}-server`)
// The app's entry: the module script of index.html (src/boot/entry-client.tsx), by its key in Vite's manifest.
const clientEntry = 'index.html'

/** What a page loads, from Vite's build manifest: the app's entry first, with its static imports and the steps
 * it imports as it starts (its own dynamic imports, src/boot/entry-client.tsx), plus the page's own chunk
 * (`pageSource`, a key of the manifest) with its imports, and their CSS. The dynamic imports of those (the
 * other pages, the animation engine) are not requested up front. */
export function pageAssetsFrom(viteManifest: Record<string, ViteManifestChunk>, pageSource?: string) {
  const chunk = (key: string) => {
    const found = viteManifest[key]
    if (!found) throw new Error(`${key} is missing from Vite's manifest`)
    return found
  }
  const files = new Set<string>()
  const css = new Set<string>()
  const add = (key: string) => {
    const found = chunk(key)
    if (files.has(found.file)) return
    files.add(found.file)
    for (const file of found.css ?? []) css.add(file)
    for (const imported of found.imports ?? []) add(imported)
  }
  add(clientEntry)
  for (const step of chunk(clientEntry).dynamicImports ?? []) add(step)
  if (pageSource) add(pageSource)
  return { modules: [...files].map((file) => `/${file}`), css: [...css].map((file) => `/${file}`) }
}

/** The router's manifest for a page: its CSS only. The router would render a manifest's scripts itself, but
 * it also writes the whole manifest into the page's dehydrated state, so each inline script would travel
 * twice; the prerender puts them into the HTML once (`withInlineScripts`). */
export function routerManifestFrom(assets: { css: string[] }): Manifest {
  return { routes: { __root__: { css: assets.css } } }
}

/** A page: the built index.html (`template`, Vite's output) with the rendered head and body in its two marks,
 * and without the module script Vite wrote for the app's entry (`entryFile`): the loader requests that file
 * itself, after the first paint (`withInlineScripts`). */
export function inTemplate(template: string, page: { head: string; body: string }, entryFile: string): string {
  const entryScript = `<script type="module" crossorigin src="/${entryFile}"></script>`
  if (!template.includes(entryScript)) throw new Error(`the built index.html has no ${entryScript}`)
  for (const mark of ['<!--app-head-->', '<!--app-html-->']) if (!template.includes(mark)) throw new Error(`index.html lacks ${mark}`)
  const [beforeEntry = '', afterEntry = ''] = template.split(entryScript)
  return `${beforeEntry.trimEnd()}${afterEntry}`.replace('<!--app-head-->', () => page.head).replace('<!--app-html-->', () => page.body)
}

/** The page with its two inline scripts at the end of the body, after everything the router rendered: the
 * early-event recorder, then the loader of `modules` (both compiled from src/boot/, scripts/inline-scripts.ts).
 * React hydrates the body and leaves them be, and the CSP's hashes are taken from the finished HTML. */
export function withInlineScripts(html: string, modules: string[], scripts: InlineScripts): string {
  const end = html.lastIndexOf('</body>')
  if (end < 0) throw new Error('the rendered page has no </body>')
  return `${html.slice(0, end)}<script>${scripts.recorder}</script><script>${scripts.loader(modules)}</script>${html.slice(end)}`
}

/** dist/ path of a route: '/' → index.html, '/about' → about/index.html. */
export const htmlFileFor = (path: string) => (path === '/' ? 'index.html' : join(path.slice(1), 'index.html'))

/** The waitlist endpoint's origin when it is on another host, so the CSP lets the forms reach it. */
function endpointOrigins(): string[] {
  const endpoint = process.env.VITE_WAITLIST_ENDPOINT?.trim()
  if (!endpoint || !/^https?:\/\//.test(endpoint)) return []
  return [new URL(endpoint).origin]
}

// styled-components numbers its class names in the order components are created, and a page's chunk is
// evaluated after the app's in the browser. Rendering each page in a fresh worker (its own module graph:
// the app, then that one page) gives the server that same order, so hydration sees the same class names.
function renderInFreshWorker(serverEntry: string, url: string, manifest: Manifest): Promise<RenderedPage> {
  const code = `const { parentPort, workerData } = require('node:worker_threads')
import(workerData.serverEntry)
  .then((server) => server.renderPage(workerData.url, workerData.manifest))
  .then((page) => parentPort.postMessage(page))`
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { serverEntry, url, manifest } })
    worker.once('message', (page: RenderedPage) => {
      resolve(page)
      void worker.terminate()
    })
    worker.once('error', reject)
  })
}

async function main() {
  const manifestPath = join(distDir, '.vite', 'manifest.json')
  const viteManifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, ViteManifestChunk>
  const serverEntry = pathToFileURL(join(serverDir, 'entry-server.js')).href
  const server = (await import(serverEntry)) as typeof import('../src/entry-server')
  const inlineScripts = await compileInlineScripts()
  // Vite's output for index.html: the template of every page (the prerendered / then takes its place).
  const template = await readFile(join(distDir, 'index.html'), 'utf8')
  const entryFile = viteManifest[clientEntry]?.file
  if (!entryFile) throw new Error(`${clientEntry} is missing from Vite's manifest`)
  const render = async (path: string, pageSource?: string) => {
    const assets = pageAssetsFrom(viteManifest, pageSource)
    const page = await renderInFreshWorker(serverEntry, new URL(path, 'http://localhost').href, routerManifestFrom(assets))
    return { status: page.status, html: withInlineScripts(inTemplate(template, page, entryFile), assets.modules, inlineScripts) }
  }

  const rendered = await Promise.all(server.pagePaths.map((path) => render(path, server.pageSources[path])))
  const written: { path: string; file: string; html: string }[] = server.pagePaths.map((path, index) => {
    const page = rendered[index]!
    if (page.status !== 200) throw new Error(`${path} rendered with status ${page.status}`)
    return { path, file: htmlFileFor(path), html: page.html }
  })
  // Outside the sitemap: the outcome pages of a form post, and the consent pages.
  const unlisted = [
    ...server.unlistedPagePaths.map((path) => ({ path, source: server.waitlistOutcomeSource })),
    ...Object.entries(server.consentPageSources).map(([path, source]) => ({ path, source })),
  ]
  for (const [index, page] of (await Promise.all(unlisted.map(({ path, source }) => render(path, source)))).entries()) {
    const path = unlisted[index]!.path
    if (page.status !== 200) throw new Error(`${path} rendered with status ${page.status}`)
    written.push({ path, file: htmlFileFor(path), html: page.html })
  }
  const notFound = await render('/404')
  if (notFound.status !== 404) throw new Error(`the not-found page rendered with status ${notFound.status}`)
  written.push({ path: '/404', file: '404.html', html: notFound.html })

  for (const page of written) {
    const target = join(distDir, page.file)
    await mkdir(dirname(target), { recursive: true })
    await writeFile(target, page.html)
  }

  const urls = server.pagePaths.map((path) => `  <url><loc>${new URL(path, brand.siteUrl).href}</loc></url>`)
  await writeFile(
    join(distDir, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
  )
  // The pages carry the favicon inline; the file is for the console's pages, the logo of the pages' structured
  // data, and whoever asks for it by name.
  await writeFile(join(distDir, logoFile), `${logoSvg()}\n`)
  await writeFile(join(distDir, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', brand.siteUrl).href}\n`)

  // Static hosts (Netlify, Cloudflare Pages) read _headers: the same security headers `npm start` sends,
  // with each page's CSP allowing exactly the inline scripts that page carries.
  const pages = written.map((page) => ({ path: page.file === '404.html' ? '/404.html' : page.path, html: page.html }))
  await writeFile(join(distDir, '_headers'), headersFileFor(pages, { connectSrc: endpointOrigins() }))

  await rm(join(distDir, '.vite'), { recursive: true, force: true })
  await rm(serverDir, { recursive: true, force: true })
  for (const page of written) console.log(`prerendered ${page.path.padEnd(10)} → ${outDir}/${page.file} (${(page.html.length / 1024).toFixed(1)} KB)`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main()
}
