// The console's webhooks (issue 33): the endpoints, and one endpoint's delivery log. `loading` fetches the list;
// `ready` shows it; every change the team makes (add, edit the events, turn on or off, delete, rotate the secret,
// send a test) is one request in `changing`, after which the list is fetched again, so what shows is the server's
// word. A secret comes back from an add or a rotation only: it is kept in context until the team says they have
// copied it (DISMISS_SECRET) or makes another change, and never fetched again. The log is a state of its own
// (`loadingLog`) under the same list; a test opens its endpoint's log, and Refresh (RELOAD_LOG) reads it again.
// While a delivery on the page shown still waits to be sent, `ready` reads the page again after `deliveryPoll`
// (`pollingLog`, in the background, buttons working: the team's own press wins and ends the read), so "Waiting to be
// sent" turns into what happened without a press; the log closed or nothing waiting, it stops. An add the server
// took gives a blank add form (`addForm` counts them), so the same URL is not sent twice by a second press. Deleting
// asks first (`confirmingDelete`), since it drops the deliveries still waiting and the log, and cannot be undone;
// once done, the row is gone, so what happened is said in words (`message`) and the keyboard goes there
// (`focusOutcome`, which the view provides), where it would otherwise fall to the page's body.
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate'
import type { WebhookDeliveriesReply, WebhookEndpointsReply } from '../shared/webhook-rows'

/** One change the team asks for, as one request. */
export type WebhookChange =
  | { kind: 'add'; url: string; events: string[] }
  | { kind: 'edit'; id: number; url: string; events: string[] }
  | { kind: 'on' | 'off' | 'rotate' | 'test'; id: number }
  | { kind: 'delete'; id: number }
/** A change sent as it is pressed: a deletion is asked about first (DELETE, then CONFIRM). */
export type DirectChange = Exclude<WebhookChange, { kind: 'delete' }>

/** What a change answers: the endpoint it changed, a secret after an add or a rotation, and whether it was a test. */
export type ChangeDone = { endpointId: number; secret?: string; tested: boolean }

export type AdminWebhooksEvent =
  | { type: 'RELOAD' }
  | { type: 'CHANGE'; change: DirectChange }
  | { type: 'DISMISS_SECRET' }
  | { type: 'OPEN_LOG'; id: number }
  | { type: 'RELOAD_LOG' }
  | { type: 'OLDER_LOG' }
  | { type: 'CLOSE_LOG' }
  | { type: 'DELETE'; id: number; url: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }

type Log = { endpointId: number; page: WebhookDeliveriesReply; before: string | null }

type Context = {
  list: WebhookEndpointsReply | null
  secret: { endpointId: number; secret: string } | null
  log: Log | null
  /** The log asked for next: its endpoint and the cursor of its page (null: the newest). */
  logWanted: { endpointId: number; before: string | null } | null
  /** What the server said of the last refused change. */
  error: string | null
  /** Whether the change on its way is an add. */
  adding: boolean
  /** Which blank add form is on screen: a new one after each add the server took. */
  addForm: number
  /** The endpoint whose deletion is asked about or on its way. */
  deleting: { id: number; url: string } | null
  /** What the last deletion did, in words. */
  message: string | null
}

/** How often an open log with a delivery still waiting is read again. */
export const deliveryPollMs = 2_000
/** Whether a page of the log shows a delivery still waiting to be sent (or to be tried again). */
export const hasWaitingDelivery = (page: WebhookDeliveriesReply) => page.deliveries.some((delivery) => delivery.status === 'pending')

export const adminWebhooksMessages = {
  failed: 'The webhooks could not be loaded.',
  logFailed: 'The delivery log could not be loaded.',
  refused: 'That change could not be made.',
  deleted: (url: string) => `The endpoint ${url} is deleted.`,
} as const

const notProvided = () => Promise.reject(new Error('The view provides this request.'))
const messageOf = (error: unknown) => (error instanceof Error && error.name === 'ServerMessage' ? error.message : adminWebhooksMessages.refused)

/** What the team may do from the list, whether or not a read of the log runs in the background. */
const teamMoves = {
  RELOAD: 'loading',
  CHANGE: { target: 'changing', actions: 'startChange' },
  DISMISS_SECRET: { actions: 'forgetSecret' },
  OPEN_LOG: { target: 'loadingLog', actions: 'wantLog' },
  RELOAD_LOG: { guard: 'hasLog', target: 'loadingLog', actions: 'wantSameLog' },
  OLDER_LOG: { guard: 'hasOlder', target: 'loadingLog', actions: 'wantOlderLog' },
  DELETE: { target: 'confirmingDelete', actions: 'askDelete' },
} as const

/** Reading the log page wanted (`logWanted`), in the foreground (loadingLog) or the background (pollingLog). */
const readingLog = {
  id: 'fetchDeliveries',
  src: 'fetchDeliveries',
  input: ({ context }: { context: Context }) => ({ id: context.logWanted?.endpointId ?? 0, before: context.logWanted?.before ?? null }),
  onDone: { target: 'ready', actions: 'showLog' },
  onError: { target: 'ready', actions: 'showLogFailure' },
} as const

export const adminWebhooksMachine = setup({
  types: {} as {
    context: Context
    events:
      | AdminWebhooksEvent
      | DoneActorEvent<WebhookEndpointsReply, 'fetchEndpoints'>
      | DoneActorEvent<ChangeDone, 'applyChange'>
      | DoneActorEvent<WebhookDeliveriesReply, 'fetchDeliveries'>
      | ErrorActorEvent<unknown, 'applyChange'>
    tags: 'busy'
  },
  delays: { deliveryPoll: deliveryPollMs },
  actors: {
    fetchEndpoints: fromPromise<WebhookEndpointsReply>(notProvided),
    applyChange: fromPromise<ChangeDone, WebhookChange>(notProvided),
    fetchDeliveries: fromPromise<WebhookDeliveriesReply, { id: number; before: string | null }>(notProvided),
  },
  actions: {
    showList: assign(({ event }) => (assertEvent(event, 'xstate.done.actor.fetchEndpoints'), { list: event.output })),
    // Another change hides a secret still on screen: it belongs to the moment it was made.
    startChange: assign(({ event }) => (assertEvent(event, 'CHANGE'), { secret: null, error: null, message: null, adding: event.change.kind === 'add', deleting: null })),
    askDelete: assign(({ event }) => (assertEvent(event, 'DELETE'), { deleting: { id: event.id, url: event.url }, secret: null, error: null, message: null })),
    startDelete: assign({ adding: false }),
    keepEndpoint: assign({ deleting: null }),
    // Its log goes with it: left open, it would be read again for an endpoint that is no more.
    showDeleted: assign(({ context }) => ({
      message: adminWebhooksMessages.deleted(context.deleting?.url ?? ''),
      deleting: null,
      ...([context.log?.endpointId, context.logWanted?.endpointId].includes(context.deleting?.id) ? { log: null, logWanted: null } : {}),
    })),
    blankAddForm: assign(({ context }) => ({ addForm: context.addForm + 1 })),
    keepSecret: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.applyChange')
      const { endpointId, secret } = event.output
      return { secret: secret === undefined ? null : { endpointId, secret } }
    }),
    showRefusal: assign(({ event }) => (assertEvent(event, 'xstate.error.actor.applyChange'), { error: messageOf(event.error), deleting: null })),
    forgetSecret: assign({ secret: null }),
    wantLog: assign(({ event }) => (assertEvent(event, 'OPEN_LOG'), { logWanted: { endpointId: event.id, before: null }, error: null })),
    wantTestedLog: assign(({ event }) => (assertEvent(event, 'xstate.done.actor.applyChange'), { logWanted: { endpointId: event.output.endpointId, before: null } })),
    wantOlderLog: assign(({ context }) => ({ logWanted: context.log && { endpointId: context.log.endpointId, before: context.log.page.older } })),
    wantSameLog: assign(({ context }) => ({ logWanted: context.log && { endpointId: context.log.endpointId, before: context.log.before } })),
    showLog: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.fetchDeliveries')
      return { log: context.logWanted && { endpointId: context.logWanted.endpointId, before: context.logWanted.before, page: event.output } }
    }),
    closeLog: assign({ log: null, logWanted: null }),
    showLogFailure: assign({ error: adminWebhooksMessages.logFailed }),
    /** Puts the keyboard on what the last deletion did (the view provides it). */
    focusOutcome: () => {},
  },
  guards: {
    wasTest: ({ event }) => event.type === 'xstate.done.actor.applyChange' && event.output.tested,
    hasOlder: ({ context }) => context.log?.page.older != null,
    hasLog: ({ context }) => context.log !== null,
    wasAdd: ({ context }) => context.adding,
    wasDelete: ({ context }) => context.deleting !== null,
    isLogWaiting: ({ context }) => context.log !== null && hasWaitingDelivery(context.log.page),
  },
}).createMachine({
  id: 'adminWebhooks',
  context: { list: null, secret: null, log: null, logWanted: null, error: null, adding: false, addForm: 0, deleting: null, message: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the endpoints; the list before, if any, stays on screen.',
      tags: 'busy',
      invoke: { id: 'fetchEndpoints', src: 'fetchEndpoints', onDone: { target: 'ready', actions: 'showList' }, onError: 'failed' },
    },
    failed: {
      description: 'The list could not be loaded: an alert, and Try again.',
      on: { RELOAD: 'loading' },
    },
    ready: {
      description: 'The endpoints, each with its events, whether it is on (and the note when it was turned off), and its buttons; the add form; a new secret once, until dismissed; a log when one is open.',
      after: { deliveryPoll: { guard: 'isLogWaiting', target: 'pollingLog', actions: 'wantSameLog' } },
      on: { ...teamMoves, CLOSE_LOG: { actions: 'closeLog' } },
    },
    pollingLog: {
      description: 'Reading the open log page again in the background, because a delivery on it was waiting; everything stays on screen and every button works.',
      // Closing the log leaves too, so that the read's answer cannot open it again.
      on: { ...teamMoves, CLOSE_LOG: { target: 'ready', actions: 'closeLog' } },
      invoke: readingLog,
    },
    changing: {
      description: 'One change on its way: every button waits. A test opens its endpoint log once queued.',
      tags: 'busy',
      invoke: {
        id: 'applyChange',
        src: 'applyChange',
        input: ({ context, event }): WebhookChange =>
          event.type === 'CONFIRM' ? { kind: 'delete', id: context.deleting?.id ?? 0 } : (assertEvent(event, 'CHANGE'), event.change),
        onDone: [
          { guard: 'wasDelete', target: 'loading', actions: ['showDeleted', 'focusOutcome'] },
          { guard: 'wasTest', target: 'loadingLog', actions: 'wantTestedLog' },
          { guard: 'wasAdd', target: 'loading', actions: ['keepSecret', 'blankAddForm'] },
          { target: 'loading', actions: 'keepSecret' },
        ],
        onError: [
          { guard: 'wasDelete', target: 'ready', actions: ['showRefusal', 'focusOutcome'] },
          { target: 'ready', actions: 'showRefusal' },
        ],
      },
    },
    confirmingDelete: {
      description: 'Asks whether to delete the endpoint named, since its waiting deliveries and its log go with it; the list stays on screen.',
      on: { CONFIRM: { target: 'changing', actions: 'startDelete' }, CANCEL: { target: 'ready', actions: 'keepEndpoint' } },
    },
    loadingLog: {
      description: 'Fetching a page of one endpoint log, newest first; the page before stays on screen.',
      tags: 'busy',
      invoke: readingLog,
    },
  },
})

export type AdminWebhooksSnapshot = SnapshotFrom<typeof adminWebhooksMachine>
export type AdminWebhooksStateName = keyof typeof adminWebhooksMachine.root.states
