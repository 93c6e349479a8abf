// The question a member answers before a step that cannot be undone (a member's removal, a question's retirement, an
// API key's revocation): an alertdialog that takes the keyboard as it opens, since the button that opened it is
// disabled or gone while it is asked, and its focus would otherwise fall to the page's body.
import { useEffect, useRef, type ReactNode } from 'react'

export function AskFirst({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => box.current?.focus(), [])
  return (
    <div role="alertdialog" aria-labelledby={labelledBy} tabIndex={-1} ref={box}>
      {children}
    </div>
  )
}
