import { rootRouteId, useMatches, useRouter } from '@tanstack/react-router'
import { AnimatePresence, LazyMotion, MotionConfig, m, useReducedMotion } from 'framer-motion'
import { useEffect, useRef, type ComponentType } from 'react'
import { NotFoundPage } from '../pages/not-found-page'

/** Each half of a page change (the old page out, the new one in) lasts this long (SPEC §9). */
export const pageFadeSeconds = 0.3

// The animation engine is only needed for the first page change, so it loads once the browser is idle
// after hydration, never in the middle of it (where it would add to the page's blocking time).
const whenIdle = () =>
  new Promise<void>((resolve) =>
    'requestIdleCallback' in window ? window.requestIdleCallback(() => resolve(), { timeout: 2_000 }) : setTimeout(resolve, 200),
  )
const loadMotionFeatures = () => whenIdle().then(() => import('./motion-features').then((module) => module.default))

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
// #2635), so the leaf route's component is rendered here directly, keyed by that match: the exiting element
// keeps the old page until its fade ends, then the new page fades in. The key is the match, not the URL:
// the URL changes as soon as a link is followed, but the match (and its component) only once the new
// page's code has loaded, so until then the old page stays as it is.
export function PageTransition() {
  const router = useRouter()
  const reduceMotion = useReducedMotion()
  const leaf = useMatches({ select: (matches) => matches[matches.length - 1] })
  const isNotFound = !leaf || leaf.routeId === rootRouteId || leaf.status === 'notFound'
  const Page = isNotFound
    ? NotFoundPage
    : ((router.routesById as Record<string, { options: { component?: unknown } }>)[leaf.routeId]?.options
        .component as ComponentType | undefined) ?? NotFoundPage
  const pageKey = isNotFound ? 'not-found' : leaf.id

  return (
    <MotionConfig reducedMotion="user">
      <LazyMotion features={loadMotionFeatures} strict>
        <AnimatePresence mode="wait" initial={false}>
          <m.div key={pageKey} {...(reduceMotion ? noFade : fade)}>
            <FocusOnArrival>
              <Page />
            </FocusOnArrival>
          </m.div>
        </AnimatePresence>
      </LazyMotion>
    </MotionConfig>
  )
}

let hasRenderedFirstPage = false

/** After a client-side page change, moves focus to the new page's heading so keyboard and screen reader
 * users start reading the new page; the first page of a visit keeps the browser's own focus. */
function FocusOnArrival({ children }: { children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!hasRenderedFirstPage) {
      hasRenderedFirstPage = true
      return
    }
    const heading = ref.current?.querySelector<HTMLElement>('h1')
    if (!heading) return
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
    heading.focus({ preventScroll: true })
  }, [])
  return <div ref={ref}>{children}</div>
}
