// Lifting one address off the suppression list from a person's page (issue 49): `idle`, then `lifting` (one
// request), then `idle` again with `announceLifted` (the page provides it: it reads the person again, so what shows
// is the server's word), or `failed` with the server's words, from which LIFT tries again.
import { assertEvent, assign, fromPromise, setup, type ErrorActorEvent, type SnapshotFrom } from 'xstate'

export type AdminLiftEvent = { type: 'LIFT'; email: string }

type Context = { email: string; error: string | null }

export const adminLiftMessages = { refused: 'That address could not be lifted.' } as const

const messageOf = (error: unknown) => (error instanceof Error && error.name === 'ServerMessage' ? error.message : adminLiftMessages.refused)

export const adminLiftMachine = setup({
  types: {} as { context: Context; events: AdminLiftEvent | ErrorActorEvent<unknown, 'liftSuppression'>; tags: 'busy' },
  actors: { liftSuppression: fromPromise<void, { email: string }>(async () => {}) },
  actions: {
    startLift: assign(({ event }) => {
      assertEvent(event, 'LIFT')
      return { email: event.email, error: null }
    }),
    showRefusal: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.liftSuppression')
      return { error: messageOf(event.error) }
    }),
    announceLifted: () => {},
  },
  guards: { hasEmail: ({ event }) => event.type === 'LIFT' && event.email !== '' },
}).createMachine({
  id: 'adminLift',
  context: { email: '', error: null },
  initial: 'idle',
  states: {
    idle: { description: 'Nothing asked yet, or the last lift done.', on: { LIFT: { guard: 'hasEmail', target: 'lifting', actions: 'startLift' } } },
    lifting: {
      description: 'Taking the address off the list.',
      tags: 'busy',
      invoke: {
        id: 'liftSuppression',
        src: 'liftSuppression',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'idle', actions: 'announceLifted' },
        onError: { target: 'failed', actions: 'showRefusal' },
      },
    },
    failed: { description: 'The lift was refused: the server’s words, and Lift again.', on: { LIFT: { guard: 'hasEmail', target: 'lifting', actions: 'startLift' } } },
  },
})

export type AdminLiftSnapshot = SnapshotFrom<typeof adminLiftMachine>
