import '@vitejs/plugin-react/preamble'
import { attachInspectorIfAsked } from '../dev/inspector'
import { captureLanding } from '../waitlist/landing-campaign'

// The page arrived prerendered; React takes over its body without re-rendering it. A browser
// evaluates a module and everything it imports in one task, and the app's whole graph took about 100 ms on
// a phone-speed CPU (Lighthouse's 4× slowdown): one long task that blocks input. So the app starts in
// steps, each in a task of its own with a yield to the browser between them: React and its DOM renderer;
// the other libraries (the router's client half needs only them); the app's modules (routes, layout); the
// router; then hydration, in a transition so that React also yields between components. This module
// imports nothing up front, so it is cheap to evaluate; the inline loader (src/boot/app-loader.ts) has
// already requested every module the steps import, so no step waits for the network.
// `npm run bench:long-tasks` measures the tasks.
// (In development, `?inspect` first attaches the Stately inspector so it sees every actor from its start.)

// The first page of this run of the app is the landing: its campaign goes with a signup's consent record and
// with each visit beacon (a few lines, evaluated with this module; kept in memory, so a reload is a new landing).
captureLanding(window.location.href, document.referrer)

// The router keeps the scroll positions of the pages visited in memory, and writes them to sessionStorage when the
// page is hidden (a link out, a reload, a closed tab), for a reload to find. The site keeps nothing on the visitor's
// device (issue 32), so that write is stopped: this listener is added before the router's (it comes with hydration)
// and stops the event from reaching the listeners after it. It does the rest of what the router's would: gives
// scroll restoration back to the browser, which restores a reload's position itself.
addEventListener('pagehide', (event) => {
  history.scrollRestoration = 'auto'
  event.stopImmediatePropagation()
})

// A message to itself is a new task, like React's own scheduler; a timer would be too, but a paused clock (a
// test's fake timers) would hold the app back.
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(null)
  })

async function hydrate() {
  const [{ createElement, startTransition }, { hydrateRoot }] = await Promise.all([import('react'), import('react-dom/client')])
  await nextTask()
  const { RouterClient } = await import('./router-client')
  await nextTask()
  const { createAppRouter } = await import('../router')
  await nextTask()
  const router = createAppRouter()
  await nextTask()
  startTransition(() => void hydrateRoot(document.body, createElement(RouterClient, { router })))
}

if (import.meta.env.DEV) void attachInspectorIfAsked().then(hydrate)
else void hydrate()
