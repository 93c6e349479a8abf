/** The footer's iOS button waits this long after navigating home before it scrolls up: 100 ms, the
 * product's rule (docs/product-rules.md#constants). */
export const scrollToTopDelayMs = 100

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches

/** Scrolls the window to the top after the delay: smoothly, unless the visitor asked for less motion. */
export function scrollToTopLater(delayMs: number = scrollToTopDelayMs) {
  return window.setTimeout(() => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
  }, delayMs)
}
