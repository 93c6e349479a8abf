import { HeadContent } from '@tanstack/react-router'
import { structuredDataJson } from '../content/structured-data'
import { globalCss } from '../ui/global-css'
import { faviconHref } from '../../shared/logo-drawing'
import { palettes } from '../ui/theme'

// The page's head, written by the server only (src/entry-server.tsx renders it into index.html's
// <!--app-head-->). The browser never renders it, so it lives apart from the body (root-document.tsx): what
// only the head needs (the global CSS, the favicon's SVG, the structured data) stays out of the app's bundle.

// Without JavaScript the menu toggle cannot open anything, so small screens show the links inline.
const noScriptStyles = `[data-menu-toggle]{display:none!important}#site-menu{display:flex!important;flex-direction:row;flex-wrap:wrap}`

/** The page's head after index.html's own lines: the theme colours, the favicon, the route's title, meta
 * tags and links (the router's HeadContent), the company's structured data, and the global style. */
export function DocumentHead() {
  return (
    <>
      <meta name="theme-color" media="(prefers-color-scheme: light)" content={palettes.light.brand} />
      <meta name="theme-color" media="(prefers-color-scheme: dark)" content={palettes.dark.surface} />
      <link rel="icon" href={faviconHref()} type="image/svg+xml" />
      <HeadContent />
      {/* Data, not script: the browser never runs it, so the CSP's script-src does not apply to it. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: structuredDataJson() }} />
      <noscript>
        <style>{noScriptStyles}</style>
      </noscript>
      {/* Before the components' styles, which styled-components adds at the end of the head. */}
      <style dangerouslySetInnerHTML={{ __html: globalCss }} />
    </>
  )
}
