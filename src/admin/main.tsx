// The console's own entry: a separate build (vite.admin.config.ts) and separate files under /admin/, so no
// public page ever requests a byte of it. The page is a shell with no data; everything comes from /api/admin,
// the first of it asked for at once, before React draws (early-calls.ts), by a script of its own in a build.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ConsoleApp } from './console-app'
import { consoleBasepath } from '../../shared/console-pages'
import { checkSession } from './admin-api-client'
import { preloadArea } from './console-router'
import { callEarly, signedInEarly } from './early-calls'

// Asked already by the early script (console-early.ts) in a build; here for the development server, where there is none.
const early = callEarly(window.location.pathname, consoleBasepath)
if (early) preloadArea(early.path)

// Usually the session's answer came long before this script ran: the console then starts signed in, with no
// "Checking your session…" drawn and replaced (about 15 ms of a new tab's first view, bench:console's trace,
// 2026-12-06). Reading the answer already in takes no round trip; any other case is the sign-in machine's to ask.
const session = signedInEarly() ? await checkSession().catch(() => null) : null

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsoleApp session={session ?? undefined} />
  </StrictMode>,
)
