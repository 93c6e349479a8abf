import type { Page } from '@playwright/test'

/** Scrolls the window and waits until the page has handled the scroll event (as e2e/support/site.ts does,
 * without Playwright Test's expect, which this script does not run under). */
export async function scrollPageTo(page: Page, y: number) {
  await page.evaluate(
    (top) =>
      new Promise<void>((resolve) => {
        if (Math.round(window.scrollY) === top) return resolve()
        window.addEventListener('scroll', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true })
        window.scrollTo({ top, behavior: 'instant' })
      }),
    y,
  )
}
