// The footer's 'iOS app coming soon' button: back to /, then a smooth scroll to the top 100 ms later, from
// wherever the visitor had scrolled.
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { hero } from '../src/content/home'
import { footerCopy } from '../src/content/navigation'
import { appInControl, visit } from './support/site'

/** Clicks the iOS button at the bottom of the page and samples the scroll position every frame for 1.5 s. */
async function clickIosButtonAndSampleScroll(page: Page) {
  // The timing is measured from the click, so this test clicks once the app is in control; a tap made
  // before then is kept and replayed (first-paint.spec.ts).
  await appInControl(page)
  const button = page.getByRole('button', { name: footerCopy.iosButton })
  await button.scrollIntoViewIfNeeded()
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }))
  const startY = await page.evaluate(() => window.scrollY)
  expect(startY).toBeGreaterThan(500)
  const samples = page.evaluate(
    () =>
      new Promise<{ t: number; y: number }[]>((resolve) => {
        const out: { t: number; y: number }[] = []
        const button = [...document.querySelectorAll('footer button')][0] as HTMLElement
        button.addEventListener(
          'click',
          () => {
            const start = performance.now()
            const tick = () => {
              out.push({ t: performance.now() - start, y: window.scrollY })
              if (performance.now() - start < 1500) requestAnimationFrame(tick)
              else resolve(out)
            }
            tick()
          },
          { once: true },
        )
      }),
  )
  await button.click()
  return { startY, samples: await samples }
}

test('from a scrolled home page it scrolls smoothly to the top after 100 ms', async ({ page }) => {
  await visit(page, '/')
  const { startY, samples } = await clickIosButtonAndSampleScroll(page)
  await expect(page).toHaveURL(/:\d+\/$/)
  // Nothing moves during the delay…
  for (const sample of samples.filter((s) => s.t < 80)) expect(sample.y).toBe(startY)
  // …then it glides (positions between the bottom and the top), and ends at the top.
  expect(samples.some((s) => s.y > 0 && s.y < startY - 1)).toBe(true)
  expect(samples.at(-1)!.y).toBe(0)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hero.title)
})

test('from a scrolled page elsewhere it returns to / and ends at the top', async ({ page }) => {
  await visit(page, '/about')
  const { samples } = await clickIosButtonAndSampleScroll(page)
  await expect(page).toHaveURL(/:\d+\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hero.title)
  expect(samples.at(-1)!.y).toBe(0)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test.describe('with reduced motion', () => {
  test.use({ contextOptions: { reducedMotion: 'reduce' } })

  test('it jumps to the top instead of gliding', async ({ page }) => {
    await visit(page, '/')
    const { startY, samples } = await clickIosButtonAndSampleScroll(page)
    expect(samples.every((s) => s.y === 0 || s.y === startY)).toBe(true)
    expect(samples.at(-1)!.y).toBe(0)
  })
})
