// The console's updates to the list (issue 31): the updates so far with where each stands, writing a draft, and
// sending it. The list is fetched first (`loading`, then `list` or `failed`). A draft opens in `writing`, where
// the words live in the context until SAVE stores them; previewing, testing and sending work on the words the
// server holds, so they wait until nothing is unsaved. Sending asks how many each audience holds now (`counting`),
// then the audience, the time and the rate (`choosing`), then a last look that repeats the audience and its count
// (`confirmingSend`). An update that is no longer a draft shows its record (`watching`), fetched again every few
// seconds while it is scheduled or sending; which of Pause, Resume, Unschedule and Cancel it offers is the server's
// own rule (sendMove in update-send-machine.ts). A refusal because the update moved meanwhile (409 wrong-state:
// another tab, a colleague, the send finishing) fetches it again (`opening`) and shows where it stands now; one
// that says the update is gone (404) goes back to the list. The preview of a draft is fetched by itself when it is
// opened and after each save (`refreshingPreview`, in the background, the editor working), so it stands beside the
// editor without a press (issue 47); words typed since are the editor's until saved, and the view says so.
// A send may go only to those of the audience whose answers match every rule (issue 52): REVIEW_SEND then carries
// the rules, and before the last look the server counts who match (`countingMatch`), in its own words ("fewer than
// 5" to a member who may not see people); a send it refuses as too small a cohort comes back to `choosing` with its
// words. A send by the rules that went out says so, and emits RULES_USED, so that the view clears them: the next
// update starts with none rather than going to the same cohort unasked. Without rules nothing of this happens.
import { and, assertEvent, assign, emit, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate'
import { counted, figure } from '../shared/figures'
import {
  audienceWords,
  maxSendsPerSecond,
  type AudiencesReply,
  type CohortAudiencesReply,
  type SendRequest,
  type UpdateAudience,
  type UpdateDraft,
  type UpdateInput,
  type UpdatePreview,
  type UpdateRefusal,
  type UpdateSummary,
  type UpdateTestReply,
} from '../shared/update-rows'
import type { AnswerMatch } from '../shared/questions'
import type { RulesUsed } from './admin-cohort-machine'
import { sendMove, type UpdateSendEvent, type UpdateSendState } from './update-send-machine'

/** The moves of a sending the team asks for, each one request (POST /updates/:id/<move>). */
export type SendMoveName = 'pause' | 'resume' | 'unschedule' | 'cancel'
/** The console's event for each move. */
export const sendMoveOf = { PAUSE: 'pause', RESUME: 'resume', UNSCHEDULE: 'unschedule', CANCEL_SEND: 'cancel' } as const satisfies Record<string, SendMoveName>
const sendEvents: Record<SendMoveName, UpdateSendEvent> = {
  pause: { type: 'PAUSE' },
  resume: { type: 'RESUME' },
  unschedule: { type: 'UNSCHEDULE' },
  cancel: { type: 'CANCEL' },
}

/** What the team asks of a send before the last look: the time is an ISO instant (the view turns its local time into one), null for now. */
export type SendAsked = { audience: UpdateAudience; at: string | null; perSecond: number | null; match?: AnswerMatch[] }

export type AdminUpdatesEvent =
  | { type: 'RELOAD' }
  | { type: 'RETRY' }
  | { type: 'NEW' }
  | { type: 'OPEN'; id: number }
  | { type: 'CLOSE' }
  | { type: 'EDIT'; field: keyof UpdateInput; value: string }
  | { type: 'SAVE' }
  | { type: 'PREVIEW' }
  | { type: 'TEST' }
  | { type: 'PREPARE_SEND' }
  | ({ type: 'REVIEW_SEND' } & SendAsked)
  | { type: 'CONFIRM' }
  | { type: 'BACK' }
  | { type: 'DELETE' }
  | { type: 'PAUSE' }
  | { type: 'RESUME' }
  | { type: 'UNSCHEDULE' }
  | { type: 'CANCEL_SEND' }

type ActorReply =
  | DoneActorEvent<UpdateSummary[], 'fetchUpdates'>
  | DoneActorEvent<UpdateDraft, 'fetchUpdate' | 'saveUpdate' | 'startSend' | 'moveSend'>
  | DoneActorEvent<UpdatePreview, 'fetchPreview'>
  | DoneActorEvent<UpdateTestReply, 'sendTest'>
  | DoneActorEvent<AudiencesReply, 'fetchAudiences'>
  | DoneActorEvent<CohortAudiencesReply, 'fetchMatchCounts'>
  | DoneActorEvent<void, 'deleteUpdate'>
  | ErrorActorEvent<unknown>
type Event = AdminUpdatesEvent | ActorReply

const people = (count: number) => counted(count, 'person', 'people')

export const adminUpdatesMessages = {
  loadFailed: 'The updates could not be loaded.',
  openFailed: 'That update could not be loaded. Please try again.',
  saved: 'Saved.',
  saveFailed: 'The draft could not be saved. Your words are still here: please try again.',
  previewFailed: 'The preview could not be loaded. Please try again.',
  testSent: (to: string) => `A test is on its way to ${to}.`,
  testWaiting: (to: string) => `A test to ${to} is already on its way: it will carry these words.`,
  testFailed: 'The test could not be sent. Please try again.',
  countsFailed: 'How many each audience holds could not be loaded. Please try again.',
  nobody: (audience: UpdateAudience) => `Nobody is in “${audienceWords[audience]}” now: choose another audience.`,
  badTime: 'Choose a time in the future, or send now.',
  incompleteRule: 'Choose one answer or more in each rule, or remove the rule.',
  matchFailed: 'How many match the rules could not be counted. Please try again.',
  nobodyMatches: (audience: UpdateAudience) => `Nobody in “${audienceWords[audience]}” matches every rule now: change the rules or the audience.`,
  badRate: `Say how many emails a second: a whole number from 1 to ${figure(maxSendsPerSecond)}, or leave it empty for the usual rate.`,
  started: (update: UpdateDraft) => {
    const byAnswers = update.send?.match !== undefined
    return update.send?.state === 'scheduled'
      ? `Scheduled: it starts at the time you chose, to ${byAnswers ? 'the people of the audience whose answers match the rules' : 'the audience'} as it stands then.`
      : `Sending to ${people(update.send?.record.audience ?? 0)}${byAnswers ? ' whose answers match the rules' : ''}.`
  },
  moved: {
    pause: 'Paused: nothing more leaves until it is resumed.',
    resume: 'Resumed.',
    unschedule: 'Unscheduled: it is a draft again.',
    cancel: 'Cancelled: nobody not reached yet will get it.',
  } satisfies Record<SendMoveName, string>,
  finished: 'Sent: every email has gone, been refused by its mail server, or been skipped. The record says which.',
  deleted: 'The draft is deleted.',
  deleteFailed: 'The draft could not be deleted. Please try again.',
  gone: 'That update is gone (it may have been deleted in another tab): here is the list as it is now.',
  moveFailed: 'The server did not answer. The update has been fetched again: check where it stands before trying again.',
  refreshFailed: 'The record could not be refreshed; it will be tried again in a moment.',
} as const

/** How often the record of a scheduled or sending update is fetched again. */
export const recordPollMs = 3_000

const blank: UpdateInput = { subject: '', preheader: '', body: '' }
const notProvided = () => Promise.reject(new Error('The view provides this request.'))
const wordsOf = ({ subject, preheader, body }: UpdateInput): UpdateInput => ({ subject, preheader, body })
const sameWords = (a: UpdateInput, b: UpdateInput) => a.subject === b.subject && a.preheader === b.preheader && a.body === b.body
const errorOf = (event: Event) => ('error' in event ? event.error : undefined)
const codeOf = (event: Event) => {
  const error = errorOf(event)
  return error instanceof Error && 'code' in error ? (error.code as UpdateRefusal) : undefined
}
/** The server's own words when it gave a reason (admin-api-client.ts's ServerMessage), else the fallback. */
const serverWords = (event: Event, fallback: string) => {
  const error = errorOf(event)
  return error instanceof Error && error.name === 'ServerMessage' ? error.message : fallback
}
const said = (message: string) => ({ message, error: '', refusedLink: '' })
const refused = (error: string, refusedLink = '') => ({ message: '', error, refusedLink })
const isWhole = (value: number, least: number, most: number) => Number.isInteger(value) && value >= least && value <= most

type Context = {
  updates: UpdateSummary[] | null
  /** The update open as the server last told it; null for a new one not saved yet. */
  update: UpdateDraft | null
  openId: number | null
  /** The words in the editor, saved or not. */
  input: UpdateInput
  preview: UpdatePreview | null
  audiences: AudiencesReply | null
  sendAsked: SendAsked | null
  /** How many of each audience match the send's rules, as the server words it; null without rules. */
  matchCounts: CohortAudiencesReply | null
  move: SendMoveName | null
  /** What went through (role="status"). */
  message: string
  /** What did not (role="alert"), and the link a refused save named. */
  error: string
  refusedLink: string
}

const opened = (update: UpdateDraft) => ({ update, openId: update.id, input: wordsOf(update) })
const moves = {
  PAUSE: { guard: 'isMoveAllowed', target: 'moving', actions: 'setMove' },
  RESUME: { guard: 'isMoveAllowed', target: 'moving', actions: 'setMove' },
  UNSCHEDULE: { guard: 'isMoveAllowed', target: 'moving', actions: 'setMove' },
  CANCEL_SEND: { guard: 'isMoveAllowed', target: 'confirmingCancel', actions: ['setMove', 'focusConfirm'] },
  CLOSE: { target: 'loading', actions: ['forgetUpdate', 'clearMessages', 'focusList'] },
} as const
/** Refusals every change of an open update can get: gone (404) back to the list, moved meanwhile (409) fetched again. */
const gone = { guard: 'isNotFound', target: 'loading', actions: ['forgetUpdate', 'showGone', 'focusList'] } as const
const movedMeanwhile = { guard: 'isWrongState', target: 'opening', actions: 'showServerWords' } as const

/** What the team may do in the editor, whether or not its preview is being fetched in the background. */
const editing = {
  EDIT: { actions: 'setField' },
  SAVE: { guard: 'hasUnsavedWords', target: 'saving', actions: 'clearMessages' },
  PREVIEW: { guard: 'isSavedDraft', target: 'previewing', actions: 'clearMessages' },
  TEST: { guard: 'isSavedDraft', target: 'testing', actions: 'clearMessages' },
  PREPARE_SEND: { guard: 'isSavedDraft', target: 'counting', actions: 'clearMessages' },
  DELETE: { guard: 'isStoredDraft', target: 'confirmingDelete', actions: ['clearMessages', 'focusConfirm'] },
  CLOSE: moves.CLOSE,
} as const

export const adminUpdatesMachine = setup({
  types: {} as { context: Context; events: Event; tags: 'busy'; emitted: RulesUsed },
  actors: {
    fetchUpdates: fromPromise<UpdateSummary[]>(async () => []),
    fetchUpdate: fromPromise<UpdateDraft, { id: number }>(notProvided),
    saveUpdate: fromPromise<UpdateDraft, { id: number | null; input: UpdateInput }>(notProvided),
    fetchPreview: fromPromise<UpdatePreview, { id: number }>(notProvided),
    sendTest: fromPromise<UpdateTestReply, { id: number }>(notProvided),
    fetchAudiences: fromPromise<AudiencesReply>(notProvided),
    fetchMatchCounts: fromPromise<CohortAudiencesReply, { match: AnswerMatch[] }>(notProvided),
    startSend: fromPromise<UpdateDraft, { id: number; request: SendRequest }>(notProvided),
    moveSend: fromPromise<UpdateDraft, { id: number; move: SendMoveName }>(notProvided),
    deleteUpdate: fromPromise<void, { id: number }>(notProvided),
  },
  delays: { recordPoll: recordPollMs },
  actions: {
    showList: assign(({ event }) => (assertEvent(event, 'xstate.done.actor.fetchUpdates'), { updates: event.output })),
    startNew: assign({ update: null, openId: null, input: blank, preview: null, audiences: null, sendAsked: null, message: '', error: '', refusedLink: '' }),
    setOpenId: assign(({ event }) => (assertEvent(event, 'OPEN'), { openId: event.id, preview: null, audiences: null, sendAsked: null, ...said('') })),
    forgetUpdate: assign({ update: null, openId: null, input: blank, preview: null, audiences: null, sendAsked: null }),
    // What the poll found moved is said in the live region too, not only in the heading: a person waiting for the end
    // of a send hears it end. A move by someone else (another tab, a colleague) is said the same way.
    showProgress: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.fetchUpdate')
      const was = context.update?.send?.state ?? 'draft'
      const now = event.output.send?.state ?? 'draft'
      const words: Record<UpdateSendState, string | null> = {
        // A poll never finds an update scheduled anew: only the team schedules, and from a draft, which is not polled.
        scheduled: null,
        draft: adminUpdatesMessages.moved.unschedule,
        sending: adminUpdatesMessages.started(event.output),
        paused: adminUpdatesMessages.moved.pause,
        done: adminUpdatesMessages.finished,
        cancelled: adminUpdatesMessages.moved.cancel,
      }
      return was === now || words[now] === null ? {} : said(words[now])
    }),
    showUpdate: assign(({ event }) => (assertEvent(event, ['xstate.done.actor.fetchUpdate', 'xstate.done.actor.moveSend']), opened(event.output))),
    // The preview stays, as the saved draft's: the next save fetches it again, and the view says it is older than the words.
    setField: assign(({ context, event }) => (assertEvent(event, 'EDIT'), { input: { ...context.input, [event.field]: event.value } })),
    clearMessages: assign(said('')),
    showSaved: assign(({ event }) => (assertEvent(event, 'xstate.done.actor.saveUpdate'), { ...opened(event.output), ...said(adminUpdatesMessages.saved) })),
    showSaveRefused: assign(({ event }) => {
      const error = errorOf(event)
      const link = error instanceof Error && 'link' in error && typeof error.link === 'string' ? error.link : ''
      return refused(serverWords(event, adminUpdatesMessages.saveFailed), link)
    }),
    showPreview: assign(({ event }) => (assertEvent(event, 'xstate.done.actor.fetchPreview'), { preview: event.output, ...said('') })),
    // A preview fetched by itself leaves what was said (“Saved.”) as it was.
    showFreshPreview: assign(({ event }) => (assertEvent(event, 'xstate.done.actor.fetchPreview'), { preview: event.output })),
    showPreviewFailed: assign(({ event }) => refused(serverWords(event, adminUpdatesMessages.previewFailed))),
    showTestSent: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.sendTest')
      const { to, queued } = event.output
      return said(queued ? adminUpdatesMessages.testSent(to) : adminUpdatesMessages.testWaiting(to))
    }),
    showTestFailed: assign(({ event }) => refused(serverWords(event, adminUpdatesMessages.testFailed))),
    showAudiences: assign(({ event }) => (assertEvent(event, 'xstate.done.actor.fetchAudiences'), { audiences: event.output })),
    showCountsFailed: assign(({ event }) => refused(serverWords(event, adminUpdatesMessages.countsFailed))),
    setSendAsked: assign(({ event }) => {
      assertEvent(event, 'REVIEW_SEND')
      const match = event.match && event.match.length > 0 ? { match: event.match } : {}
      return { sendAsked: { audience: event.audience, at: event.at, perSecond: event.perSecond, ...match }, matchCounts: null, ...said('') }
    }),
    refuseSend: assign(({ context, event }) => {
      assertEvent(event, 'REVIEW_SEND')
      if (context.audiences?.counts[event.audience] === 0) return refused(adminUpdatesMessages.nobody(event.audience))
      if (event.match?.some((rule) => rule.choices.length === 0)) return refused(adminUpdatesMessages.incompleteRule)
      return refused(event.perSecond !== null && !isWhole(event.perSecond, 1, maxSendsPerSecond) ? adminUpdatesMessages.badRate : adminUpdatesMessages.badTime)
    }),
    showStarted: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.startSend')
      return { ...opened(event.output), sendAsked: null, ...said(adminUpdatesMessages.started(event.output)) }
    }),
    showMatchCounts: assign(({ event }) => (assertEvent(event, 'xstate.done.actor.fetchMatchCounts'), { matchCounts: event.output })),
    showNobodyMatches: assign(({ context }) => refused(context.sendAsked ? adminUpdatesMessages.nobodyMatches(context.sendAsked.audience) : '')),
    showMatchFailed: assign(({ event }) => refused(serverWords(event, adminUpdatesMessages.matchFailed))),
    showCohortRefused: assign(({ event }) => refused(serverWords(event, adminUpdatesMessages.moveFailed))),
    showNobody: assign(({ context }) => refused(context.sendAsked ? adminUpdatesMessages.nobody(context.sendAsked.audience) : '')),
    setMove: assign(({ event }) => {
      assertEvent(event, ['PAUSE', 'RESUME', 'UNSCHEDULE', 'CANCEL_SEND'])
      return { move: sendMoveOf[event.type], ...said('') }
    }),
    showMoved: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.moveSend')
      return { ...opened(event.output), move: null, ...said(context.move ? adminUpdatesMessages.moved[context.move] : '') }
    }),
    showMoveFailed: assign(({ event }) => ({ move: null, ...refused(serverWords(event, adminUpdatesMessages.moveFailed)) })),
    showRefreshFailed: assign(refused(adminUpdatesMessages.refreshFailed)),
    showDeleted: assign(said(adminUpdatesMessages.deleted)),
    showDeleteFailed: assign(({ event }) => refused(serverWords(event, adminUpdatesMessages.deleteFailed))),
    showGone: assign(refused(adminUpdatesMessages.gone)),
    showServerWords: assign(({ event }) => ({ move: null, ...refused(serverWords(event, adminUpdatesMessages.moveFailed)) })),
    showLoadFailed: assign(({ event }) => refused(serverWords(event, adminUpdatesMessages.loadFailed))),
    showOpenFailed: assign(({ event }) => refused(serverWords(event, adminUpdatesMessages.openFailed))),
    // Where focus goes after each step (the view provides them): the editor's first field, the preview's heading,
    // the send form's heading, a confirmation's heading, the record's heading, or the list's heading.
    focusEditor: () => {},
    focusPreview: () => {},
    focusSendForm: () => {},
    focusConfirm: () => {},
    focusRecord: () => {},
    focusList: () => {},
    /** Tells the audit log to reload: something was written, tested, sent, moved or deleted (the view provides it). */
    announceChange: () => {},
    /** A send by the rules went out: the view clears them (the cohort's CLEAR). */
    announceRulesUsed: emit({ type: 'RULES_USED' } as const),
  },
  guards: {
    isDraft: ({ event }) =>
      'output' in event && typeof event.output === 'object' && event.output !== null && 'send' in event.output && event.output.send === null,
    hasUnsavedWords: ({ context }) => context.update === null || !sameWords(context.update, context.input),
    /** A stored draft whose words are all saved: what the preview, the test and the send will use. */
    isSavedDraft: ({ context }) => context.update?.send === null && sameWords(context.update, context.input),
    isStoredDraft: ({ context }) => context.update?.send === null,
    isSendAllowed: ({ context, event }) => {
      assertEvent(event, 'REVIEW_SEND')
      const count = context.audiences?.counts[event.audience] ?? 0
      const at = event.at === null ? null : Date.parse(event.at)
      const answered = (event.match ?? []).every((rule) => rule.choices.length > 0)
      return count > 0 && answered && (at === null || at > Date.now()) && (event.perSecond === null || isWhole(event.perSecond, 1, maxSendsPerSecond))
    },
    hasRules: ({ event }) => (assertEvent(event, 'REVIEW_SEND'), (event.match ?? []).length > 0),
    isNobodyMatching: ({ context, event }) =>
      (assertEvent(event, 'xstate.done.actor.fetchMatchCounts'), context.sendAsked !== null && event.output.counts[context.sendAsked.audience] === 0),
    // A send by answers the server refuses (too small a cohort for the member, or rules no question offers now).
    isCohortRefused: ({ context, event }) => codeOf(event) === 'invalid' && context.sendAsked?.match !== undefined,
    isMoveAllowed: ({ context, event }) => {
      assertEvent(event, ['PAUSE', 'RESUME', 'UNSCHEDULE', 'CANCEL_SEND'])
      const send = context.update?.send
      return send != null && sendMove(send.state, sendEvents[sendMoveOf[event.type]]) !== undefined
    },
    /** A scheduled update may start, and a sending one moves, any moment: their record is fetched again. */
    isUnderway: ({ context }) => context.update?.send?.state === 'sending' || context.update?.send?.state === 'scheduled',
    isNotFound: ({ event }) => codeOf(event) === 'not-found',
    // Only a stored update can have moved on: a new draft's save is never fetched back by an id it does not have.
    isWrongState: ({ context, event }) => codeOf(event) === 'wrong-state' && context.openId !== null,
    isNobody: ({ event }) => codeOf(event) === 'nobody',
    isByAnswers: ({ context }) => context.sendAsked?.match !== undefined,
  },
}).createMachine({
  id: 'adminUpdates',
  context: {
    updates: null,
    update: null,
    openId: null,
    input: blank,
    preview: null,
    audiences: null,
    sendAsked: null,
    matchCounts: null,
    move: null,
    message: '',
    error: '',
    refusedLink: '',
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the updates and where each stands; what was on screen stays.',
      tags: 'busy',
      invoke: {
        id: 'fetchUpdates',
        src: 'fetchUpdates',
        onDone: { target: 'list', actions: 'showList' },
        onError: { target: 'failed', actions: 'showLoadFailed' },
      },
    },
    failed: { description: 'The updates could not be loaded; RETRY (or RELOAD) tries again.', on: { RETRY: 'loading', RELOAD: 'loading' } },
    list: {
      description: 'The updates, the last edited first, each with where it stands (draft, scheduled, sending, paused, sent, cancelled), and "Write an update".',
      on: {
        NEW: { target: 'writing', actions: ['startNew', 'focusEditor'] },
        OPEN: { target: 'opening', actions: 'setOpenId' },
        RELOAD: 'loading',
      },
    },
    opening: {
      description: 'Fetching one update: a draft opens in the editor, any other shows its record.',
      tags: 'busy',
      invoke: {
        id: 'fetchUpdate',
        src: 'fetchUpdate',
        input: ({ context }) => ({ id: context.openId! }),
        onDone: [
          { guard: 'isDraft', target: 'refreshingPreview', actions: ['showUpdate', 'focusEditor'] },
          { target: 'watching', actions: ['showUpdate', 'focusRecord'] },
        ],
        onError: [gone, { target: 'loading', actions: ['forgetUpdate', 'showOpenFailed', 'focusList'] }],
      },
    },
    writing: {
      description:
        'The editor: subject, preheader and the body in Markdown, with the link rule beside it and a refused link named, and the saved draft’s preview beside it (light and dark, and the text); Save, Preview again, Send a test to myself, Send… and Delete, once nothing is unsaved.',
      on: editing,
    },
    refreshingPreview: {
      description: 'The saved draft’s preview fetched by itself after the draft was opened or saved; the editor and its buttons work meanwhile, and any of them ends the fetch.',
      on: editing,
      invoke: {
        id: 'fetchPreview',
        src: 'fetchPreview',
        input: ({ context }) => ({ id: context.update!.id }),
        onDone: { target: 'writing', actions: 'showFreshPreview' },
        onError: [gone, { target: 'writing', actions: 'showPreviewFailed' }],
      },
    },
    saving: {
      description: 'One request that stores the words (a new draft, or the open one edited); the editor keeps them whatever the answer.',
      tags: 'busy',
      invoke: {
        id: 'saveUpdate',
        src: 'saveUpdate',
        input: ({ context }) => ({ id: context.update?.id ?? null, input: context.input }),
        onDone: { target: 'refreshingPreview', actions: ['showSaved', 'announceChange'] },
        onError: [gone, movedMeanwhile, { target: 'writing', actions: 'showSaveRefused' }],
      },
    },
    previewing: {
      description: 'Fetching the email as the list would get it, both parts.',
      tags: 'busy',
      invoke: {
        id: 'fetchPreview',
        src: 'fetchPreview',
        input: ({ context }) => ({ id: context.update!.id }),
        onDone: { target: 'writing', actions: ['showPreview', 'focusPreview'] },
        onError: [gone, { target: 'writing', actions: 'showPreviewFailed' }],
      },
    },
    testing: {
      description: 'One request for a test to the signed-in team member’s own address.',
      tags: 'busy',
      invoke: {
        id: 'sendTest',
        src: 'sendTest',
        input: ({ context }) => ({ id: context.update!.id }),
        onDone: { target: 'writing', actions: ['showTestSent', 'announceChange'] },
        onError: [gone, { target: 'writing', actions: 'showTestFailed' }],
      },
    },
    counting: {
      description: 'Asking how many each audience holds now.',
      tags: 'busy',
      invoke: {
        id: 'fetchAudiences',
        src: 'fetchAudiences',
        onDone: { target: 'choosing', actions: ['showAudiences', 'focusSendForm'] },
        onError: { target: 'writing', actions: 'showCountsFailed' },
      },
    },
    choosing: {
      description:
        'Each audience with how many it holds now, Now or At a time (the team member’s local time), and an optional rate; Review, or Back to the editor.',
      on: {
        REVIEW_SEND: [
          { guard: and(['isSendAllowed', 'hasRules']), target: 'countingMatch', actions: 'setSendAsked' },
          { guard: 'isSendAllowed', target: 'confirmingSend', actions: ['setSendAsked', 'focusConfirm'] },
          { actions: 'refuseSend' },
        ],
        BACK: { target: 'writing', actions: ['clearMessages', 'focusEditor'] },
      },
    },
    countingMatch: {
      description: 'Asking how many of each audience match every rule now, before the last look.',
      tags: 'busy',
      invoke: {
        id: 'fetchMatchCounts',
        src: 'fetchMatchCounts',
        input: ({ context }) => ({ match: context.sendAsked!.match! }),
        onDone: [
          { guard: 'isNobodyMatching', target: 'choosing', actions: ['showNobodyMatches', 'focusSendForm'] },
          { target: 'confirmingSend', actions: ['showMatchCounts', 'focusConfirm'] },
        ],
        onError: { target: 'choosing', actions: ['showMatchFailed', 'focusSendForm'] },
      },
    },
    confirmingSend: {
      description:
        'The last look: the subject, the audience and how many it holds, when, and the rate, with "Send to N people" (or "Schedule") and Back. Nothing is sent yet.',
      on: { CONFIRM: 'starting', BACK: { target: 'choosing', actions: 'focusSendForm' } },
    },
    starting: {
      description: 'One request to send or schedule the update; the audience is taken when the sending starts.',
      tags: 'busy',
      invoke: {
        id: 'startSend',
        src: 'startSend',
        input: ({ context }) => {
          const { audience, at, perSecond, match } = context.sendAsked!
          const request = { audience, ...(at === null ? {} : { at }), ...(perSecond === null ? {} : { perSecond }), ...(match ? { match } : {}) }
          return { id: context.update!.id, request }
        },
        onDone: [
          { guard: 'isByAnswers', target: 'watching', actions: ['showStarted', 'announceRulesUsed', 'focusRecord', 'announceChange'] },
          { target: 'watching', actions: ['showStarted', 'focusRecord', 'announceChange'] },
        ],
        // Nobody in the audience now (people unsubscribed meanwhile): the counts are asked again.
        // A send by answers the server refuses comes back to the choice, the server's words on screen.
        onError: [
          { guard: 'isNobody', target: 'counting', actions: 'showNobody' },
          { guard: 'isCohortRefused', target: 'choosing', actions: ['showCohortRefused', 'focusSendForm'] },
          gone,
          movedMeanwhile,
          { target: 'opening', actions: 'showServerWords' },
        ],
      },
    },
    watching: {
      description:
        'The record: the audience, how many are to go, sent, refused, skipped (and why) and unsubscribed since, with the CSV; Pause, Resume, Unschedule and Cancel as the send’s machine allows. Fetched again every few seconds while scheduled or sending.',
      after: { recordPoll: { guard: 'isUnderway', target: 'refreshing' } },
      on: moves,
    },
    refreshing: {
      description: 'Fetching the record again in the background; the record and its buttons stay as they were until the answer.',
      // The team's move wins over the poll: it leaves this state, which aborts the fetch. (Only a scheduled or sending
      // update is polled, so there is nothing to resume.)
      on: { PAUSE: moves.PAUSE, UNSCHEDULE: moves.UNSCHEDULE, CANCEL_SEND: moves.CANCEL_SEND, CLOSE: moves.CLOSE },
      invoke: {
        id: 'fetchUpdate',
        src: 'fetchUpdate',
        input: ({ context }) => ({ id: context.openId! }),
        onDone: [
          { guard: 'isDraft', target: 'writing', actions: ['showProgress', 'showUpdate'] },
          { target: 'watching', actions: ['showProgress', 'showUpdate'] },
        ],
        onError: [gone, { target: 'watching', actions: 'showRefreshFailed' }],
      },
    },
    confirmingCancel: {
      description: 'Cancel for good? Nobody not reached yet will get it. "Cancel the send" and Back.',
      on: { CONFIRM: 'moving', BACK: { target: 'watching', actions: 'focusRecord' } },
    },
    moving: {
      description: 'One request to pause, resume, unschedule or cancel; the buttons wait.',
      tags: 'busy',
      invoke: {
        id: 'moveSend',
        src: 'moveSend',
        input: ({ context }) => ({ id: context.update!.id, move: context.move! }),
        onDone: [
          { guard: 'isDraft', target: 'writing', actions: ['showMoved', 'focusEditor', 'announceChange'] },
          { target: 'watching', actions: ['showMoved', 'focusRecord', 'announceChange'] },
        ],
        // Without an answer the move may or may not have happened: the update is fetched again to tell.
        onError: { target: 'opening', actions: 'showMoveFailed' },
      },
    },
    confirmingDelete: {
      description: 'Delete this draft for good? "Delete the draft" and Back.',
      on: { CONFIRM: 'deleting', BACK: { target: 'writing', actions: 'focusEditor' } },
    },
    deleting: {
      description: 'One request to delete the draft.',
      tags: 'busy',
      invoke: {
        id: 'deleteUpdate',
        src: 'deleteUpdate',
        input: ({ context }) => ({ id: context.update!.id }),
        onDone: { target: 'loading', actions: ['forgetUpdate', 'showDeleted', 'focusList', 'announceChange'] },
        onError: [gone, movedMeanwhile, { target: 'writing', actions: 'showDeleteFailed' }],
      },
    },
  },
})

export type AdminUpdatesSnapshot = SnapshotFrom<typeof adminUpdatesMachine>
export type AdminUpdatesStateName = Extract<SnapshotFrom<typeof adminUpdatesMachine>['value'], string>
