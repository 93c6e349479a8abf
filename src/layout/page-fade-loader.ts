// How the animation engine (page-fade.tsx, with framer-motion, about 33 KB gzip) reaches the page without
// costing the first load anything. It is not requested up front, nor while the visitor does nothing: only at
// the first sign of intent to change pages (a pointer over, a touch on, or focus on a link or button of the
// site: page-transition.tsx). A quick click or a tap follows that sign by a few milliseconds, before the engine
// has arrived; that first page change used to cut without its fade (issue 24: 0 faded frames in 659). So a
// page change to another page waits for the engine, at most pageFadeWaitMs, before it starts: the root route
// calls holdForPageFade from its beforeLoad, while the old page is still on screen. Once the engine is there,
// the fading tree takes over, and only then does the navigation go on, so the old page can fade out.

type PageFadeModule = typeof import('./page-fade')

/** The longest a page change waits for the animation engine before it goes ahead without its fade. */
export const pageFadeWaitMs = 300
/** The longest it then waits for the fading tree to be on screen (one render; a bound, not a delay). */
const takeOverWaitMs = 100

let loaded: PageFadeModule | undefined
let requested: Promise<unknown> | undefined
/** The engine once the fading tree shows the pages (a navigation has started with it loaded). */
let fading: PageFadeModule | undefined
let takenOver: (() => void) | undefined
let shownPathname: string | undefined
const listeners = new Set<() => void>()

/** Requests the engine, once. */
export function requestPageFade(): Promise<unknown> {
  requested ??= import('./page-fade').then((module) => (loaded = module))
  return requested
}

/** For useSyncExternalStore: the engine PageTransition shows the pages with, if it does yet. */
export const subscribeToPageFade = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
export const currentPageFade = () => fading
export const noPageFade = () => undefined

/** PageTransition reports the page it shows, and that the fading tree is on screen once it is. */
export function pageShown(pathname: string | undefined, withFade: boolean) {
  shownPathname = pathname
  if (withFade) takenOver?.()
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The root route's beforeLoad. The first load (cause 'enter'), a preload and a change of #hash on the same
 * page go straight on: only a change of page fades. Reduced motion has no fade, so it never waits. */
export async function holdForPageFade({ cause, location }: { cause: string; location: { pathname: string } }) {
  if (fading || cause !== 'stay' || location.pathname === shownPathname) return
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  if (!loaded && !reduceMotion) await Promise.race([requestPageFade(), wait(pageFadeWaitMs)])
  if (!loaded) return
  const onScreen = new Promise<void>((resolve) => (takenOver = resolve))
  fading = loaded
  for (const listener of listeners) listener()
  await Promise.race([onScreen, wait(takeOverWaitMs)])
}
