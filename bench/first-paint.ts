// `npm run bench:first-paint`: how long a visitor waits, after the page is painted, until what they do takes
// effect. A benchmark, not a test. Builds the site, serves it as `npm start` does (Brotli to Chromium), gzipped
// (a host without Brotli) and uncompressed, and opens / in Chromium at 390 px, 5 times per profile: desktop
// (no throttling) and Lighthouse's mobile profile (CPU 4× slower, 150 ms latency, 1.6 Mbps down). For each run it records the first contentful paint
// and the moment the app is in control (html[data-app=ready], set after hydration and the replay of early
// taps). Before that moment taps are kept and replayed; the figure is how long they wait, not time lost.
// Each run also taps Menu at the first paint and records when the menu's links are first on screen: the page's
// own HTML opens the menu (a popover), so that wait is not the app's.
import { execFileSync } from 'node:child_process'
import { serve } from '@hono/node-server'
import { chromium, type CDPSession } from '@playwright/test'
import { chromiumLaunchOptions } from '../tools/chromium'
import { printHeader } from './harness/print'
import { wholeNumber } from './harness/settings'
import { benchSite } from './harness/site'

const runs = wholeNumber('BENCH_RUNS', 5)
const profiles = [
  { name: 'desktop, no throttling', cpu: 1, network: undefined },
  { name: 'phone: 4× CPU, slow 4G', cpu: 4, network: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 } },
] as const
// What the browser says it accepts, and so what the server sends: Chromium's own header gets Brotli.
const hosts = [
  { name: 'brotli', acceptEncoding: undefined },
  { name: 'gzip', acceptEncoding: 'gzip' },
  { name: 'uncompressed', acceptEncoding: 'identity' },
] as const

printHeader('First paint to the app in control, / at 390 px')
execFileSync('npm', ['run', 'build'], { stdio: 'ignore', env: { ...process.env, VITE_WAITLIST_ENDPOINT: '/api/waitlist' } })
const site = benchSite('dist')
const server = await new Promise<{ origin: string; close: () => void }>((resolve) => {
  const running = serve({ fetch: site, hostname: '127.0.0.1', port: 0 }, (info) => resolve({ origin: `http://127.0.0.1:${info.port}`, close: () => running.close() }))
})
const browser = await chromium.launch(await chromiumLaunchOptions())

// A tap on Menu at the first paint, and the first frame that shows the menu's links after the menu's state
// changed (a popover's toggle event, or the app's data-open). Plain JavaScript: a function here would be
// compiled by tsx with helpers (__name) the page does not have.
const tapMenuAtFirstPaint = `new PerformanceObserver((list, observer) => {
  if (!list.getEntriesByName('first-contentful-paint').length) return
  observer.disconnect()
  const toggle = document.getElementById('site-menu-toggle')
  const menu = document.getElementById('site-menu')
  const link = menu && menu.querySelector('a')
  if (!toggle || !link) return
  const tappedAt = performance.now()
  const record = () => requestAnimationFrame(() => {
    if (window.__menuOpenAfter === undefined && link.getBoundingClientRect().height > 0) window.__menuOpenAfter = performance.now() - tappedAt
  })
  menu.addEventListener('toggle', record)
  new MutationObserver(record).observe(menu, { attributes: true })
  toggle.click()
  record()
}).observe({ type: 'paint', buffered: true })`

async function once(profile: (typeof profiles)[number], host: (typeof hosts)[number]) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  const cdp: CDPSession = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  if (host.acceptEncoding) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': host.acceptEncoding } })
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu })
  await page.addInitScript({ content: tapMenuAtFirstPaint })
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.documentElement.dataset.app !== 'ready') return
      ;(window as { __inControlAt?: number }).__inControlAt = performance.now()
      observer.disconnect()
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app'] }) // <html> may not exist yet
  })
  await page.goto(`${server.origin}/`)
  await page.waitForFunction(() => (window as { __inControlAt?: number }).__inControlAt !== undefined, undefined, { timeout: 60_000 })
  // A tap that never opened the menu (lost) counts as NaN.
  await page.waitForFunction(() => (window as { __menuOpenAfter?: number }).__menuOpenAfter !== undefined, undefined, { timeout: 10_000 }).catch(() => {})
  const figures = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    control: (window as { __inControlAt?: number }).__inControlAt ?? Number.NaN,
    menu: (window as { __menuOpenAfter?: number }).__menuOpenAfter ?? Number.NaN,
  }))
  await context.close()
  return figures
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
const range = (values: number[]) => `${(Math.min(...values) / 1000).toFixed(2)}–${(Math.max(...values) / 1000).toFixed(2)} s`
const rangeMs = (values: number[]) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))} ms`

try {
  // A discarded run first: the server is still compressing the site as it starts, and the browser's first
  // page load pays for its own start-up.
  await once(profiles[0], hosts[0])
  console.log(`/ at 390 px, ${runs} runs per row (min–max, median of the wait)\n`)
  console.log(['profile', 'host', 'first paint', 'app in control', 'taps wait (median)', 'Menu tapped at first paint: open after (median)'].join(' | '))
  for (const profile of profiles) {
    for (const host of hosts) {
      const results = []
      for (let run = 0; run < runs; run++) results.push(await once(profile, host))
      const waits = results.map((r) => r.control - r.paint)
      const menus = results.map((r) => r.menu).filter((ms) => !Number.isNaN(ms))
      const lost = results.length - menus.length
      console.log(
        [
          profile.name,
          host.name,
          range(results.map((r) => r.paint)),
          range(results.map((r) => r.control)),
          `${range(waits)} (${(median(waits) / 1000).toFixed(2)} s)`,
          `${menus.length ? `${rangeMs(menus)} (${Math.round(median(menus))} ms)` : '–'}${lost ? `, ${lost} of ${results.length} taps lost` : ''}`,
        ].join(' | '),
      )
    }
  }
} finally {
  await browser.close()
  server.close()
}
