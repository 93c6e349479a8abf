// The Overview's figures (issue 47): the totals, the outbox and the 90-day chart (signups and referrals), and beside
// them what the Overview adds when it can read it: the setup checklist, the last 30 days' funnel from the analytics,
// the waves under way and the updates' rates. Both are asked for at once (`loading`); the figures show the moment
// they come (`ready`), and each added part in its place once the parts are in, so a slow part never holds
// back the totals, the first thing a launch team reads. A part that could not be read is null and the Overview says
// so in its place; the figures that could not be read fail the whole (`failed`, with a retry). RELOAD (after an
// erasure, or a change of the invitation link) asks for both again and keeps the old ones on screen meanwhile. Given
// the figures at the start (their early answer already in when the console's script ran), it shows them at once and
// asks only for the parts. The audit log pages on its own (admin-audit-machine.ts).
import { assign, fromPromise, setup, spawnChild, stopChild, type DoneActorEvent, type SnapshotFrom } from 'xstate'
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
/** What the Overview adds to the figures, each part null where it could not be read. */
export type OverviewParts = {
  setup: SetupReply | null
  funnel: OverviewFunnel | null
  waves: Pick<WavesOverview, 'waves' | 'pace' | 'ready' | 'waiting'> | null
  /** Every update's bounce and complaint rates (issue 49); null when they could not be read, absent before. */
  sendRates?: SendRates | null
}
/** The Overview's figures and its parts together. */
export type AdminSummary = ConsoleSummary & OverviewParts

type Events = { type: 'RELOAD' } | DoneActorEvent<ConsoleSummary, 'fetchSummary'> | DoneActorEvent<OverviewParts, 'fetchParts'>

export const adminSummaryMachine = setup({
  types: {} as {
    context: { summary: ConsoleSummary | null; parts: OverviewParts | null; /** The figures were given at the start, not asked yet. */ given: boolean }
    events: Events
    /** `figures`: the summary already in when the console started (src/admin/main.tsx), shown with nothing asked. */
    input: { figures?: ConsoleSummary }
    tags: 'busy'
  },
  actors: {
    fetchSummary: fromPromise<ConsoleSummary>(async () => ({
      totals: { all: 0, ...recordOf(storedStatuses, () => 0) },
      outbox: { waiting: 0, oldestSeconds: null },
      perDay: [],
      bySource: [],
      referrals: { perDay: [], credited: 0, held: 0, refused: 0 },
    })),
    fetchParts: fromPromise<OverviewParts>(async () => ({ setup: null, funnel: null, waves: null })),
  },
  actions: {
    showSummary: assign(({ event }) => (event.type === 'xstate.done.actor.fetchSummary' ? { summary: event.output } : {})),
    showParts: assign(({ event }) => (event.type === 'xstate.done.actor.fetchParts' ? { parts: event.output } : {})),
    takeGiven: assign({ given: false }),
  },
  guards: { figuresGiven: ({ context }) => context.given },
}).createMachine({
  id: 'adminSummary',
  context: ({ input }) => ({ summary: input?.figures ?? null, parts: null, given: input?.figures !== undefined }),
  initial: 'loading',
  on: {
    RELOAD: { target: '.loading', reenter: true },
    // The parts' call makes each part it could not read null, and never fails; if it did, the parts stay as they were.
    'xstate.done.actor.fetchParts': { actions: 'showParts' },
  },
  states: {
    loading: {
      description: 'Fetching the figures, and the added parts beside them.',
      tags: 'busy',
      // The parts are asked for beside the figures and outlive `loading`: a child of the machine's own, asked anew (the
      // last ask stopped) each time the figures are.
      entry: [stopChild('fetchParts'), spawnChild('fetchParts', { id: 'fetchParts' })],
      // Figures given at the start are shown at once, once: a RELOAD asks for them.
      always: { guard: 'figuresGiven', target: 'ready', actions: 'takeGiven' },
      invoke: { id: 'fetchSummary', src: 'fetchSummary', onDone: { target: 'ready', actions: 'showSummary' }, onError: 'failed' },
    },
    ready: { description: 'Totals, trend, sends and chart on screen; the funnel, checklist and invitations in their places once the parts are in.' },
    failed: { description: 'The figures could not be loaded; RELOAD tries again.' },
  },
})

export type AdminSummarySnapshot = SnapshotFrom<typeof adminSummaryMachine>
