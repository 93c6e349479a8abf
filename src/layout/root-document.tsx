import { HeadContent, Scripts } from '@tanstack/react-router'
import { globalCss } from '../ui/global-css'
import { faviconHref } from '../ui/logo-drawing'
import { palettes } from '../ui/theme'
import { EarlyEventReplay } from '../boot/early-event-replay'
import { PageTransition } from './page-transition'
import { RouteAnnouncer } from './route-announcer'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import { SkipLink } from './skip-link'

// A page is index.html with its two marks filled: <!--app-head--> with DocumentHead, rendered on the server
// only, and <!--app-html--> (all of <body>) with DocumentBody, the root route's component, which the browser
// hydrates.

// Without JavaScript the menu toggle cannot open anything, so small screens show the links inline.
const noScriptStyles = `[data-menu-toggle]{display:none!important}#site-menu{display:flex!important;flex-direction:row;flex-wrap:wrap}`

/** The page's head after index.html's own lines: the theme colours, the favicon, the route's title, meta
 * tags and links (the router's HeadContent), and the global style. */
export function DocumentHead() {
  return (
    <>
      <meta name="theme-color" media="(prefers-color-scheme: light)" content={palettes.light.brand} />
      <meta name="theme-color" media="(prefers-color-scheme: dark)" content={palettes.dark.surface} />
      <link rel="icon" href={faviconHref} type="image/svg+xml" />
      <HeadContent />
      <noscript>
        <style>{noScriptStyles}</style>
      </noscript>
      {/* Before the components' styles, which styled-components adds at the end of the head. */}
      <style dangerouslySetInnerHTML={{ __html: globalCss }} />
    </>
  )
}

export function DocumentBody() {
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
