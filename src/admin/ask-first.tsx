// The question a member answers before a step that cannot be undone (a member's removal, a question's retirement, an
// API key's revocation, a webhook endpoint's deletion): an alertdialog that takes the keyboard as it opens, since the
// button that opened it is disabled or gone while it is asked, and its focus would otherwise fall to the page's body.
// Escape answers "keep", as it closes a dialog (WAI-ARIA Authoring Practices, dialog pattern). Answered "keep", the
// keyboard goes back to the button that asked, as the console's Button gives the focus back to any button that had it
// when it was disabled (./button.tsx); answered yes, that button waits or is gone, and nothing is moved.
import { useEffect, useRef, type ReactNode } from 'react'
import styled from 'styled-components'
import { theme } from '../ui/theme'

/** The box a question is asked in, in the colour of a step that cannot be undone (danger) or of a step the member
 * goes on with (plain: an update's send): it is asked inline, above what it is about, and plain text there read as
 * one more paragraph of the section. The updates' questions use it around their own focused heading. */
export const QuestionBox = styled.div<{ $tone: 'danger' | 'plain' }>`
  border: 2px solid ${({ $tone }) => ($tone === 'danger' ? theme.color.error : theme.color.brand)};
  border-radius: ${theme.radius};
  background: ${theme.color.surfaceRaised};
  padding: 1rem;
  margin: 1rem 0;
  > :first-child { margin-top: 0; }
  > :last-child { margin-bottom: 0; }
`

export function AskFirst({ labelledBy, onKeep, children }: { labelledBy: string; onKeep: () => void; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => box.current?.focus(), [])
  return (
    <QuestionBox $tone="danger" role="alertdialog" aria-labelledby={labelledBy} tabIndex={-1} ref={box} onKeyDown={(event) => event.key === 'Escape' && onKeep()}>
      {children}
    </QuestionBox>
  )
}
