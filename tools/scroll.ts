import type { Page } from '@playwright/test'

/** Scrolls the window and waits until the page has handled the scroll event: for the browser tests
 * (e2e/support/site.ts, which then checks where the page is) and the gallery, which does not run under
 * Playwright Test's expect. */
export async function scrollWindowTo(page: Page, y: number) {
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
