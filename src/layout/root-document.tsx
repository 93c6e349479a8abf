import { HeadContent, Scripts } from '@tanstack/react-router'
import { EarlyEventReplay } from '../boot/early-event-replay'
import { useVisitBeacons } from '../waitlist/visit-beacon'
import { PageTransition } from './page-transition'
import { RouteAnnouncer } from './route-announcer'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import { SkipLink } from './skip-link'

// A page is index.html with its two marks filled: <!--app-head--> with DocumentHead (src/layout/document-head.tsx),
// rendered on the server only, and <!--app-html--> (all of <body>) with DocumentBody, the root route's component,
// which the browser hydrates.

export function DocumentBody() {
  // Its effect runs after every child's, once the whole document has hydrated.
  useVisitBeacons()
  return (
    <>
      {/* In the browser the route's title, meta tags and links are part of the app, so that they change with
          the page: React places them in <head>, taking over the ones DocumentHead wrote there. */}
      {!import.meta.env.SSR && <HeadContent />}
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <PageTransition />
      </main>
      <SiteFooter />
      <RouteAnnouncer />
      <EarlyEventReplay />
      <Scripts />
    </>
  )
}
