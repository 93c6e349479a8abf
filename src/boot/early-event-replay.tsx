import { useEffect, useLayoutEffect, useRef } from 'react'
import type { EarlyEvent } from './early-event-recorder'

// Replays what the visitor did while the app's scripts were on their way, as the page's inline recorder kept
// it (src/boot/early-event-recorder.ts): each queued tap or submission, once, through the element's own React
// handler, so the machines decide what it means. It runs after the whole document has hydrated (this is the
// last child of <body>, and effects run after the commit), and after the forms have read what was typed into
// them.
export function EarlyEventReplay() {
  const queued = useRef<EarlyEvent[]>([])
  // In the commit itself, before the browser can deliver another event: from here on events reach React
  // directly, and the forms have already read their fields (their layout effects run first).
  useLayoutEffect(() => {
    queued.current = window.__earlyEvents?.take() ?? []
  }, [])
  useEffect(() => {
    for (const { type, el } of queued.current.splice(0)) {
      if (!el.isConnected) continue
      if (type === 'submit' && el instanceof HTMLFormElement) el.requestSubmit()
      else el.click()
    }
    // The app's own word that it is in control, for the few browser tests of what only the app does
    // (client-side page changes); never a framework's internals.
    document.documentElement.dataset.app = 'ready'
  }, [])
  return null
}
