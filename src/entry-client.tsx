import '@vitejs/plugin-react/preamble'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { attachInspectorIfAsked } from './dev/inspector'
import { createAppRouter } from './router'
import { captureLanding } from './waitlist/landing-campaign'

// The page arrived prerendered; React takes over the whole document without re-rendering it. Hydrating
// inside a transition lets React yield to the browser between components instead of blocking input.
// (In development, `?inspect` first attaches the Stately inspector so it sees every actor from its start.)
// The first page of the session is the landing: its campaign goes with a signup's consent record.
captureLanding(window.location.href, document.referrer)

const hydrate = () => startTransition(() => void hydrateRoot(document, <RouterClient router={createAppRouter()} />))

if (import.meta.env.DEV) void attachInspectorIfAsked().then(hydrate)
else hydrate()
