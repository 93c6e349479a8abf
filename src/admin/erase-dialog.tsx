// Erasure's confirmation step as a modal <dialog> (the browser traps focus and Escape cancels), and its
// outcome as a status line. Nothing is erased until "Erase for good" is pressed.
import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { adminEraseMachine } from '../../machines/admin-erase-machine'
import { Row, Status } from './admin-styles'
import { Button } from './button'

export function EraseDialog({ erase }: { erase: ActorRefFrom<typeof adminEraseMachine> }) {
  const state = useSelector(erase, (snapshot) => snapshot)
  const dialog = useRef<HTMLDialogElement>(null)
  const open = state.matches('confirming') || state.matches('erasing') || state.matches('failed')
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal()
    if (!open && element.open) element.close()
  }, [open])
  const email = state.context.target?.email ?? ''
  return (
    <>
      <dialog ref={dialog} aria-labelledby="erase-heading" onCancel={(event) => (event.preventDefault(), erase.send({ type: 'CANCEL' }))}>
        <h2 id="erase-heading">Erase {email}?</h2>
        <p>Their signup is deleted for good, as with an erasure request. It is gone from every view and export.</p>
        {state.matches('failed') && <Status role="alert" $tone="error">{state.context.message}</Status>}
        <Row>
          <Button type="button" $tone="danger" disabled={!state.can({ type: 'CONFIRM' })} onClick={() => erase.send({ type: 'CONFIRM' })}>
            {state.hasTag('busy') ? 'Erasing…' : 'Erase for good'}
          </Button>
          <Button type="button" $tone="plain" disabled={!state.can({ type: 'CANCEL' })} onClick={() => erase.send({ type: 'CANCEL' })}>Cancel</Button>
        </Row>
      </dialog>
      <Status role="status">{state.matches('erased') ? state.context.message : ''}</Status>
    </>
  )
}
