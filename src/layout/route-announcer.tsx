import { useRouterState } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'

/** Announces the new page's title after a client-side page change, as a full page load would. */
export function RouteAnnouncer() {
  // The resolved location changes once the new page's code has loaded and the page (with its <title>) is
  // committed; the plain location changes before that, while the old page and its title are still up.
  const pathname = useRouterState({ select: (state) => state.resolvedLocation?.pathname })
  const [message, setMessage] = useState('')
  const lastPath = useRef<string | undefined>(undefined)

  useEffect(() => {
    if (pathname === undefined) return
    const previous = lastPath.current
    lastPath.current = pathname
    // The first page of a visit is announced by the browser itself.
    if (previous === undefined || previous === pathname) return
    const frame = window.requestAnimationFrame(() => setMessage(document.title))
    return () => window.cancelAnimationFrame(frame)
  }, [pathname])

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {message}
    </p>
  )
}
