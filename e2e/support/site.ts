// Helpers every spec uses to meet the site the way a visitor does.
import { expect, type Page } from '@playwright/test'

/** Elements whose hydration shows React has reached the header, the page and the footer. */
const hydratedSelectors = ['#main h1', 'header nav a', 'footer button']

/** Opens a path and waits until React has taken over the prerendered page, so clicks reach React. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path)
  await waitForHydration(page)
  return response
}

// The site hydrates in a transition, in time slices: React marks each DOM node as it claims it (its
// __reactProps$ key) and commits the whole tree at the end, when the root stops being dehydrated. Both
// are React internals, read here only to know when the page is ready, as a visitor's first click would be.
export async function waitForHydration(page: Page) {
  await page.waitForFunction((selectors) => {
    const claimed = selectors.every((selector) => {
      const element = document.querySelector(selector)
      return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps$'))
    })
    const containerKey = Object.keys(document).find((key) => key.startsWith('__reactContainer$'))
    const hostRoot = containerKey ? (document as unknown as Record<string, { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }>)[containerKey] : undefined
    const rootState = hostRoot?.stateNode?.current?.memoizedState
    // If React's layout ever differs, fall back to the claimed nodes alone.
    const committed = rootState === undefined || rootState.isDehydrated !== true
    return claimed && committed
  }, hydratedSelectors)
  // Effects (scroll and key listeners) run after the hydration commit; two frames later they are in place.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

/** Scrolls the window and waits until the page has handled the scroll event. */
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
  expect(Math.round(await page.evaluate(() => window.scrollY))).toBe(y)
}
