// The life of one update's sending to the list (issue 31), as the endpoint keeps it in the database
// (server/features/updates/). An update is a draft until the team sends it, now or at a time; its audience is
// taken, once, when the sending starts, and its emails leave paced, one person at a time. The team may pause it,
// resume it and cancel it; it is done when every person's email has gone or been skipped. The store never moves
// a sending by itself: it asks this machine which moves are allowed (sendMove in
// server/features/updates/update-sends.ts), so the chart below is the rule, and the console's buttons follow it.
import { setup, transition } from 'xstate'
import type { UpdateSendState } from '../shared/stored-statuses'

export type { UpdateSendState }

export type UpdateSendEvent =
  /** The team's words change (or the draft is deleted): only a draft's. */
  | { type: 'EDIT' }
  | { type: 'SEND_NOW' }
  | { type: 'SCHEDULE' }
  /** A scheduled send taken back before its time: a draft again. */
  | { type: 'UNSCHEDULE' }
  /** A scheduled send's time came. */
  | { type: 'START' }
  | { type: 'PAUSE' }
  | { type: 'RESUME' }
  | { type: 'CANCEL' }
  /** Every person's email has gone, been refused or been skipped. */
  | { type: 'FINISH' }

export const updateSendMachine = setup({
  types: { events: {} as UpdateSendEvent },
  actions: {
    // Named so the store can see what each move does; the store does it, in the move's transaction.
    saveWords: () => {},
    takeAudience: () => {},
    withdrawWaiting: () => {},
    restartPace: () => {},
    skipTheRest: () => {},
  },
}).createMachine({
  id: 'updateSend',
  initial: 'draft',
  states: {
    draft: {
      description: 'Words the team is writing: saved, previewed and tested, never sent to the list. Only a draft can be edited or deleted.',
      on: {
        EDIT: { actions: 'saveWords' },
        SEND_NOW: { target: 'sending', actions: 'takeAudience' },
        SCHEDULE: 'scheduled',
      },
    },
    scheduled: {
      description: 'To be sent at the time the team chose, to the audience they chose, as it stands then. Its words can no longer change; taken back, it is a draft again.',
      on: {
        UNSCHEDULE: 'draft',
        START: { target: 'sending', actions: 'takeAudience' },
        CANCEL: 'cancelled',
      },
    },
    sending: {
      description:
        'Emails leave at the update’s rate, one person at a time, each once. Someone who unsubscribes or is erased before their turn is skipped. Any instance carries it on after a restart.',
      on: {
        PAUSE: { target: 'paused', actions: 'withdrawWaiting' },
        CANCEL: { target: 'cancelled', actions: ['withdrawWaiting', 'skipTheRest'] },
        FINISH: 'done',
      },
    },
    paused: {
      description: 'Nothing more leaves (an email already handed to the mail server still arrives). Resumed, the rest leave at the same rate from then.',
      on: {
        RESUME: { target: 'sending', actions: 'restartPace' },
        CANCEL: { target: 'cancelled', actions: 'skipTheRest' },
      },
    },
    done: {
      description: 'Every person in the audience got the update, was refused by their mail server, or was skipped (and why). The record stays.',
      type: 'final',
    },
    cancelled: {
      description: 'Stopped for good by the team: nobody not reached yet will get it. The record of those who did stays.',
      type: 'final',
    },
  },
})

export type SendAction = 'saveWords' | 'takeAudience' | 'withdrawWaiting' | 'restartPace' | 'skipTheRest'

/** Where an event takes a sending in `state`, and what the move does; undefined when the machine ignores it. */
export function sendMove(state: UpdateSendState, event: UpdateSendEvent): { to: UpdateSendState; actions: SendAction[] } | undefined {
  const from = updateSendMachine.resolveState({ value: state, context: undefined })
  if (!from.can(event)) return undefined
  const [next, actions] = transition(updateSendMachine, from, event)
  return { to: next.value as UpdateSendState, actions: actions.map((action) => action.type as SendAction) }
}

/** The states from which an event moves a sending (each event here has one target). */
export function sendMovesFrom(event: UpdateSendEvent): UpdateSendState[] {
  return (Object.keys(updateSendMachine.root.states) as UpdateSendState[]).filter((state) => sendMove(state, event) !== undefined)
}
