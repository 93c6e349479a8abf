// One Copy button (issue 47): a secret shown once (a webhook's, an API key) is copied with one press. `idle` waits
// for COPY; `copying` asks the clipboard once; `copied` says so in a live region; `refused` (the browser said no, or
// has no clipboard) says how to copy by hand. Another press from any of them asks again. The clipboard is the view's
// (`writeText`, given the text COPY carried), so the machine knows no browser.
import { assertEvent, fromPromise, setup, type SnapshotFrom } from 'xstate'

/** COPY carries the text of the moment it is pressed. */
export type CopyEvent = { type: 'COPY'; text: string }

export const copyMessages = {
  copied: 'Copied.',
  refused: 'The browser did not allow copying: select the text and copy it by hand.',
} as const

export const copyMachine = setup({
  types: {} as { events: CopyEvent; tags: 'busy' },
  actors: {
    writeText: fromPromise<void, string>(() => Promise.reject(new Error('The view provides the clipboard.'))),
  },
}).createMachine({
  id: 'copy',
  initial: 'idle',
  states: {
    idle: { description: 'The Copy button, nothing said yet.', on: { COPY: 'copying' } },
    copying: {
      description: 'The clipboard is asked once; the button waits.',
      tags: 'busy',
      invoke: { src: 'writeText', input: ({ event }) => (assertEvent(event, 'COPY'), event.text), onDone: 'copied', onError: 'refused' },
    },
    copied: { description: 'Says “Copied.” in the live region; another press copies again.', on: { COPY: 'copying' } },
    refused: { description: 'The browser refused (or has no clipboard): says to select the text and copy it by hand.', on: { COPY: 'copying' } },
  },
})

export type CopySnapshot = SnapshotFrom<typeof copyMachine>
