import { useMatches } from '@tanstack/react-router'
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react'
import { NotFoundPage } from '../pages/not-found-page'
import { currentPageFade, noPageFade, pageShown, requestPageFade, subscribeToPageFade } from './page-fade-loader'

// The fades only run when a visitor changes pages, so the animation engine is requested at the first sign of
// intent (a pointer over, a touch on, or focus on a link or button of the site), and a page change waits for
// it, briefly, so that even the first one fades (page-fade-loader.ts). Until a page change starts, and without
// JavaScript, the page is a plain element and every link a plain link.
const intentEvents = ['pointerover', 'touchstart', 'focusin'] as const

function useRequestPageFadeOnIntent() {
  useEffect(() => {
    const onIntent = (event: Event) => {
      if (!(event.target instanceof Element) || !event.target.closest('a[href^="/"], button')) return
      stopListening()
      void requestPageFade()
    }
    const stopListening = () => {
      for (const type of intentEvents) document.removeEventListener(type, onIntent, true)
    }
    for (const type of intentEvents) document.addEventListener(type, onIntent, { capture: true, passive: true })
    return stopListening
  }, [])
}

export function PageTransition() {
  useRequestPageFadeOnIntent()
  // The fading tree takes over only as a navigation to another page starts (page-fade-loader.ts): switching at
  // any other moment would rebuild the page on screen, losing focus and typed text.
  const pageFade = useSyncExternalStore(subscribeToPageFade, currentPageFade, noPageFade)
  // The page is the one the deepest match shows (src/router.tsx, showsPage); the root match, alone when no
  // route matches, shows none, and a route that found nothing (an unknown outcome) shows the 404 instead.
  const leaf = useMatches({ select: (matches) => matches[matches.length - 1] })
  // The key is the match, not the URL: the URL changes as soon as a link is followed, but the match (and its
  // component) only once the new page's code has loaded, so until then the old page stays as it is.
  const { Page, pageKey, pathname } =
    leaf?.staticData.page && leaf.status !== 'notFound'
      ? { Page: leaf.staticData.page, pageKey: leaf.id, pathname: leaf.pathname }
      : { Page: NotFoundPage, pageKey: 'not-found', pathname: undefined }
  useLayoutEffect(() => pageShown(pathname, pageFade !== undefined))
  const page = (
    <FocusOnArrival pageKey={pageKey}>
      <Page />
    </FocusOnArrival>
  )
  if (pageFade) return <pageFade.PageFade pageKey={pageKey}>{page}</pageFade.PageFade>
  return <div key={pageKey}>{page}</div>
}

let arrivedAt: string | undefined

/** After a client-side page change, moves focus to the new page's heading so keyboard and screen reader
 * users start reading the new page; the first page of a visit keeps the browser's own focus, and so does
 * a page that is only re-rendered in place (when the fading tree takes over). */
function FocusOnArrival({ pageKey, children }: { pageKey: string; children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const first = arrivedAt === undefined
    const same = arrivedAt === pageKey
    arrivedAt = pageKey
    if (first || same) return
    const heading = ref.current?.querySelector<HTMLElement>('h1')
    if (!heading) return
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
    heading.focus({ preventScroll: true })
  }, [pageKey])
  return <div ref={ref}>{children}</div>
}
