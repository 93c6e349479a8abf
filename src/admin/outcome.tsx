// What a change in the console did, and where the keyboard goes after it. A machine's focus actions run before React
// draws the state they lead to, so the focus waits a task for its element to exist (focusSoon); the views provide
// those actions to their machines. Outcome is the one place a section says what its last change did: a live region
// for what was done and an alert for what was refused, in one element the keyboard can be put on, since the button
// pressed may be gone with its row.
import { Status } from './admin-styles'

/** Puts the keyboard on the element of this id once React has drawn it. */
export const focusSoon = (id: string) => setTimeout(() => document.getElementById(id)?.focus())

export function Outcome({ id, message, error }: { id: string; message: string | null; error: string | null }) {
  return (
    <div id={id} tabIndex={-1}>
      <Status role="status" aria-live="polite">{message}</Status>
      {error && <Status role="alert" $tone="error">{error}</Status>}
    </div>
  )
}
