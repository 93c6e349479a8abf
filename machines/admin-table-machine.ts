// The signups table. Every query (search, sort, page) goes to the server; `loading` runs one request at a
// time (a new query re-enters `loading`, which stops the old request and aborts its fetch), then the table
// is `loaded`, `empty` (nobody matches) or `failed` with a way to retry. The rows of the last good answer
// stay on screen while the next page loads.
import { assign, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate'
import { signupPageSize, type SignupPage, type SignupQuery, type SignupSort } from '../shared/console-api'
import type { ConsoleSignupRow } from '../shared/console-rows'

export type AdminTableEvent =
  | { type: 'SEARCH'; search: string }
  | { type: 'SORT'; sort: SignupSort }
  | { type: 'PAGE'; page: number }
  | { type: 'RELOAD' }

export const adminTableMessages = { failed: 'The signups could not be loaded.' } as const
export const firstQuery: SignupQuery = { search: '', sort: 'createdAt', direction: 'desc', page: 1, pageSize: signupPageSize }

/** The request's answer, typed by XState as the done event of the invoked `fetchSignups`. */
type SignupsFetched = DoneActorEvent<SignupPage, 'fetchSignups'>

export const adminTableMachine = setup({
  types: {} as { context: { query: SignupQuery; rows: ConsoleSignupRow[]; total: number }; events: AdminTableEvent | SignupsFetched; tags: 'busy' },
  actors: {
    fetchSignups: fromPromise<SignupPage, SignupQuery>(async () => ({ rows: [], total: 0 })),
  },
  actions: {
    setSearch: assign(({ context, event }) => (event.type === 'SEARCH' ? { query: { ...context.query, search: event.search.trim(), page: 1 } } : {})),
    // Sorting by the same column again turns the order round; a new column starts with the natural order.
    setSort: assign(({ context, event }) => {
      if (event.type !== 'SORT') return {}
      const direction = context.query.sort === event.sort ? (context.query.direction === 'asc' ? 'desc' : 'asc') : event.sort === 'createdAt' ? 'desc' : 'asc'
      return { query: { ...context.query, sort: event.sort, direction, page: 1 } }
    }),
    setPage: assign(({ context, event }) => (event.type === 'PAGE' ? { query: { ...context.query, page: event.page } } : {})),
    showPage: assign(({ event }) => (event.type === 'xstate.done.actor.fetchSignups' ? event.output : {})),
  },
  guards: {
    hasRows: ({ event }) => event.type === 'xstate.done.actor.fetchSignups' && event.output.rows.length > 0,
    isPageInRange: ({ context, event }) =>
      event.type === 'PAGE' && event.page >= 1 && event.page <= Math.max(1, Math.ceil(context.total / context.query.pageSize)),
  },
}).createMachine({
  id: 'adminTable',
  context: { query: firstQuery, rows: [], total: 0 },
  initial: 'loading',
  on: {
    SEARCH: { target: '.loading', reenter: true, actions: 'setSearch' },
    SORT: { target: '.loading', reenter: true, actions: 'setSort' },
    RELOAD: { target: '.loading', reenter: true },
  },
  states: {
    loading: {
      description: 'One request for the current search, sort and page.',
      tags: 'busy',
      invoke: {
        id: 'fetchSignups',
        src: 'fetchSignups',
        input: ({ context }) => context.query,
        onDone: [{ guard: 'hasRows', target: 'loaded', actions: 'showPage' }, { target: 'empty', actions: 'showPage' }],
        onError: 'failed',
      },
    },
    loaded: {
      description: 'A page of signups, with the total that match.',
      on: { PAGE: { guard: 'isPageInRange', target: 'loading', actions: 'setPage' } },
    },
    empty: { description: 'Nobody matches (or nobody has signed up yet).' },
    failed: { description: 'The request failed; the table offers to try again.', on: { RELOAD: 'loading' } },
  },
})

export type AdminTableSnapshot = SnapshotFrom<typeof adminTableMachine>
export type AdminTableStateName = keyof typeof adminTableMachine.root.states
