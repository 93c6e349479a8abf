// The console's own entry: a separate build (vite.admin.config.ts) and separate files under /admin/, so no
// public page ever requests a byte of it. The page is a shell with no data; everything comes from /api/admin,
// the first of it asked for at once, before React draws (early-calls.ts).
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ConsoleApp } from './console-app'
import { consoleBasepath } from '../../shared/console-pages'
import { preloadArea } from './console-router'
import { callEarly } from './early-calls'

callEarly(window.location.pathname, consoleBasepath, preloadArea)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
)
