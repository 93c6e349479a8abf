// The console's own entry: a separate build (vite.admin.config.ts) and separate files under /admin/, so no
// public page ever requests a byte of it. The page is a shell with no data; everything comes from /api/admin, the
// first of it asked for at once, before React draws (early-calls.ts), by a script of its own inline in the built page.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ConsoleApp, prepareConsole } from './console-app'
import { consoleBasepath } from '../../shared/console-pages'
import { checkSession, fetchSummary } from './admin-api-client'
import { preloadArea } from './console-router'
import { answeredEarly, callEarly } from './early-calls'
import { drawnFirstView, keepFigures } from './known-at-start'

// Asked already by the early script (console-early.ts) in a build; here for the development server, where there is none.
const early = callEarly(window.location.pathname, consoleBasepath)
if (early) preloadArea(early.path)

// When the session's answer is in before this script runs (about half of a new tab's loads on the shared 2-core
// machine: docs/performance.md), the console starts signed in, with no "Checking your session…" drawn and replaced
// (at most 15 ms of the first view). Reading the answer already in takes no round trip; in every other case the
// sign-in machine asks, as it always did.
// When the server drew the Overview (first-view-server.tsx), the page carries what it drew it from: the console starts
// from that, so that React's first frame is the same picture, drawn over the server's.
const drawn = drawnFirstView()
const session = drawn?.session ?? (answeredEarly('session') ? await checkSession().catch(() => null) : null)
// Signed in, the router loads the area (its chunk, asked for early) before React draws: the first frame is the area,
// where it was an empty one (the router not loaded yet) and then the area.
const prepared = prepareConsole(session ?? undefined)
if (session) await prepared.router.load().catch(() => {})
// On the Overview, its figures too when their early answer is in: React's first frame then shows the totals.
if (drawn && early?.path === '/') keepFigures(drawn.summary)
else if (session && early?.path === '/' && answeredEarly('summary')) {
  const summary = await fetchSummary(new AbortController().signal).catch(() => undefined)
  if (summary) keepFigures(summary)
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsoleApp prepared={prepared} />
  </StrictMode>,
)
