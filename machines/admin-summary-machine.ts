// The totals, the outbox, the 90-day chart (signups and referrals), the sources and the audit log, fetched together: `loading`, then `ready` or `failed`
// (with a retry). RELOAD (after an erasure) fetches again and keeps the old figures on screen meanwhile.
import { assign, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate'
import type { ReferralSummary } from '../shared/console-rows'

export type AdminTotals = { all: number; pending: number; confirmed: number; invited: number; claimed: number; expired: number; unsubscribed: number }
export type AdminAuditEntry = { at: string; actor: string; action: string; detail: string }
/** The outbox: emails not sent yet, and how long ago the oldest was queued (null when none waits). */
export type AdminOutbox = { waiting: number; oldestSeconds: number | null }
export type AdminSummary = {
  totals: AdminTotals
  outbox: AdminOutbox
  perDay: { day: string; count: number }[]
  bySource: { source: string; count: number }[]
  /** Confirmed signups that came through a share link, per day, and the referral decisions so far (issue 21). */
  referrals: ReferralSummary
  audit: AdminAuditEntry[]
}

export const adminSummaryMachine = setup({
  types: {} as { context: { summary: AdminSummary | null }; events: { type: 'RELOAD' } | DoneActorEvent<AdminSummary, 'fetchSummary'>; tags: 'busy' },
  actors: { fetchSummary: fromPromise<AdminSummary>(async () => ({
      totals: { all: 0, pending: 0, confirmed: 0, invited: 0, claimed: 0, expired: 0, unsubscribed: 0 },
      outbox: { waiting: 0, oldestSeconds: null },
      perDay: [],
      bySource: [],
      referrals: { perDay: [], credited: 0, held: 0, refused: 0 },
      audit: [],
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
