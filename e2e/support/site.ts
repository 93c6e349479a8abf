// Helpers every spec uses to meet the site the way a visitor does.
import { expect, type Page } from '@playwright/test'
import { scrollWindowTo } from '../../tools/scroll'

/** Opens a path the way a visitor does: the test acts as soon as the page is there, without waiting for the
 * app's scripts (what a visitor does before they run is kept and replayed; see scripts/prerender.ts). */
export async function visit(page: Page, path: string) {
  return page.goto(path)
}

/** For the few tests of what only the app does (client-side page changes, fades, focus moved into a new
 * page): waits for the app's own signal that it is in control (set after hydration and the replay of early
 * taps). Tests of what a visitor does never wait for it. */
export async function appInControl(page: Page) {
  await expect(page.locator('html[data-app="ready"]')).toHaveCount(1, { timeout: 15_000 })
}

/** Scrolls the window, waits until the page has handled the scroll event, and checks where it is. */
export async function scrollPageTo(page: Page, y: number) {
  await scrollWindowTo(page, y)
  expect(Math.round(await page.evaluate(() => window.scrollY))).toBe(y)
}
