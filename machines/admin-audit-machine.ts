// The console's audit log (issue 35): who signed in, exported, erased, reviewed and invited, a page at a time,
// newest first, as the server pages it by keyset (GET /audit?before=). `loading`, then `ready` or `failed` with a
// retry. OLDER follows the cursor the page ended with (refused on the oldest page), NEWER steps back along the
// cursors followed (refused on the newest). RELOAD (after the team did something) fetches the same page again,
// keeping it on screen meanwhile.
import { assign, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate'
import type { AuditReply } from '../shared/console-api'
import { currentCursor, followed, steppedBack, type CursorTrail } from './cursor-trail'

export type AdminAuditEvent = { type: 'RELOAD' } | { type: 'OLDER' } | { type: 'NEWER' }

type Context = { page: AuditReply; trail: CursorTrail }
const noEntries: AuditReply = { entries: [], older: null }

export const adminAuditMachine = setup({
  types: {} as { context: Context; events: AdminAuditEvent | DoneActorEvent<AuditReply, 'fetchAudit'>; tags: 'busy' },
  actors: { fetchAudit: fromPromise<AuditReply, { before: string | null }>(async () => noEntries) },
  actions: {
    showPage: assign(({ event }) => (event.type === 'xstate.done.actor.fetchAudit' ? { page: event.output } : {})),
    followOlder: assign(({ context }) => ({ trail: followed(context.trail, context.page.older) })),
    stepNewer: assign(({ context }) => ({ trail: steppedBack(context.trail) })),
  },
  guards: {
    hasOlder: ({ context }) => context.page.older !== null,
    hasNewer: ({ context }) => context.trail.length > 0,
  },
}).createMachine({
  id: 'adminAudit',
  context: { page: noEntries, trail: [] },
  initial: 'loading',
  on: { RELOAD: { target: '.loading', reenter: true } },
  states: {
    loading: {
      description: 'Fetching a page of the audit log; the page before stays on screen and the pager waits.',
      tags: 'busy',
      invoke: {
        id: 'fetchAudit',
        src: 'fetchAudit',
        input: ({ context }) => ({ before: currentCursor(context.trail) }),
        onDone: { target: 'ready', actions: 'showPage' },
        onError: 'failed',
      },
    },
    ready: {
      description: 'A page of entries, newest first, with Newer and Older entries when there are more.',
      on: {
        OLDER: { guard: 'hasOlder', target: 'loading', actions: 'followOlder' },
        NEWER: { guard: 'hasNewer', target: 'loading', actions: 'stepNewer' },
      },
    },
    failed: { description: 'The audit log could not be loaded; RELOAD tries again.' },
  },
})

export type AdminAuditSnapshot = SnapshotFrom<typeof adminAuditMachine>
