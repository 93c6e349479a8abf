// Counts the pages a visitor is shown (issue 32, "Where signups come from"), on the endpoint's wire
// (shared/analytics.ts): one beacon for the page the app hydrated, once the app is idle, and one for each page the
// visitor moves to inside the app. Nothing here may cost a visitor anything they can feel: no request before the
// first paint (this runs after hydration), nothing that holds up hydration or a tap (a beacon is queued by the
// browser, and nobody waits for its reply), no cookie and no storage (the landing lives in memory:
// src/waitlist/landing-campaign.ts). A browser that asks not to be tracked sends nothing.
//
// Every beacon carries the visit's landing source (the referring site and the campaign), not only the first: each
// page view then stands on its own, attributed to the source that brought the visit, and the endpoint never has to
// find a visit's first beacon among the day's. The visitor hash cannot do that alone: two visits of one person on
// one day, from two sources, share it.
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { analyticsPath, type VisitBeacon } from '../../shared/analytics'
import { waitlistEndpoint } from './endpoint'
import { landingCampaign, type LandingCampaign } from './landing-campaign'

/** At most this long after hydration for the browser to be idle; then the first beacon goes anyway. */
export const firstBeaconIdleTimeoutMs = 2000

/** Where the beacons go: `analyticsPath` on the waitlist endpoint's origin (/api/waitlist → /api/analytics/visit);
 * empty when no endpoint is configured, or when it is not a URL. */
export function beaconUrl(endpoint: string, pageUrl: string): string {
  try {
    return endpoint.trim() === '' ? '' : new URL(analyticsPath, new URL(endpoint.trim(), pageUrl)).href
  } catch {
    return ''
  }
}

/** Whether the browser asks not to be tracked: Global Privacy Control, or the older Do Not Track. The endpoint
 * would not count such a beacon either (it reads `Sec-GPC` and `DNT`); the site does not even send it. */
export const asksNotToBeTracked = (browser: Navigator & { globalPrivacyControl?: boolean }) =>
  browser.globalPrivacyControl === true || browser.doNotTrack === '1'

/** One page's beacon: its path (a location's pathname: never its query or fragment), and the visit's landing
 * source, with the referring site's host name alone, and only when it is another site than `siteHost`. */
export function visitBeaconOf(path: string, { referrerOrigin, referralCode, ...utm }: Readonly<LandingCampaign>, siteHost: string): VisitBeacon {
  const referrer = referrerOrigin && new URL(referrerOrigin).hostname
  return { page: path, ...(referrer && referrer !== siteHost && { referrer }), ...utm, ...(referralCode && { ref: referralCode }) }
}

/** Sends the beacons of this run of the app, from the hydrating root (src/layout/root-document.tsx): its effect
 * runs once the whole document has hydrated. */
export function useVisitBeacons(endpoint = waitlistEndpoint) {
  const router = useRouter()
  useEffect(() => {
    const url = beaconUrl(endpoint, location.href)
    if (url === '' || asksNotToBeTracked(navigator)) return
    // The JSON as a string: the browser posts it as text/plain;charset=UTF-8, a CORS simple request (no preflight,
    // to an endpoint on another origin too), as a Blob of that type would be, in fewer bytes of script.
    const send = (path: string) => navigator.sendBeacon?.(url, JSON.stringify(visitBeaconOf(path, landingCampaign(), location.hostname)))
    const hydratedPath = router.state.location.pathname
    let first: (() => void) | undefined = () => {
      first = undefined
      send(hydratedPath)
    }
    const sendFirst = () => first?.()
    // A page the browser prerenders (speculation rules) is not shown yet: it counts when it is, if ever.
    const whenShown = (run: () => void) =>
      (document as Document & { prerendering?: boolean }).prerendering ? document.addEventListener('prerenderingchange', run, { once: true }) : run()
    whenShown(() => ('requestIdleCallback' in window ? requestIdleCallback(sendFirst, { timeout: firstBeaconIdleTimeoutMs }) : setTimeout(sendFirst)))
    // A page the visitor moves to inside the app, once it is resolved (the first render is the first beacon's;
    // a change of query or fragment alone is the same page). A move made before the first beacon left sends it
    // first, so the endpoint receives the pages in the order they were shown.
    const stop = router.subscribe('onResolved', ({ fromLocation, toLocation, pathChanged }) => {
      if (!fromLocation || !pathChanged) return
      sendFirst()
      send(toLocation.pathname)
    })
    return () => {
      first = undefined
      stop()
    }
  }, [router, endpoint])
}
