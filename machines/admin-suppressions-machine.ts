// The console's suppression list (issue 49): the addresses nothing more is sent to, a page at a time, newest first,
// as the server pages them by keyset (GET /suppressions?before=). `loading`, then `ready` or `failed` with a retry.
// OLDER follows the cursor the page ended with, NEWER steps back along the cursors followed, as the audit log's.
// LIFT takes one address off the list (`lifting`, one request): the server's answer is then fetched again, the
// same page, so what shows is the server's word; a refusal stays on screen in the server's words until the next move.
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate'
import type { SuppressionsReply } from '../shared/suppression'
import { currentCursor, followed, steppedBack, type CursorTrail } from './cursor-trail'

export type AdminSuppressionsEvent = { type: 'RELOAD' } | { type: 'OLDER' } | { type: 'NEWER' } | { type: 'LIFT'; email: string }

type Context = {
  page: SuppressionsReply
  trail: CursorTrail
  /** The address just lifted, for the sentence that says so. */
  lifted: string | null
  /** What the server said of the last refused lift. */
  error: string | null
}
const noEntries: SuppressionsReply = { entries: [], older: null }

export const adminSuppressionsMessages = {
  failed: 'The suppression list could not be loaded.',
  refused: 'That address could not be lifted.',
  lifted: (email: string) => `${email} is off the suppression list: it gets email again.`,
} as const

const messageOf = (error: unknown) => (error instanceof Error && error.name === 'ServerMessage' ? error.message : adminSuppressionsMessages.refused)

export const adminSuppressionsMachine = setup({
  types: {} as {
    context: Context
    events: AdminSuppressionsEvent | DoneActorEvent<SuppressionsReply, 'fetchSuppressions'> | DoneActorEvent<void, 'liftSuppression'> | ErrorActorEvent<unknown, 'liftSuppression'>
    tags: 'busy'
  },
  actors: {
    fetchSuppressions: fromPromise<SuppressionsReply, { before: string | null }>(async () => noEntries),
    liftSuppression: fromPromise<void, { email: string }>(async () => {}),
  },
  actions: {
    showPage: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.fetchSuppressions')
      return { page: event.output }
    }),
    followOlder: assign(({ context }) => ({ trail: followed(context.trail, context.page.older), lifted: null, error: null })),
    stepNewer: assign(({ context }) => ({ trail: steppedBack(context.trail), lifted: null, error: null })),
    startLift: assign(({ event }) => {
      assertEvent(event, 'LIFT')
      return { lifted: event.email, error: null }
    }),
    showRefusal: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.liftSuppression')
      return { lifted: null, error: messageOf(event.error) }
    }),
  },
  guards: {
    hasOlder: ({ context }) => context.page.older !== null,
    hasNewer: ({ context }) => context.trail.length > 0,
    isListed: ({ context, event }) => event.type === 'LIFT' && context.page.entries.some((entry) => entry.email === event.email),
  },
}).createMachine({
  id: 'adminSuppressions',
  context: { page: noEntries, trail: [], lifted: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching a page of the list; the page before stays on screen and the pager waits.',
      tags: 'busy',
      invoke: {
        id: 'fetchSuppressions',
        src: 'fetchSuppressions',
        input: ({ context }) => ({ before: currentCursor(context.trail) }),
        onDone: { target: 'ready', actions: 'showPage' },
        onError: 'failed',
      },
    },
    ready: {
      description: 'A page of entries, newest first, each with why, from where, when and in whose words; Lift on each one with an address.',
      on: {
        RELOAD: 'loading',
        OLDER: { guard: 'hasOlder', target: 'loading', actions: 'followOlder' },
        NEWER: { guard: 'hasNewer', target: 'loading', actions: 'stepNewer' },
        LIFT: { guard: 'isListed', target: 'lifting', actions: 'startLift' },
      },
    },
    lifting: {
      description: 'Taking one address off the list; then the same page is fetched again.',
      tags: 'busy',
      invoke: {
        id: 'liftSuppression',
        src: 'liftSuppression',
        input: ({ context }) => ({ email: context.lifted ?? '' }),
        onDone: 'loading',
        onError: { target: 'ready', actions: 'showRefusal' },
      },
    },
    failed: { description: 'The list could not be loaded; RELOAD tries again.', on: { RELOAD: 'loading' } },
  },
})

export type AdminSuppressionsSnapshot = SnapshotFrom<typeof adminSuppressionsMachine>
