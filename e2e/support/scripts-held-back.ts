// A visitor on a slow phone acts at first paint, before the site's scripts arrive. The test opens the page with
// every script held back, acts, proves it acted while the app was not yet in control, and only then lets the
// scripts through: the order is the test's, never a race against a timer.
import { expect, type Page } from '@playwright/test'

export async function openWithScriptsHeldBack(page: Page, path: string) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\.js(\?.*)?$/, async (route) => {
    await released
    await route.continue().catch(() => {}) // the page may have gone
  })
  // At first paint, as the visitor acts: the page's load waits for the scripts that the page adds while it loads,
  // and those are held, so the load may never come (a goto that waited for it ran out at 30 s, 2026-12-06).
  await page.goto(path, { waitUntil: 'domcontentloaded' })
  // A mark on this document's window: a reload, or a form's GET, would take it away.
  await page.evaluate(() => ((window as { __firstDocument?: boolean }).__firstDocument = true))
  return {
    /** Call right after acting: the app had not taken over yet. Then the scripts arrive. */
    expectActedEarly: async () => {
      expect(await page.locator('html[data-app="ready"]').count()).toBe(0)
      release()
    },
    /** True while the tab still shows the document it opened. */
    sameDocument: () => page.evaluate(() => (window as { __firstDocument?: boolean }).__firstDocument === true),
  }
}
