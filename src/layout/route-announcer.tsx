import { useRouterState } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'

/** Announces the new page's title after a client-side page change, as a full page load would. */
export function RouteAnnouncer() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const [message, setMessage] = useState('')
  const firstPath = useRef(pathname)

  useEffect(() => {
    if (pathname === firstPath.current && message === '') return
    // The title is updated by HeadContent in the same commit; read it once the browser has painted.
    const frame = window.requestAnimationFrame(() => setMessage(document.title))
    return () => window.cancelAnimationFrame(frame)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- announce on page changes only
  }, [pathname])

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {message}
    </p>
  )
}
