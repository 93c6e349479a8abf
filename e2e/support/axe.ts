// axe-core with the WCAG 2.2 AA rule set the site promises to meet.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** What a check leaves out: `exclude` names elements (with what is inside them) axe cannot look into, such as an
 * email shown in an `<iframe sandbox="">`, where no script may run, axe's included (it would wait for ever). */
export type AxeScope = { exclude?: string[] }

/** Runs axe on the page as it is now and fails with each rule id and the elements it names. */
export async function expectNoAxeViolations(page: Page, label: string, scope: AxeScope = {}) {
  const builder = new AxeBuilder({ page }).withTags(wcagTags)
  for (const selector of scope.exclude ?? []) builder.exclude(selector)
  const results = await builder.analyze()
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }))
  expect(summary, `axe violations on ${label}:\n${JSON.stringify(summary, null, 2)}`).toEqual([])
  return results
}

/** axe at a desktop width and a phone's (1280 and 390 px, 800 high), then back to the suite's 1280 × 800. */
export async function axeAtBothWidths(page: Page, label: string, scope: AxeScope = {}) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 })
    await expectNoAxeViolations(page, `${label} at ${width} px`, scope)
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

/** axe at both widths in both colour schemes (the console follows the reader's, as the site does). */
export async function axeInBothSchemes(page: Page, label: string, scope: AxeScope = {}) {
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme })
    await axeAtBothWidths(page, `${label}, ${colorScheme} scheme`, scope)
  }
}

/** The four looks of a public page axe checks: each colour scheme at a desktop width and a phone's, 844 high. The
 * first is the one a spec loads the page in (its `test.use`). */
export const pageLooks = [
  { colorScheme: 'light', width: 1280 },
  { colorScheme: 'light', width: 390 },
  { colorScheme: 'dark', width: 390 },
  { colorScheme: 'dark', width: 1280 },
] as const
export const pageLookHeight = 844

/** axe on a page, loaded in the first of `pageLooks`, in each of them in turn. A page's width and scheme are CSS
 * alone (no script of the site reads either; the prerendered HTML is the same at every width), so the page resized
 * or switched where it is is the page a visitor opens at that width and in that scheme, without a load for each. A
 * change of scheme starts the colour transitions of what has one (the header's background): axe reads the colours
 * once they have ended. */
export async function axeInEveryLook(page: Page, label: string, scope: AxeScope = {}) {
  for (const { colorScheme, width } of pageLooks) {
    await page.emulateMedia({ colorScheme })
    await page.setViewportSize({ width, height: pageLookHeight })
    await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation instanceof CSSTransition).map((animation) => animation.finished.catch(() => undefined))))
    await expectNoAxeViolations(page, `${label} at ${width} px, ${colorScheme} scheme`, scope)
  }
}
