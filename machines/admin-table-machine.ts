// The signups table, at a million people as at ten (issue 35). Every query (search, sort, page) goes to the
// server; `loading` runs one request at a time (a new query re-enters `loading`, which stops the old request and
// aborts its fetch), then the table is `loaded`, `empty` (nobody matches) or `failed` with a way to retry. The
// last good answer stays on screen while the next page loads.
// Pages move by keyset: NEXT_PAGE and PREVIOUS_PAGE send the cursor the last answer ended or began with, and are
// refused at either end (no cursor), so a page deep in the list costs what the first does. FIRST_PAGE, LAST_PAGE
// and GO_TO_PAGE jump by number alone, which the server reads from whichever end is nearer. A new search or sort
// starts again at page 1 with no cursor.
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate'
import { signupPageSize, type SignupPage, type SignupQuery, type SignupSort } from '../shared/console-api'

export type AdminTableEvent =
  | { type: 'SEARCH'; search: string }
  | { type: 'SORT'; sort: SignupSort }
  | { type: 'NEXT_PAGE' }
  | { type: 'PREVIOUS_PAGE' }
  | { type: 'FIRST_PAGE' }
  | { type: 'LAST_PAGE' }
  | { type: 'GO_TO_PAGE'; page: number }
  | { type: 'RELOAD' }

export const firstQuery: SignupQuery = { search: '', sort: 'createdAt', direction: 'desc', page: 1, pageSize: signupPageSize }
/** What the table shows before the first answer: nobody, page 1, no cursors. */
export const noSignups: SignupPage = { rows: [], total: 0, page: 1, cursors: { before: null, after: null }, scope: { kind: 'everyone' } }

type Context = {
  /** The query the last request asked (its cursor included), which RELOAD asks again. */
  query: SignupQuery
  /** The last good answer: its rows, how many match, its page number, its cursors and what the search looked through. */
  shown: SignupPage
}

/** How many pages the matches fill (at least one, so that "page 1 of 1" reads right when nobody matches). */
export const pageCount = ({ query, shown }: Context) => Math.max(1, Math.ceil(shown.total / query.pageSize))

/** The query at page `page`, by number alone. */
const jumpTo = (query: SignupQuery, page: number): SignupQuery => ({ ...query, page, after: undefined, before: undefined })

export const adminTableMachine = setup({
  types: {} as { context: Context; events: AdminTableEvent | DoneActorEvent<SignupPage, 'fetchSignups'>; tags: 'busy' },
  actors: {
    fetchSignups: fromPromise<SignupPage, SignupQuery>(async () => noSignups),
  },
  actions: {
    setSearch: assign(({ context, event }) => {
      assertEvent(event, 'SEARCH')
      return { query: { ...jumpTo(context.query, 1), search: event.search.trim() } }
    }),
    // Sorting by the same column again turns the order round; a new column starts with the natural order.
    setSort: assign(({ context, event }) => {
      if (event.type !== 'SORT') return {}
      const direction = context.query.sort === event.sort ? (context.query.direction === 'asc' ? 'desc' : 'asc') : event.sort === 'createdAt' ? 'desc' : 'asc'
      return { query: { ...jumpTo(context.query, 1), sort: event.sort, direction } }
    }),
    followNext: assign(({ context }) => ({
      query: { ...context.query, page: context.shown.page + 1, after: context.shown.cursors.after ?? undefined, before: undefined },
    })),
    followPrevious: assign(({ context }) => ({
      query: { ...context.query, page: context.shown.page - 1, before: context.shown.cursors.before ?? undefined, after: undefined },
    })),
    jumpToFirst: assign(({ context }) => ({ query: jumpTo(context.query, 1) })),
    jumpToLast: assign(({ context }) => ({ query: jumpTo(context.query, pageCount(context)) })),
    jumpToPage: assign(({ context, event }) => {
      assertEvent(event, 'GO_TO_PAGE')
      return { query: jumpTo(context.query, event.page) }
    }),
    showPage: assign(({ event }) => (event.type === 'xstate.done.actor.fetchSignups' ? { shown: event.output } : {})),
  },
  guards: {
    hasRows: ({ event }) => event.type === 'xstate.done.actor.fetchSignups' && event.output.rows.length > 0,
    hasNextPage: ({ context }) => context.shown.cursors.after !== null,
    hasPreviousPage: ({ context }) => context.shown.cursors.before !== null,
    isPastFirstPage: ({ context }) => context.shown.page > 1,
    isBeforeLastPage: ({ context }) => context.shown.page < pageCount(context),
    isPageInRange: ({ context, event }) => event.type === 'GO_TO_PAGE' && Number.isInteger(event.page) && event.page >= 1 && event.page <= pageCount(context),
  },
}).createMachine({
  id: 'adminTable',
  context: { query: firstQuery, shown: noSignups },
  initial: 'loading',
  on: {
    SEARCH: { target: '.loading', reenter: true, actions: 'setSearch' },
    SORT: { target: '.loading', reenter: true, actions: 'setSort' },
    RELOAD: { target: '.loading', reenter: true },
  },
  states: {
    loading: {
      description: 'One request for the current search, sort and page; the last page stays on screen and the pager waits.',
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
      description: 'A page of signups, the total that match ("page 2 of 40,000"), and, for a part of an address or a name, how many people the search looked through.',
      on: {
        NEXT_PAGE: { guard: 'hasNextPage', target: 'loading', actions: 'followNext' },
        PREVIOUS_PAGE: { guard: 'hasPreviousPage', target: 'loading', actions: 'followPrevious' },
        FIRST_PAGE: { guard: 'isPastFirstPage', target: 'loading', actions: 'jumpToFirst' },
        LAST_PAGE: { guard: 'isBeforeLastPage', target: 'loading', actions: 'jumpToLast' },
        GO_TO_PAGE: { guard: 'isPageInRange', target: 'loading', actions: 'jumpToPage' },
      },
    },
    empty: { description: 'Nobody matches (or nobody has signed up yet), with how many people a partial search looked through.' },
    failed: { description: 'The request failed; the table offers to try again.', on: { RELOAD: 'loading' } },
  },
})

export type AdminTableSnapshot = SnapshotFrom<typeof adminTableMachine>
export type AdminTableStateName = keyof typeof adminTableMachine.root.states
