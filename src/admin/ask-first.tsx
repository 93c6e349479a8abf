// The question a member answers before a step that cannot be undone (a member's removal, a question's retirement, an
// API key's revocation, a webhook endpoint's deletion): an alertdialog that takes the keyboard as it opens, since the
// button that opened it is disabled or gone while it is asked, and its focus would otherwise fall to the page's body.
// Escape answers "keep", as it closes a dialog (WAI-ARIA Authoring Practices, dialog pattern). Answered "keep", the
// keyboard goes back to the button that asked, as the console's Button gives the focus back to any button that had it
// when it was disabled (./button.tsx); answered yes, that button waits or is gone, and nothing is moved.
import { useEffect, useRef, type ReactNode } from 'react'

export function AskFirst({ labelledBy, onKeep, children }: { labelledBy: string; onKeep: () => void; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => box.current?.focus(), [])
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a dialog answers Escape (WAI-ARIA APG)
    <div role="alertdialog" aria-labelledby={labelledBy} tabIndex={-1} ref={box} onKeyDown={(event) => event.key === 'Escape' && onKeep()}>
      {children}
    </div>
  )
}
