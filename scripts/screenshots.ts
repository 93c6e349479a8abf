// `npm run screenshots`: builds the site into dist-screenshots/, serves it on loopback and writes a
// full-page PNG of every route (the 404 included) at 390 and 1280 px, in the light and the dark colour
// scheme, to screenshots/ (git-ignored). For a person to review; no test compares these pixels.
// SCREENSHOTS_SKIP_BUILD=1 reuses the last build; SCREENSHOTS_PORT picks the port; CHROME_PATH the browser.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { chromiumLaunchOptions } from '../tools/chromium'
import { startStaticServer } from '../tools/static-server'
import { pagePaths } from '../src/head'

const siteDir = 'dist-screenshots'
const outDir = 'screenshots'
const port = Number(process.env.SCREENSHOTS_PORT ?? 4690)
const widths = [390, 1280]
const schemes = ['light', 'dark'] as const
const paths = [...pagePaths, '/no-such-page']

const fileName = (path: string, width: number, scheme: string) =>
  `${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}-${width}-${scheme}.png`

if (process.env.SCREENSHOTS_SKIP_BUILD !== '1' || !existsSync(join(siteDir, 'index.html'))) {
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, SITE_OUT_DIR: siteDir } })
}
await mkdir(outDir, { recursive: true })
const server = await startStaticServer({ root: siteDir, port })
const browser = await chromium.launch(await chromiumLaunchOptions())
try {
  for (const scheme of schemes) {
    for (const width of widths) {
      const context = await browser.newContext({ viewport: { width, height: 844 }, colorScheme: scheme, reducedMotion: 'reduce' })
      const page = await context.newPage()
      for (const path of paths) {
        await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' })
        const file = join(outDir, fileName(path, width, scheme))
        await page.screenshot({ path: file, fullPage: true })
        console.log(`wrote ${file}`)
      }
      await context.close()
    }
  }
} finally {
  await browser.close()
  await server.close()
}
