import '@vitejs/plugin-react/preamble'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { hydrateRoot } from 'react-dom/client'
import { createAppRouter } from './router'

// The page arrived prerendered; React takes over the whole document without re-rendering it.
hydrateRoot(document, <RouterClient router={createAppRouter()} />)
