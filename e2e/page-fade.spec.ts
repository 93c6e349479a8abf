// Page changes fade out and in over 0.3 s each, the first of a visit included, and not at all for visitors who
// asked for reduced motion. The opacity of the page wrapper (main > div) is sampled every frame.
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { appInControl } from './support/site'
import { aboutPage } from '../src/content/about'
import { hero } from '../src/content/home'
import { pageFadeWaitMs } from '../src/layout/page-fade-loader'

/** SPEC §2 and §9: each half of a page change lasts 0.3 s. Written here, not read from the code's constant
 * (pageFadeSeconds), so that a change of the constant fails the test instead of moving it. */
const specFadeSeconds = 0.3
const pageFadeChunk = /\/assets\/page-fade-[^/]+\.js$/

/** Opens a page and points at the header's About link, as a visitor does before clicking it: that intent
 * is what requests the animation code, and it has arrived by the time the click follows. */
async function visitWithMotion(page: Page, path: string) {
  await page.goto(path)
  await appInControl(page) // fades exist only once the app runs
  const motionLoaded = page.waitForResponse((response) => pageFadeChunk.test(response.url()))
  await page.locator('header nav a[href="/about"]').hover()
  await motionLoaded
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

interface Sample {
  t: number
  opacity: number
  h1: string
}

/** Clicks the header's About link and samples the page wrapper every frame for 2.2 s. */
function sampleAboutNavigation(page: Page) {
  return page.evaluate(
    () =>
      new Promise<Sample[]>((resolve) => {
        const samples: Sample[] = []
        const start = performance.now()
        const tick = () => {
          const wrapper = document.querySelector('main > div')
          samples.push({
            t: performance.now() - start,
            opacity: wrapper ? Number(getComputedStyle(wrapper).opacity) : NaN,
            h1: document.querySelector('main h1')?.textContent ?? '',
          })
          if (performance.now() - start < 2200) requestAnimationFrame(tick)
          else resolve(samples)
        }
        ;(document.querySelector('header nav a[href="/about"]') as HTMLElement).click()
        tick()
      }),
  )
}

/** The change from the home page to /about, frame by frame: the old page only fades out, the new page only
 * fades in, and neither half is skipped. Returns the new page's samples and a printable trace. */
function expectCleanFade(samples: Sample[]) {
  const oldPage = samples.filter((s) => s.h1 === hero.title)
  const newPage = samples.filter((s) => s.h1 === aboutPage.title)
  const trace = samples.map((s) => `${Math.round(s.t)}ms ${s.opacity.toFixed(2)} ${s.h1.slice(0, 12)}`).join('\n')
  // Every frame shows one of the two pages, and the old one never comes back once the new one is up.
  expect(oldPage.length + newPage.length, trace).toBe(samples.length)
  expect(samples.findLastIndex((s) => s.h1 === hero.title), trace).toBeLessThan(samples.findIndex((s) => s.h1 === aboutPage.title))
  // The page that fades out still shows the old page (not the new one: TanStack/router#2635) and only fades…
  expect(Math.min(...oldPage.map((s) => s.opacity)), trace).toBeLessThan(0.5)
  oldPage.slice(1).forEach((s, i) => expect(s.opacity, trace).toBeLessThanOrEqual(oldPage[i]!.opacity + 0.01))
  // …and the new page only rises: it starts faint and ends fully opaque.
  expect(newPage.length, trace).toBeGreaterThan(0)
  expect(newPage[0]!.opacity, trace).toBeLessThan(0.5)
  expect(newPage.some((s) => s.opacity > 0.1 && s.opacity < 0.9), trace).toBe(true)
  newPage.slice(1).forEach((s, i) => expect(s.opacity, trace).toBeGreaterThanOrEqual(newPage[i]!.opacity - 0.01))
  expect(newPage.at(-1)!.opacity, trace).toBe(1)
  return { oldPage, newPage, trace }
}

/** When the opacity of `samples` crosses `level` (rising or falling), interpolated between the two frames
 * around it. */
function crossingTime(samples: Sample[], level: number, direction: 'falling' | 'rising') {
  const past = (s: Sample) => (direction === 'falling' ? s.opacity <= level : s.opacity >= level)
  const i = samples.findIndex(past)
  if (i < 1) return Number.NaN
  const [a, b] = [samples[i - 1]!, samples[i]!]
  return a.t + ((b.t - a.t) * (a.opacity - level)) / (a.opacity - b.opacity)
}

// framer-motion's easeInOut is cubic-bezier(0.42, 0, 0.58, 1): the opacity goes from 10 % to 90 % of the way
// in this share of the duration (solved from the curve). The duration is read from those two crossings, so a
// fade that starts a frame late (a busy machine, the new page's code still loading) measures the same.
const tenToNinetyShare = 0.5586

/** Each half's duration in seconds, as the browser drew it. */
function measuredHalves(oldPage: Sample[], newPage: Sample[]) {
  const out = (crossingTime(oldPage, 0.1, 'falling') - crossingTime(oldPage, 0.9, 'falling')) / tenToNinetyShare / 1000
  const into = (crossingTime(newPage, 0.9, 'rising') - crossingTime(newPage, 0.1, 'rising')) / tenToNinetyShare / 1000
  return { out, into }
}

/** The longest time between two drawn frames while the page was neither fully shown nor fully gone. */
const longestStall = (samples: Sample[]) =>
  Math.max(0, ...samples.slice(1).map((s, i) => (s.opacity < 0.99 || samples[i]!.opacity < 0.99 ? s.t - samples[i]!.t : 0)))
/** A stall this long in the middle of a fade (the other worker's browser, a build beside the suite) stops the
 * animation's clock as well as the drawing, so the fade then lasts longer for reasons outside the page. */
const spoilingStallMs = 100

/** Visits the home page as `visit` does (by default pointing at About and waiting for the engine) and follows About;
 * a measurement whose frames stalled is taken again on a fresh visit, up to `tries` times, and the last one is
 * returned whatever it holds, with its samples. */
async function measuredFade(
  page: Page,
  tries: number,
  visit: (page: Page) => Promise<void> = (page) => visitWithMotion(page, '/'),
): Promise<ReturnType<typeof expectCleanFade> & { samples: Sample[] }> {
  await visit(page)
  const samples = await sampleAboutNavigation(page)
  const fade = expectCleanFade(samples)
  const stall = longestStall([...fade.oldPage, ...fade.newPage])
  if (stall <= spoilingStallMs || tries === 1) return { ...fade, samples }
  console.log(`fade not measured: the browser drew no frame for ${Math.round(stall)} ms in the middle of it; measuring again`)
  return measuredFade(page, tries - 1, visit)
}

test('the old page fades out, then the new page fades in, 0.3 s each as the browser draws them', async ({ page }) => {
  const { oldPage, newPage, trace } = await measuredFade(page, 3)
  // Measured from the frames, not read from the code: with the fade set to 0.6 s this fails (tried).
  const { out, into } = measuredHalves(oldPage, newPage)
  console.log(`fade measured in Chromium: out ${out.toFixed(3)} s, in ${into.toFixed(3)} s (SPEC: ${specFadeSeconds} s each)`)
  // The bounds leave a loaded machine its late frames (a clean-clone CI run measured 0.384 s), and still fail
  // a fade of half or twice the SPEC's.
  for (const half of [out, into]) {
    expect(half, trace).toBeGreaterThan(specFadeSeconds * 0.75)
    expect(half, trace).toBeLessThan(specFadeSeconds * 1.5)
  }
})

test('the first page change of a visit fades, even when the click follows the hover at once', async ({ page }) => {
  // A visitor's quick click: the pointer arrives over the link (the intent that requests the engine) and the
  // click follows within milliseconds, long before the engine's 33 KB could arrive. Measured again after a stall,
  // as above: one of 187 ms stretched a half to 0.455 s once, on a machine loaded to 9-25 (2026-12-07).
  const { oldPage, newPage, trace, samples } = await measuredFade(page, 3, async (page) => {
    await page.goto('/')
    await appInControl(page)
    await page.locator('header nav a[href="/about"]').hover()
  })
  const between = samples.filter((s) => s.opacity > 0 && s.opacity < 1).length
  const clickToFade = oldPage.find((s) => s.opacity < 0.98)!.t
  console.log(`first page change, hover then click at once: ${between} of ${samples.length} frames between 0 and 1; the fade began ${Math.round(clickToFade)} ms after the click`)
  expect(between, trace).toBeGreaterThan(10)
  const { out, into } = measuredHalves(oldPage, newPage)
  // The bounds leave a loaded machine its late frames (a clean-clone CI run measured 0.384 s), and still fail
  // a fade of half or twice the SPEC's.
  for (const half of [out, into]) {
    expect(half, trace).toBeGreaterThan(specFadeSeconds * 0.75)
    expect(half, trace).toBeLessThan(specFadeSeconds * 1.5)
  }
})

test('a first click that beats the engine waits for it, briefly, and fades', async ({ page }) => {
  // The engine is held back until the click has happened (a slow network), then let through: the click beats
  // it whatever the machine's load. A fixed hold (200 ms, then 120) plus a loaded machine's own delays crossed
  // pageFadeWaitMs, past which the page rightly changes without a fade (two clean-clone runs, 2026-11-26).
  let letEngineThrough!: () => void
  const clicked = new Promise<void>((resolve) => (letEngineThrough = resolve))
  await page.route(pageFadeChunk, async (route) => {
    await clicked
    await route.continue()
  })
  await page.exposeFunction('reportClick', () => letEngineThrough())
  await page.goto('/')
  await appInControl(page)
  await page.locator('header nav a[href="/about"]').hover()
  await page.evaluate(() => document.addEventListener('click', () => (window as unknown as { reportClick: () => void }).reportClick(), { capture: true, once: true }))
  const samples = await sampleAboutNavigation(page)
  const { oldPage, trace } = expectCleanFade(samples)
  // The old page stays as it is while the page change waits for the engine, at most pageFadeWaitMs, then fades.
  const clickToFade = oldPage.find((s) => s.opacity < 0.98)!.t
  expect(clickToFade, trace).toBeLessThan(pageFadeWaitMs + 400)
})

test('a page change never waits for the engine longer than its bound: past it, the page changes without a fade', async ({ page }) => {
  await page.route(pageFadeChunk, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000))
    await route.continue().catch(() => {})
  })
  await page.goto('/')
  await appInControl(page)
  await page.locator('header nav a[href="/about"]').hover()
  const samples = await sampleAboutNavigation(page)
  const arrived = samples.find((s) => s.h1 === aboutPage.title)!
  expect(arrived.t).toBeGreaterThan(pageFadeWaitMs - 50)
  expect(arrived.t).toBeLessThan(pageFadeWaitMs + 700)
  expect(samples.every((s) => s.opacity === 1)).toBe(true)
})

test('nothing of the animation engine loads while a visitor does nothing', async ({ page }) => {
  const requested: string[] = []
  page.on('request', (request) => void (pageFadeChunk.test(request.url()) && requested.push(request.url())))
  await page.goto('/')
  await appInControl(page)
  await page.waitForTimeout(1500)
  expect(requested).toEqual([])
})

test('when the new page\'s code is slow to arrive, the old page stays until it can fade into the new one', async ({ page }) => {
  await page.route(/\/assets\/about-page-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700))
    await route.continue()
  })
  await visitWithMotion(page, '/')
  const { newPage } = expectCleanFade(await sampleAboutNavigation(page))
  expect(newPage[0]!.t).toBeGreaterThan(700)
  // Focus lands on the new page's heading, and stays there once the page is complete.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
})

test.describe('with reduced motion', () => {
  test.use({ contextOptions: { reducedMotion: 'reduce' } })

  test('the page changes without any fade', async ({ page }) => {
    await visitWithMotion(page, '/')
    const samples = await sampleAboutNavigation(page)
    expect(samples.at(-1)!.h1).toBe(aboutPage.title)
    const lowest = Math.min(...samples.map((s) => s.opacity))
    expect(lowest, `lowest opacity sampled: ${lowest}`).toBeGreaterThanOrEqual(0.99)
  })
})
