// The Overview's figures (issue 47), fetched together: the totals, the outbox and the 90-day chart (signups and
// referrals), and beside them what the Overview adds when it can read it: the setup checklist, the last 30 days'
// funnel from the analytics, and the waves under way. `loading`, then `ready` or `failed` (with a retry); a part
// that could not be read is null and the Overview says so in its place, so one slow part never hides the totals.
// RELOAD (after an erasure, or a change of the invitation link) fetches again and keeps the old figures on screen
// meanwhile. The audit log pages on its own (admin-audit-machine.ts).
import { assign, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate'
import type { FunnelRow } from '../shared/analytics'
import type { ConsoleSummary } from '../shared/console-api'
import type { WavesOverview } from '../shared/launch-rows'
import { recordOf } from '../shared/record-of'
import type { SetupReply } from '../shared/setup'
import { storedStatuses } from '../shared/stored-statuses'
import type { SendRates } from '../shared/update-rows'

/** The last days' funnel, from the analytics report's total row, and its sources with the most signups
 * (shared/analytics.ts). */
export type OverviewFunnel = { days: number; enabled: boolean; exact: boolean; total: FunnelRow; sources: FunnelRow[] }
/** The Overview's figures: the summary, and each added part or null where it could not be read. */
export type AdminSummary = ConsoleSummary & {
  setup: SetupReply | null
  funnel: OverviewFunnel | null
  waves: Pick<WavesOverview, 'waves' | 'pace' | 'ready' | 'waiting'> | null
  /** Every update's bounce and complaint rates (issue 49); null when they could not be read, absent before. */
  sendRates?: SendRates | null
}

export const adminSummaryMachine = setup({
  types: {} as { context: { summary: AdminSummary | null }; events: { type: 'RELOAD' } | DoneActorEvent<AdminSummary, 'fetchSummary'>; tags: 'busy' },
  actors: {
    fetchSummary: fromPromise<AdminSummary>(async () => ({
      totals: { all: 0, ...recordOf(storedStatuses, () => 0) },
      outbox: { waiting: 0, oldestSeconds: null },
      perDay: [],
      bySource: [],
      referrals: { perDay: [], credited: 0, held: 0, refused: 0 },
      setup: null,
      funnel: null,
      waves: null,
    })),
  },
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
    ready: { description: 'Totals, trend, funnel, sends, setup and chart on screen.' },
    failed: { description: 'The figures could not be loaded; RELOAD tries again.' },
  },
})

export type AdminSummarySnapshot = SnapshotFrom<typeof adminSummaryMachine>
