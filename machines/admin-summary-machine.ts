// The totals, the outbox, the 90-day chart (signups and referrals) and the sources, fetched together: `loading`, then
// `ready` or `failed` (with a retry). RELOAD (after an erasure) fetches again and keeps the old figures on screen
// meanwhile. The audit log pages on its own (admin-audit-machine.ts).
import { assign, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate'
import type { ConsoleSummary } from '../shared/console-api'
import { recordOf } from '../shared/record-of'
import { storedStatuses } from '../shared/stored-statuses'

/** The front page's figures. */
export type AdminSummary = ConsoleSummary

export const adminSummaryMachine = setup({
  types: {} as { context: { summary: AdminSummary | null }; events: { type: 'RELOAD' } | DoneActorEvent<AdminSummary, 'fetchSummary'>; tags: 'busy' },
  actors: { fetchSummary: fromPromise<AdminSummary>(async () => ({
      totals: { all: 0, ...recordOf(storedStatuses, () => 0) },
      outbox: { waiting: 0, oldestSeconds: null },
      perDay: [],
      bySource: [],
      referrals: { perDay: [], credited: 0, held: 0, refused: 0 },
    })) },
  actions: { showSummary: assign(({ event }) => (event.type === 'xstate.done.actor.fetchSummary' ? { summary: event.output } : {})) },
}).createMachine({
  id: 'adminSummary',
  context: { summary: null },
  initial: 'loading',
  on: { RELOAD: { target: '.loading', reenter: true } },
  states: {
    loading: {
      description: 'Fetching the figures.',
      tags: 'busy',
      invoke: { id: 'fetchSummary', src: 'fetchSummary', onDone: { target: 'ready', actions: 'showSummary' }, onError: 'failed' },
    },
    ready: { description: 'Totals, chart and sources on screen.' },
    failed: { description: 'The figures could not be loaded; RELOAD tries again.' },
  },
})

export type AdminSummarySnapshot = SnapshotFrom<typeof adminSummaryMachine>
