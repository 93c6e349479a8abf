import { RouterContextProvider, type Manifest } from '@tanstack/react-router'
import {
  RouterServer,
  createRequestHandler,
  renderRouterToString,
} from '@tanstack/react-router/ssr/server'
import { renderToStaticMarkup } from 'react-dom/server'
import { ServerStyleSheet } from 'styled-components'
import { DocumentHead } from './layout/document-head'
import { createAppRouter } from './router'

/** What index.html's two marks get: `head` for <!--app-head-->, `body` for <!--app-html--> (the <body>). */
export interface RenderedPage {
  status: number
  head: string
  body: string
}

/** Renders one URL of the site for the template: the app's HTML, and the head with the route's tags and the
 * styles its components use. `manifest` names the CSS each page loads (from Vite's build manifest). */
export async function renderPage(url: string, manifest: Manifest): Promise<RenderedPage> {
  const sheet = new ServerStyleSheet()
  try {
    let head = ''
    const handler = createRequestHandler({
      request: new Request(url),
      createRouter: () => createAppRouter(),
      getRouterManifest: () => manifest,
    })
    const response = await handler(async ({ router, responseHeaders }) => {
      const rendered = await renderRouterToString({ router, responseHeaders, children: sheet.collectStyles(<RouterServer router={router} />) })
      head = renderToStaticMarkup(
        <RouterContextProvider router={router}>
          <DocumentHead />
        </RouterContextProvider>,
      )
      return rendered
    })
    // The router writes a doctype first, as for a whole document; the template has its own.
    const body = (await response.text()).replace(/^<!DOCTYPE html>/i, '')
    return { status: response.status, head: head + sheet.getStyleTags(), body }
  } finally {
    sheet.seal()
  }
}

export { pagePaths, unlistedPagePaths } from './head'
export { consentPageSources, pageSources, waitlistOutcomeSource } from './router'
