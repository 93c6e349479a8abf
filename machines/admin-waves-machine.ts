// The console's invitations (issue 22): the waves so far with their funnel, the daily pace, and inviting the
// next people in line. The overview is fetched first (`loading`, then `ready` or `failed`). Nobody is invited
// from what the team has not seen: PREVIEW asks who the next N are (`previewing`) and shows them (`reviewing`);
// CONFIRM starts the wave naming the first person shown, so that if another tab or a colleague took those people
// meanwhile the server refuses (409 list-changed): the waves are fetched again (`catchingUp`: theirs among them),
// then the new head of the line, which is shown instead.
// A wave may take only the next in line whose answers match every rule of a cohort (issue 52): PREVIEW carries the
// rules, each with one answer or more, and the preview and the send both name them; the preview says how many match.
// A wave by the rules that started says so, and emits RULES_USED, so that the view clears them: the next wave is the
// next in line again unless the team adds rules anew.
// Setting or stopping the pace and sending a wave's expired invitations again are one request each. Every change
// ends in `loading`, whether it went through or not: the figures have moved, or the refusal came from stale ones.
import { assertEvent, assign, emit, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate'
import { counted } from '../shared/figures'
import type { AnswerMatch } from '../shared/questions'
import { askWaveCount, noFunnel, nobodyWaiting, type CohortNextUp, type NextUp, type Pace, type PaceRequest, type WaveRefusal, type WaveRequest, type WaveRow, type WavesOverview } from '../shared/launch-rows'
import { invitationRules, isTimeOfDay } from '../shared/rules'
import type { RulesUsed } from './admin-cohort-machine'

export type AdminWavesEvent =
  | { type: 'RELOAD' }
  | { type: 'RETRY' }
  | { type: 'PREVIEW'; count: number; match?: AnswerMatch[] }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | ({ type: 'SET_PACE' } & PaceRequest)
  | { type: 'STOP_PACE' }
  | { type: 'AGAIN'; waveId: number }

/** What the invoked actors answer, typed by XState (their done and error events, by invoke id). */
type ActorReply =
  | DoneActorEvent<WavesOverview, 'fetchWaves'>
  | DoneActorEvent<NextUp | CohortNextUp, 'fetchNextUp'>
  | DoneActorEvent<WaveRow, 'startWave'>
  | DoneActorEvent<WaveRow, 'inviteAgain'>
  | DoneActorEvent<Pace, 'setPace'>
  | ErrorActorEvent<unknown, 'fetchNextUp' | 'startWave' | 'inviteAgain' | 'setPace' | 'stopPace'>
type Event = AdminWavesEvent | ActorReply

export const adminWavesMessages = {
  nobodyWaiting,
  badCount: (most: number) => (most === 0 ? nobodyWaiting : askWaveCount(most)),
  listChanged: 'The list changed since you looked: here is who is next now.',
  incompleteRule: 'Choose one answer or more in each rule, or remove the rule.',
  started: (wave: WaveRow, byAnswers: boolean) =>
    `Invited ${counted(wave.funnel.invited, 'person', 'people')}${byAnswers ? ' whose answers match the rules' : ''} in wave #${wave.id}.`,
  sentAgain: (wave: WaveRow) => `Sent ${counted(wave.funnel.invited, 'expired invitation', 'expired invitations')} again in wave #${wave.id}.`,
  badPace: 'Say how many people a day (a whole number from 1 up) and a time of day.',
  paceSet: (pace: Pace) =>
    `From now on ${counted(pace.perDay, 'person', 'people')} a day will be invited at ${pace.atUtc} UTC, until the pace is stopped or nobody is waiting.`,
  paceStopped: 'The pace is stopped: nobody more will be invited each day.',
  loadFailed: 'The invitations could not be loaded.',
  previewFailed: 'Who is next could not be loaded. Please try again.',
  // Without an answer the change may or may not have happened: the overview is fetched again to tell.
  changeFailed: 'The server did not answer. The figures have been fetched again: check them before trying again.',
} as const

const listChanged: WaveRefusal = 'list-changed'
const noOverview: WavesOverview = { waves: [], total: noFunnel, pace: null, paceEnded: null, waiting: 0, ready: false, lifetimeDays: 0 }
const notProvided = () => Promise.reject(new Error('The view provides this request.'))

/** The most a wave may take now: everyone waiting, up to the server's limit on one wave. */
const mostToInvite = (overview: WavesOverview | null) => Math.min(overview?.waiting ?? 0, invitationRules.maxWave)
const isWholeBetween = (value: number, least: number, most: number) => Number.isInteger(value) && value >= least && value <= most
const isCountWithin = (count: number, overview: WavesOverview | null) => isWholeBetween(count, 1, mostToInvite(overview))
const errorOf = (event: Event) => ('error' in event ? event.error : undefined)
/** The server's own words when it gave a reason (admin-api-client.ts's ServerMessage), else the fallback. */
const serverWords = (event: Event, fallback: string) => {
  const error = errorOf(event)
  return error instanceof Error && error.name === 'ServerMessage' ? error.message : fallback
}

/** The one line under the heading: what went through, or what did not. */
const said = (message: string) => ({ message, error: '' })
const refused = (error: string) => ({ message: '', error })
const quiet = { message: '', error: '' }

type Context = {
  overview: WavesOverview | null
  count: number
  /** The cohort's rules of the preview asked for (none: the next in line); the send names the same. */
  match: AnswerMatch[]
  nextUp: NextUp | CohortNextUp | null
  paceAsked: PaceRequest | null
  againWaveId: number | null
  /** What went through (role="status"). */
  message: string
  /** What did not, or needs a second look (role="alert"). */
  error: string
}

/** Where a refused or failed change goes: the figures are fetched again, with the reason on screen. */
const changeFailed = { target: 'loading', actions: 'showChangeFailed' } as const
const paceSet = { target: 'loading', actions: 'showPaceSet' } as const

export const adminWavesMachine = setup({
  types: {} as { context: Context; events: Event; tags: 'busy'; emitted: RulesUsed },
  actors: {
    fetchWaves: fromPromise<WavesOverview>(async () => noOverview),
    fetchNextUp: fromPromise<NextUp | CohortNextUp, { count: number; match: AnswerMatch[] }>(async () => ({ people: [], count: 0, waiting: 0 })),
    startWave: fromPromise<WaveRow, WaveRequest>(notProvided),
    inviteAgain: fromPromise<WaveRow, { waveId: number }>(notProvided),
    setPace: fromPromise<Pace, PaceRequest>(notProvided),
    stopPace: fromPromise<void>(async () => undefined),
  },
  actions: {
    showOverview: assign(({ event }) => (event.type === 'xstate.done.actor.fetchWaves' ? { overview: event.output } : {})),
    setCount: assign(({ event }) => {
      assertEvent(event, 'PREVIEW')
      return { count: event.count, match: event.match ?? [], nextUp: null, ...quiet }
    }),
    refuseCount: assign(({ context, event }) => {
      assertEvent(event, 'PREVIEW')
      return refused(isCountWithin(event.count, context.overview) ? adminWavesMessages.incompleteRule : adminWavesMessages.badCount(mostToInvite(context.overview)))
    }),
    // The preview's count of who is waiting is newer than the overview's: the count guard goes by it. A cohort's
    // preview counts who match, not who wait.
    showNextUp: assign(({ context, event }) => {
      if (event.type !== 'xstate.done.actor.fetchNextUp') return {}
      if ('matching' in event.output) return { nextUp: event.output }
      return { nextUp: event.output, overview: context.overview && { ...context.overview, waiting: event.output.waiting } }
    }),
    showPreviewFailed: assign(({ event }) => ({ nextUp: null, ...refused(serverWords(event, adminWavesMessages.previewFailed)) })),
    clearPreview: assign({ nextUp: null, ...quiet }),
    showStarted: assign(({ context, event }) =>
      event.type === 'xstate.done.actor.startWave' ? { nextUp: null, ...said(adminWavesMessages.started(event.output, context.match.length > 0)) } : {},
    ),
    showListChanged: assign({ nextUp: null, ...refused(adminWavesMessages.listChanged) }),
    showChangeFailed: assign(({ event }) => ({ nextUp: null, ...refused(serverWords(event, adminWavesMessages.changeFailed)) })),
    setPaceAsked: assign(({ event }) => {
      assertEvent(event, 'SET_PACE')
      return { paceAsked: { perDay: event.perDay, atUtc: event.atUtc }, ...quiet }
    }),
    refusePace: assign(refused(adminWavesMessages.badPace)),
    showPaceSet: assign(({ event }) => (event.type === 'xstate.done.actor.setPace' ? said(adminWavesMessages.paceSet(event.output)) : {})),
    clearMessages: assign(quiet),
    showPaceStopped: assign(said(adminWavesMessages.paceStopped)),
    setAgain: assign(({ event }) => {
      assertEvent(event, 'AGAIN')
      return { againWaveId: event.waveId, ...quiet }
    }),
    showSentAgain: assign(({ event }) => (event.type === 'xstate.done.actor.inviteAgain' ? said(adminWavesMessages.sentAgain(event.output)) : {})),
    /** Moves focus to the preview's heading once it shows (the view provides it). */
    focusPreview: () => {},
    /** Gives focus back to the count field when the preview closes (the view provides it). */
    focusCountField: () => {},
    /** Tells the figures and the table to reload: people's statuses changed (the view provides it). */
    announceInvited: () => {},
    /** A wave by the rules started: the view clears them (the cohort's CLEAR). */
    announceRulesUsed: emit({ type: 'RULES_USED' } as const),
  },
  guards: {
    isReady: ({ context }) => context.overview?.ready === true,
    isByAnswers: ({ context }) => context.match.length > 0,
    isCountAllowed: ({ context, event }) =>
      event.type === 'PREVIEW' && context.overview?.ready === true && isCountWithin(event.count, context.overview) && (event.match ?? []).every((rule) => rule.choices.length > 0),
    // A member who may not see people is shown no one of a cohort, only how many: the send names its rules instead.
    hasPeople: ({ context }) => (context.nextUp?.count ?? 0) > 0 && ((context.nextUp?.people.length ?? 0) > 0 || (context.nextUp !== null && 'matching' in context.nextUp)),
    isListChanged: ({ event }) => {
      const error = errorOf(event)
      return error instanceof Error && 'code' in error && error.code === listChanged
    },
    isPaceAllowed: ({ context, event }) =>
      event.type === 'SET_PACE' && context.overview?.ready === true && isWholeBetween(event.perDay, 1, invitationRules.maxWave) && isTimeOfDay(event.atUtc),
    hasPace: ({ context }) => context.overview?.pace != null,
    hasExpired: ({ context, event }) =>
      event.type === 'AGAIN' && context.overview?.ready === true && context.overview.waves.some((wave) => wave.id === event.waveId && wave.funnel.expired > 0),
  },
}).createMachine({
  id: 'adminWaves',
  context: { overview: null, count: 0, match: [], nextUp: null, paceAsked: null, againWaveId: null, message: '', error: '' },
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the waves and their funnel, the pace and how many are waiting; what was on screen stays.',
      tags: 'busy',
      on: { RELOAD: { target: 'loading', reenter: true } },
      invoke: { id: 'fetchWaves', src: 'fetchWaves', onDone: { target: 'ready', actions: 'showOverview' }, onError: 'failed' },
    },
    ready: {
      description: 'How many are waiting, "Invite the next N", the pace form and the funnel per wave; without INVITE_URL, a note and no controls.',
      on: {
        PREVIEW: [{ guard: 'isCountAllowed', target: 'previewing', actions: 'setCount' }, { guard: 'isReady', actions: 'refuseCount' }],
        SET_PACE: [{ guard: 'isPaceAllowed', target: 'savingPace', actions: 'setPaceAsked' }, { guard: 'isReady', actions: 'refusePace' }],
        STOP_PACE: { guard: 'hasPace', target: 'stoppingPace', actions: 'clearMessages' },
        AGAIN: { guard: 'hasExpired', target: 'sendingAgain', actions: 'setAgain' },
        RELOAD: 'loading',
      },
    },
    previewing: {
      description: 'Asking who the next N are; nobody is invited.',
      tags: 'busy',
      invoke: {
        id: 'fetchNextUp',
        src: 'fetchNextUp',
        input: ({ context }) => ({ count: context.count, match: context.match }),
        onDone: { target: 'reviewing', actions: 'showNextUp' },
        onError: { target: 'ready', actions: 'showPreviewFailed' },
      },
    },
    reviewing: {
      description: 'The people the wave would take, in order with their place, with "Invite these N people" and Cancel; or that nobody is waiting.',
      entry: 'focusPreview',
      on: {
        CONFIRM: { guard: 'hasPeople', target: 'starting' },
        CANCEL: { target: 'ready', actions: ['clearPreview', 'focusCountField'] },
        PREVIEW: [{ guard: 'isCountAllowed', target: 'previewing', actions: 'setCount' }, { guard: 'isReady', actions: 'refuseCount' }],
      },
    },
    starting: {
      description: 'One request to invite the people shown, naming the first of them; the buttons wait.',
      tags: 'busy',
      invoke: {
        id: 'startWave',
        src: 'startWave',
        input: ({ context }) => ({
          count: context.nextUp!.count,
          ...(context.nextUp!.people[0] ? { firstId: context.nextUp!.people[0].id } : {}),
          ...(context.match.length > 0 ? { match: context.match } : {}),
        }),
        onDone: [
          { guard: 'isByAnswers', target: 'loading', actions: ['showStarted', 'announceRulesUsed', 'announceInvited', 'focusCountField'] },
          { target: 'loading', actions: ['showStarted', 'announceInvited', 'focusCountField'] },
        ],
        // Someone else started a wave since the preview: show who is next now, never invite blindly.
        onError: [
          { guard: 'isListChanged', target: 'catchingUp', actions: ['showListChanged', 'announceInvited'] },
          { target: 'loading', actions: ['showChangeFailed', 'focusCountField'] },
        ],
      },
    },
    catchingUp: {
      description: 'Another wave took the people shown: fetching the waves again (theirs among them), then who is next now.',
      tags: 'busy',
      invoke: { id: 'fetchWaves', src: 'fetchWaves', onDone: { target: 'previewing', actions: 'showOverview' }, onError: 'failed' },
    },
    // Each change is one request, and ends by fetching the figures again, whether it went through or not.
    savingPace: {
      description: 'One request to set the daily pace.',
      tags: 'busy',
      invoke: { id: 'setPace', src: 'setPace', input: ({ context }) => context.paceAsked!, onDone: paceSet, onError: changeFailed },
    },
    stoppingPace: {
      description: 'One request to stop the daily pace.',
      tags: 'busy',
      invoke: { id: 'stopPace', src: 'stopPace', onDone: { target: 'loading', actions: 'showPaceStopped' }, onError: changeFailed },
    },
    sendingAgain: {
      description: 'One request to invite again, as a new wave, the people whose invitation from that wave expired.',
      tags: 'busy',
      invoke: {
        id: 'inviteAgain',
        src: 'inviteAgain',
        input: ({ context }) => ({ waveId: context.againWaveId! }),
        onDone: { target: 'loading', actions: ['showSentAgain', 'announceInvited'] },
        onError: changeFailed,
      },
    },
    failed: { description: 'The invitations could not be loaded; RETRY (or RELOAD) tries again.', on: { RETRY: 'loading', RELOAD: 'loading' } },
  },
})

export type AdminWavesSnapshot = SnapshotFrom<typeof adminWavesMachine>
export type AdminWavesStateName = keyof typeof adminWavesMachine.root.states
