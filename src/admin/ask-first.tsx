// The question a member answers before a step that cannot be undone (a member's removal, a question's retirement, an
// API key's revocation, a webhook endpoint's deletion): an alertdialog that takes the keyboard as it opens, since the
// button that opened it is disabled or gone while it is asked, and its focus would otherwise fall to the page's body.
// Escape answers "keep", as it closes a dialog. Answered "keep", the keyboard goes back to that button, enabled again,
// as a dialog gives it back to what opened it (WAI-ARIA Authoring Practices, dialog pattern); answered yes, the button
// waits or is gone, and nothing is moved.
import { useEffect, useRef, type ReactNode } from 'react'

export function AskFirst({ labelledBy, onKeep, children }: { labelledBy: string; onKeep: () => void; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const question = box.current
    const opener = document.activeElement
    question?.focus()
    return () => {
      // Only where the keyboard was left with the question, never away from where the member has gone since.
      const left = document.activeElement === null || document.activeElement === document.body || question?.contains(document.activeElement)
      if (left && opener instanceof HTMLButtonElement && opener.isConnected && !opener.disabled) opener.focus()
    }
  }, [])
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a dialog answers Escape (WAI-ARIA APG)
    <div role="alertdialog" aria-labelledby={labelledBy} tabIndex={-1} ref={box} onKeyDown={(event) => event.key === 'Escape' && onKeep()}>
      {children}
    </div>
  )
}
