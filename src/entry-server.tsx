import type { Manifest } from '@tanstack/react-router'
import {
  RouterServer,
  createRequestHandler,
  renderRouterToString,
} from '@tanstack/react-router/ssr/server'
import { ServerStyleSheet } from 'styled-components'
import { createAppRouter } from './router'

export interface RenderedPage {
  status: number
  html: string
}

/** Renders one URL of the site to a complete HTML document, with the styles its components use inlined.
 * `manifest` names the client scripts and preloads each page loads (from Vite's build manifest). */
export async function renderPage(url: string, manifest: Manifest): Promise<RenderedPage> {
  const sheet = new ServerStyleSheet()
  try {
    const handler = createRequestHandler({
      request: new Request(url),
      createRouter: () => createAppRouter(),
      getRouterManifest: () => manifest,
    })
    const response = await handler(({ router, responseHeaders }) =>
      renderRouterToString({ router, responseHeaders, children: sheet.collectStyles(<RouterServer router={router} />) }),
    )
    const html = (await response.text()).replace('</head>', `${sheet.getStyleTags()}</head>`)
    return { status: response.status, html }
  } finally {
    sheet.seal()
  }
}

export { pagePaths, unlistedPagePaths } from './head'
export { consentPageSources, pageSources, waitlistOutcomeSource } from './router'
