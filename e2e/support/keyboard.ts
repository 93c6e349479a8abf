// Walks a page with the Tab key the way a keyboard user does, and reports for every control whether it
// was reached, how it looked focused and unfocused, and how big it is.
import type { Page } from '@playwright/test'

export interface TabStop {
  index: number
  description: string
  focused: FocusLook
  unfocused: FocusLook
  width: number
  height: number
  /** A link inside a sentence: exempt from the 24×24 px target size (WCAG 2.5.8, "inline"). */
  inline: boolean
  inViewport: boolean
  /** True when other content (the fixed header) covers the whole focused control (WCAG 2.4.11). */
  obscured: boolean
}

interface FocusLook {
  outline: string
  outlineWidth: number
  boxShadow: string
}

/** Marks every control a keyboard user should be able to reach (visible, enabled, not removed from the
 * tab order) with data-tab-candidate and returns how many there are. */
async function markCandidates(page: Page) {
  return page.evaluate(() => {
    const selector = 'a[href], button:not(:disabled), input:not([type="hidden"]):not(:disabled), select, textarea, [tabindex]:not([tabindex="-1"])'
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect()
      const style = getComputedStyle(element)
      return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && !element.closest('[aria-hidden="true"]')
    }
    const candidates = [...document.querySelectorAll(selector)].filter(
      (element) => element.getAttribute('tabindex') !== '-1' && (visible(element) || element.matches('a[href="#main"]')),
    )
    candidates.forEach((element, index) => element.setAttribute('data-tab-candidate', String(index)))
    return candidates.map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim() || element.getAttribute('aria-label') || element.id}"`)
  })
}

function lookOf(element: Element): { outline: string; outlineWidth: number; boxShadow: string } {
  const style = getComputedStyle(element)
  return {
    outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
    outlineWidth: style.outlineStyle === 'none' ? 0 : Number.parseFloat(style.outlineWidth),
    boxShadow: style.boxShadow,
  }
}

/** Presses Tab from the top of the page (or Shift+Tab from the bottom) until focus leaves the page;
 * returns the candidates and each stop. */
export async function walkWithTab(page: Page, direction: 'forward' | 'backward' = 'forward') {
  const candidates = await markCandidates(page)
  // Start from the top of the document, as after a fresh load: a click or a #fragment would otherwise
  // leave the browser's focus starting point further down the page.
  await page.evaluate((forward) => {
    window.scrollTo({ top: forward ? 0 : document.documentElement.scrollHeight, behavior: 'instant' })
    const start = document.createElement('span')
    start.id = 'tab-walk-start'
    start.tabIndex = -1
    if (forward) document.body.prepend(start)
    else document.body.append(start)
    start.focus({ preventScroll: true })
  }, direction === 'forward')
  const stops: Omit<TabStop, 'unfocused'>[] = []
  const escaped: string[] = []
  for (let step = 0; step < candidates.length + 10; step++) {
    await page.keyboard.press(direction === 'forward' ? 'Tab' : 'Shift+Tab')
    const stop = await page.evaluate(`(${String(describeFocus)})(${String(lookOf)})`) as Omit<TabStop, 'unfocused'> | null | 'body'
    if (stop === 'body') break
    if (stop === null) {
      escaped.push(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? ''))
      continue
    }
    if (stops.some((seen) => seen.index === stop.index)) break // wrapped around
    stops.push(stop)
  }
  await page.evaluate(() => {
    ;(document.activeElement as HTMLElement | null)?.blur()
    document.getElementById('tab-walk-start')?.remove()
  })
  const unfocused = await page.evaluate(
    `[...document.querySelectorAll('[data-tab-candidate]')].map((element) => (${String(lookOf)})(element))`,
  ) as FocusLook[]
  return {
    candidates,
    stops: stops.map((stop) => ({ ...stop, unfocused: unfocused[stop.index]! })) as TabStop[],
    /** Focused elements that are not among the candidates (focus that lands somewhere unexpected). */
    escaped,
  }
}

// Runs in the page: the focused element as a tab stop, null if it is not a candidate, 'body' if none.
function describeFocus(look: (element: Element) => FocusLook) {
  const element = document.activeElement
  if (!element || element === document.body || element === document.documentElement) return 'body'
  const index = element.getAttribute('data-tab-candidate')
  if (index === null) return null
  const rect = element.getBoundingClientRect()
  const style = getComputedStyle(element)
  const block = element.parentElement?.closest('p, li, dd, td, h1, h2, h3, div, section') ?? null
  const ownText = (element.textContent ?? '').trim()
  const inline = style.display === 'inline' && block !== null && (block.textContent ?? '').trim().length > ownText.length
  return {
    index: Number(index),
    description: `${element.tagName.toLowerCase()} "${ownText || element.getAttribute('aria-label') || element.id}"`,
    focused: look(element),
    width: rect.width,
    height: rect.height,
    inline,
    inViewport: rect.bottom > 0 && rect.top < window.innerHeight && rect.right > 0 && rect.left < window.innerWidth,
    obscured: [
      [0.5, 0.5],
      [0.1, 0.1],
      [0.9, 0.1],
      [0.1, 0.9],
      [0.9, 0.9],
    ].every(([fx, fy]) => {
      const hit = document.elementFromPoint(rect.left + rect.width * fx!, rect.top + rect.height * fy!)
      return hit === null || !(hit === element || element.contains(hit))
    }),
  }
}
