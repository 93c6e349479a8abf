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

// Without JavaScript the menu toggle cannot open anything, so small screens show the links inline.
const noScriptStyles = `[data-menu-toggle]{display:none!important}#site-menu{display:flex!important;flex-direction:row;flex-wrap:wrap}`

export function RootDocument() {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" media="(prefers-color-scheme: light)" content={palettes.light.brand} />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content={palettes.dark.surface} />
        <link rel="icon" href={faviconHref} type="image/svg+xml" />
        <HeadContent />
        <noscript>
          <style>{noScriptStyles}</style>
        </noscript>
        {/* Before the components' styles, which styled-components adds at the end of the head. */}
        <style dangerouslySetInnerHTML={{ __html: globalCss }} />
      </head>
      <body>
        <SkipLink />
        <SiteHeader />
        <main id="main" tabIndex={-1}>
          <PageTransition />
        </main>
        <SiteFooter />
        <RouteAnnouncer />
        <EarlyEventReplay />
        <Scripts />
      </body>
    </html>
  )
}
