// Page changes fade out and in over 0.3 s each, and not at all for visitors who asked for reduced motion. The
// opacity of the page wrapper (main > div) is sampled every frame.
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { appInControl } from './support/site'
import { aboutPage } from '../src/content/about'
import { hero } from '../src/content/home'

/** Opens a page and points at the header's About link, as a visitor does before clicking it: that intent
 * is what requests the animation code, and it has arrived by the time the click follows. */
async function visitWithMotion(page: Page, path: string) {
  await page.goto(path)
  await appInControl(page) // fades exist only once the app runs
  const motionLoaded = page.waitForResponse((response) => /\/assets\/page-fade-[^/]+\.js$/.test(response.url()))
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

test('the old page fades out, then the new page fades in, about 0.3 s each', async ({ page }) => {
  await visitWithMotion(page, '/')
  const { oldPage, newPage, trace } = expectCleanFade(await sampleAboutNavigation(page))

  // Two halves of about 0.3 s each (measured from the start of the fade, so loading the new page's code
  // before the fade starts does not count; generous upper bounds for a busy machine).
  // The fade starts after the last fully opaque frame (a dropped frame at its start would otherwise
  // shorten the measured half).
  const fadeStart = oldPage[oldPage.findIndex((s) => s.opacity < 0.98) - 1]!.t
  const fadedOutAt = newPage[0]!.t
  const fullyInAt = newPage.find((s) => s.opacity === 1)!.t
  expect(fadedOutAt - fadeStart, trace).toBeGreaterThan(200)
  expect(fadedOutAt - fadeStart, trace).toBeLessThan(1000)
  expect(fullyInAt - fadedOutAt, trace).toBeGreaterThan(200)
  expect(fullyInAt - fadedOutAt, trace).toBeLessThan(1000)
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
