// The page fade itself (page changes fade out and in), with the whole animation engine: this module is only
// requested once a visitor shows an intent to change pages (see page-transition.tsx), never up front.
import { AnimatePresence, LazyMotion, MotionConfig, domAnimation, m, useReducedMotion } from 'framer-motion'
import type { ReactNode } from 'react'

/** Each half of a page change (the old page out, the new one in) lasts this long: 0.3 s, the product's
 * rule (docs/product-rules.md#constants). */
export const pageFadeSeconds = 0.3

const fade = {
  initial: { opacity: 0 },
  animate: { opacity: 1 },
  exit: { opacity: 0 },
  transition: { duration: pageFadeSeconds, ease: 'easeInOut' },
} as const
// MotionConfig's reducedMotion drops transforms only; a fade is motion too, so with reduced motion the
// pages swap at once (no opacity animation at all, not even one of zero length).
const noFade = { initial: false, animate: { opacity: 1 } } as const

// <Outlet/> inside AnimatePresence would show the new page in the one that is fading out (TanStack/router
// #2635), so the caller renders the leaf route's component itself, keyed by its match: the exiting element
// keeps the old page until its fade ends, then the new page fades in.
export function PageFade({ pageKey, children }: { pageKey: string; children: ReactNode }) {
  const reduceMotion = useReducedMotion()
  return (
    <MotionConfig reducedMotion="user">
      <LazyMotion features={domAnimation} strict>
        <AnimatePresence mode="wait" initial={false}>
          <m.div key={pageKey} {...(reduceMotion ? noFade : fade)}>
            {children}
          </m.div>
        </AnimatePresence>
      </LazyMotion>
    </MotionConfig>
  )
}
