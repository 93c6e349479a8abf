// The Overview's first view drawn on the server (issue 47), for the console's page at /admin/ when the request carries
// a live session: the shell and the totals in the page's HTML, on the screen as it arrives, where a first visit
// otherwise waited some 250 ms for about 400 kB of scripts to come and run (docs/performance.md). The same components
// draw it as in the browser, through the console's router in memory and the sign-in machine given the session; the
// server's console page (server/features/console/first-view-page.ts) puts it into the page with what it was drawn from,
// and the console's script starts from that (main.tsx) and draws over it in its first frame.
// Built on its own (`vite build --ssr`, vite.admin.config.ts) into the site's admin/.server/, which no host serves.
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { renderToReadableStream } from 'react-dom/server'
import { ServerStyleSheet } from 'styled-components'
import { createActor } from 'xstate'
import { adminSignInMachine } from '../../machines/admin-sign-in-machine'
import type { DrawnFirstView, FirstView } from '../../shared/console-pages'
import { consoleAddress } from '../../shared/console-pages'
import { GlobalStyle } from '../ui/global-style'
import { opens } from './area-list'
import { createConsoleRouter } from './console-router'
import { GivenFigures } from './known-at-start'
import { SignInContext } from './sign-in-context'

/** Draws the Overview as the member `given.session` sees it with the figures `given.summary`. Fails on any error in
 * the drawing, where React would leave a part for the browser to draw: the page is then served as it is built. */
export async function drawOverview(given: FirstView): Promise<DrawnFirstView> {
  const { session, summary } = given
  const router = createConsoleRouter(
    { opens: (area) => opens(area, session.permissions) },
    createMemoryHistory({ initialEntries: [consoleAddress('/')] }),
  )
  await router.load()
  // Never started: its first state, signed in with the session given, is all a drawing reads.
  const signIn = createActor(adminSignInMachine, { input: { token: null, session } })
  const sheet = new ServerStyleSheet()
  try {
    let failed: unknown
    const stream = await renderToReadableStream(
      sheet.collectStyles(
        <SignInContext.Provider value={signIn}>
          <GivenFigures.Provider value={summary}>
            <GlobalStyle />
            <RouterProvider router={router} />
          </GivenFigures.Provider>
        </SignInContext.Provider>,
      ),
      { onError: (error) => void (failed ??= error) },
    )
    await stream.allReady
    const root = await new Response(stream).text()
    if (failed) throw failed
    return { root, styles: sheet.instance.toString() }
  } finally {
    sheet.seal()
  }
}
