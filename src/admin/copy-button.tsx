// A Copy button for a secret shown once (copy-machine.ts): it copies `text` with the browser's clipboard and says
// what happened in its own live region: "Copied.", or how to copy by hand where the browser refuses.
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { copyMachine, copyMessages } from '../../machines/copy-machine'
import { Status } from './admin-styles'
import { Button } from './button'

const browserCopyMachine = copyMachine.provide({
  actors: {
    writeText: fromPromise<void, string>(async ({ input }) => {
      if (!navigator.clipboard) throw new Error('No clipboard here.')
      await navigator.clipboard.writeText(input)
    }),
  },
})

/** `label` names what is copied for a screen reader ("Copy the API key"); the button reads "Copy". */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, send] = useMachine(browserCopyMachine)
  const said = state.matches('copied') ? copyMessages.copied : state.matches('refused') ? copyMessages.refused : ''
  return (
    <>
      <Button type="button" $tone="plain" aria-label={label} aria-disabled={!state.can({ type: 'COPY', text })} onClick={() => send({ type: 'COPY', text })}>
        Copy
      </Button>
      <Status role="status" aria-live="polite">{said}</Status>
    </>
  )
}
