// What every area's page shares: the document's title names the area, and on arriving the keyboard's focus moves to
// the area's first heading (as the one-page console focused its own), so a screen reader hears where it is. Some
// views show their heading only once their data is in (the Overview's totals), so the frame waits for one to appear;
// it never takes the focus back from something the member reached inside the area meanwhile.
import { useEffect, useRef, type ReactNode } from 'react'
import { titleOf } from './area-list'

export function AreaFrame({ name, children }: { name: string; children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null)
  useEffect(() => {
    document.title = titleOf(name)
  }, [name])
  useEffect(() => {
    const root = frame.current
    if (!root) return
    const focusHeading = () => {
      const heading = root.querySelector<HTMLElement>('h2, h3')
      if (!heading) return false
      if (!root.contains(document.activeElement)) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1
        heading.focus({ preventScroll: false })
      }
      return true
    }
    if (focusHeading()) return
    const watch = new MutationObserver(() => focusHeading() && watch.disconnect())
    watch.observe(root, { childList: true, subtree: true })
    return () => watch.disconnect()
  }, [])
  return <div ref={frame}>{children}</div>
}
