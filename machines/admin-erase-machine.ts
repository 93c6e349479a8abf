// Erasing one person, with a confirmation step: `confirming` names who will be erased and nothing happens
// until CONFIRM; `erasing` sends one request; `erased` tells the team it is done (and asks the rest of the
// console to reload); `failed` offers to try again. CANCEL backs out of any step that has not started.
import { assertEvent, assign, setup, fromPromise, type SnapshotFrom } from 'xstate'
import { serverWords } from './server-words'

export type EraseTarget = { id: number; email: string }
export type AdminEraseEvent = { type: 'ERASE_REQUESTED'; target: EraseTarget } | { type: 'CONFIRM' } | { type: 'CANCEL' }

export const adminEraseMessages = {
  erased: (email: string) => `${email} has been erased from the waitlist.`,
  failed: 'The erasure did not go through. Nothing was erased; please try again.',
} as const

export const adminEraseMachine = setup({
  types: {} as { context: { target: EraseTarget | null; message: string }; events: AdminEraseEvent; tags: 'busy' },
  actors: {
    eraseSignup: fromPromise<void, EraseTarget>(async () => undefined),
  },
  actions: {
    setTarget: assign(({ event }) => {
      assertEvent(event, 'ERASE_REQUESTED')
      return { target: event.target, message: '' }
    }),
    showErased: assign(({ context }) => ({ message: adminEraseMessages.erased(context.target?.email ?? '') })),
    showFailed: assign(({ event }) => ({ message: serverWords(event, adminEraseMessages.failed) })),
    clear: assign({ target: null, message: '' }),
    /** Tells the table and the totals to reload (the view provides it). */
    announceErased: () => {},
  },
}).createMachine({
  id: 'adminErase',
  context: { target: null, message: '' },
  initial: 'idle',
  states: {
    idle: { description: 'Nothing is being erased.', on: { ERASE_REQUESTED: { target: 'confirming', actions: 'setTarget' } } },
    confirming: {
      description: 'Asks to confirm, naming the person; nothing is erased yet.',
      on: { CONFIRM: 'erasing', CANCEL: { target: 'idle', actions: 'clear' } },
    },
    erasing: {
      description: 'One erase request.',
      tags: 'busy',
      invoke: {
        id: 'eraseSignup',
        src: 'eraseSignup',
        input: ({ context }) => context.target!,
        onDone: { target: 'erased', actions: ['showErased', 'announceErased'] },
        onError: { target: 'failed', actions: 'showFailed' },
      },
    },
    erased: {
      description: 'Done; says who was erased.',
      on: { ERASE_REQUESTED: { target: 'confirming', actions: 'setTarget' }, CANCEL: { target: 'idle', actions: 'clear' } },
    },
    failed: { description: 'The request failed; nothing was erased.', on: { CONFIRM: 'erasing', CANCEL: { target: 'idle', actions: 'clear' } } },
  },
})

export type AdminEraseSnapshot = SnapshotFrom<typeof adminEraseMachine>
export type AdminEraseStateName = keyof typeof adminEraseMachine.root.states
