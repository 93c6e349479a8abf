// One person's page in the console (issue 47): everything held about them, fetched once. `loading`, then `loaded`;
// `notFound` when the server holds no such person (never was, or erased before the page opened); `failed` when the
// record could not be read, with RETRY. An erasure made from the page (admin-erase-machine.ts) ends in `erased`,
// which keeps no record: the page then says who was erased, and nothing else of them.
import { assign, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate'
import type { PersonRecord } from '../shared/person-record'

/** The record, or null when the server holds no such person (a 404). */
export type FetchedPerson = PersonRecord | null

export type AdminPersonEvent = { type: 'RETRY' } | { type: 'RELOAD' } | { type: 'ERASED' } | DoneActorEvent<FetchedPerson, 'fetchPerson'>

type Context = { personId: number; person: PersonRecord | null; erasedEmail: string }

export const adminPersonMachine = setup({
  types: {} as { context: Context; input: { personId: number }; events: AdminPersonEvent; tags: 'busy' },
  actors: {
    fetchPerson: fromPromise<FetchedPerson, { personId: number }>(async () => null),
  },
  actions: {
    showPerson: assign(({ event }) => (event.type === 'xstate.done.actor.fetchPerson' ? { person: event.output } : {})),
    dropRecord: assign({ person: null }),
    forgetPerson: assign(({ context }) => ({ person: null, erasedEmail: context.person?.signup.email ?? '' })),
  },
  guards: {
    isFound: ({ event }) => event.type === 'xstate.done.actor.fetchPerson' && event.output !== null,
  },
}).createMachine({
  id: 'adminPerson',
  context: ({ input }) => ({ personId: input.personId, person: null, erasedEmail: '' }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the record.',
      tags: 'busy',
      invoke: {
        id: 'fetchPerson',
        src: 'fetchPerson',
        input: ({ context }) => ({ personId: context.personId }),
        onDone: [{ guard: 'isFound', target: 'loaded', actions: 'showPerson' }, { target: 'notFound', actions: 'dropRecord' }],
        onError: 'failed',
      },
    },
    loaded: {
      description: 'The record on screen; RELOAD reads it again (after a change made from the page, such as a lift).',
      on: { ERASED: { target: 'erased', actions: 'forgetPerson' }, RELOAD: 'loading' },
    },
    notFound: { description: 'No such person: never was, or erased already.' },
    failed: { description: 'The record could not be read; RETRY asks again.', on: { RETRY: 'loading' } },
    erased: { description: 'Erased from this page: nothing of them is kept on screen but who it was.', type: 'final' },
  },
})

export type AdminPersonSnapshot = SnapshotFrom<typeof adminPersonMachine>
export type AdminPersonStateName = keyof typeof adminPersonMachine.root.states
