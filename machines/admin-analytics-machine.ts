// The console's "Where signups come from" (issue 32): the visits, the signups that followed them and how far those
// signups went, over the last 7, 30 or 90 UTC days (shared/analytics.ts AnalyticsReport), one report per range.
// `loading`, then `ready` or `failed`. CHOOSE_RANGE asks for another range from any state: it re-enters `loading`,
// which stops the request for the range before (and aborts its fetch), so a late answer never shows under the wrong
// range. RELOAD asks for the same range again: a refresh in `ready`, a retry in `failed`. The report on screen stays
// while the next one loads. No button is ever disabled or taken away under the team's hands: the one just pressed
// keeps the keyboard's focus, and the live region says which range loads and which is shown.
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate'
import { defaultAnalyticsRange, type AnalyticsRange, type AnalyticsReport } from '../shared/analytics'

export type AdminAnalyticsEvent = { type: 'CHOOSE_RANGE'; days: AnalyticsRange } | { type: 'RELOAD' }

/** What the live region says in each state, so that a person on a screen reader hears the range load or fail. */
export const adminAnalyticsMessages = {
  loading: (days: AnalyticsRange) => `Loading the last ${days} days…`,
  showing: (days: AnalyticsRange, { from, to }: Pick<AnalyticsReport, 'from' | 'to'>) => `Showing the last ${days} days: ${from} to ${to} (UTC).`,
  failed: 'The visits could not be loaded.',
} as const

type Context = {
  /** The range asked for last, which the buttons show as pressed. */
  days: AnalyticsRange
  /** The last report that arrived (it says which days it covers); null until the first. */
  report: AnalyticsReport | null
}

const notProvided = () => Promise.reject(new Error('The view provides this request.'))

export const adminAnalyticsMachine = setup({
  types: {} as { context: Context; events: AdminAnalyticsEvent | DoneActorEvent<AnalyticsReport, 'fetchReport'>; tags: 'busy' },
  actors: { fetchReport: fromPromise<AnalyticsReport, { days: AnalyticsRange }>(notProvided) },
  actions: {
    setRange: assign(({ event }) => (assertEvent(event, 'CHOOSE_RANGE'), { days: event.days })),
    showReport: assign(({ event }) => (assertEvent(event, 'xstate.done.actor.fetchReport'), { report: event.output })),
  },
  guards: {
    // The range on screen or on its way is not asked for twice; Refresh and Try again ask again on purpose.
    isOtherRange: ({ context, event }) => event.type === 'CHOOSE_RANGE' && event.days !== context.days,
  },
}).createMachine({
  id: 'adminAnalytics',
  context: { days: defaultAnalyticsRange, report: null },
  initial: 'loading',
  on: { CHOOSE_RANGE: { guard: 'isOtherRange', target: '.loading', reenter: true, actions: 'setRange' } },
  states: {
    loading: {
      description: 'Fetching the report for the range chosen; the report before, if any, stays on screen and the live region says which range loads.',
      tags: 'busy',
      invoke: {
        id: 'fetchReport',
        src: 'fetchReport',
        input: ({ context }) => ({ days: context.days }),
        onDone: { target: 'ready', actions: 'showReport' },
        onError: 'failed',
      },
    },
    ready: {
      description: 'The funnel per day and the tables (sources, campaigns, landing pages, pages, referring sites, devices), each with its CSV; a note above them when counting is off (ANALYTICS=off).',
      on: { RELOAD: 'loading' },
    },
    failed: {
      description: 'The report could not be loaded: an alert, and Try again (RELOAD); another range may be chosen too.',
      on: { RELOAD: 'loading' },
    },
  },
})

export type AdminAnalyticsSnapshot = SnapshotFrom<typeof adminAnalyticsMachine>
export type AdminAnalyticsStateName = keyof typeof adminAnalyticsMachine.root.states
