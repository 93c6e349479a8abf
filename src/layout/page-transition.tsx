import { rootRouteId, useLocation, useMatches, useRouter } from '@tanstack/react-router'
import { AnimatePresence, LazyMotion, MotionConfig, m } from 'framer-motion'
import { useEffect, useRef, type ComponentType } from 'react'
import { NotFoundPage } from '../pages/not-found-page'

/** Each half of a page change (the old page out, the new one in) lasts this long (SPEC §9). */
export const pageFadeSeconds = 0.3

const loadMotionFeatures = () => import('./motion-features').then((module) => module.default)

// <Outlet/> inside AnimatePresence would show the new page in the one that is fading out (TanStack/router
// #2635), so the leaf route's component is rendered here directly, keyed by pathname: the exiting element
// keeps the old page until its fade ends, then the new page fades in.
export function PageTransition() {
  const router = useRouter()
  const pathname = useLocation({ select: (location) => location.pathname })
  const leaf = useMatches({ select: (matches) => matches[matches.length - 1] })
  const isNotFound = !leaf || leaf.routeId === rootRouteId || leaf.status === 'notFound'
  const Page = isNotFound
    ? NotFoundPage
    : ((router.routesById as Record<string, { options: { component?: unknown } }>)[leaf.routeId]?.options
        .component as ComponentType | undefined) ?? NotFoundPage

  return (
    <MotionConfig reducedMotion="user">
      <LazyMotion features={loadMotionFeatures} strict>
        <AnimatePresence mode="wait" initial={false}>
          <m.div
            key={pathname}
            initial={{ opacity: 0 }}
            animate={{ opacity: 1 }}
            exit={{ opacity: 0 }}
            transition={{ duration: pageFadeSeconds, ease: 'easeInOut' }}
          >
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
