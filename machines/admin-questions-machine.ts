// The console's questions (issue 52): the questions asked after confirmation, each with its counts as the server
// gives them. `loading` fetches them; `ready` lists them. DEFINE opens the form for a new question, EDIT for a new
// version of one (its kind and whether it is sensitive stay: earlier answers keep the version they answered); the
// form's fields live here, so whether Save may be pressed is this machine's answer. SAVE is one request (`saving`);
// a refusal is the server's own words, and the form stays to be mended. Retiring asks first (`confirmingRetire`):
// a retired question is no longer asked, and cannot be asked again.
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate'
import { questionRules, type QuestionInput, type QuestionKind, type QuestionRow } from '../shared/questions'
import { serverWords } from './server-words'

/** The form: a new question (id null) or a new version of question `id`. Choices are written one a line. */
export type QuestionDraft = { id: number | null; kind: QuestionKind; sensitive: boolean; wording: string; choices: string }
/** One save: a new question, or a question's new wording and choices. */
export type QuestionSave = { id: number | null; input: QuestionInput }

export type AdminQuestionsEvent =
  | { type: 'RELOAD' }
  | { type: 'DEFINE' }
  | { type: 'EDIT'; id: number }
  | { type: 'KIND_CHOSEN'; kind: QuestionKind }
  | { type: 'SENSITIVE_SET'; sensitive: boolean }
  | { type: 'WORDING_CHANGED'; value: string }
  | { type: 'CHOICES_CHANGED'; value: string }
  | { type: 'SAVE' }
  | { type: 'RETIRE'; id: number }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }

type Context = { questions: QuestionRow[]; draft: QuestionDraft | null; retiring: QuestionRow | null; message: string; error: string }

export const adminQuestionsMessages = {
  loadFailed: 'The questions could not be loaded.',
  noWording: 'Write the question.',
  fewChoices: `A choice question offers from 2 to ${questionRules.choicesMax} choices, one a line.`,
  saveFailed: 'The question could not be saved. Nothing was changed; try again.',
  retireFailed: 'The question could not be retired. The list has been loaded again.',
  defined: (question: QuestionRow) => `The question “${question.wording}” is defined. It is asked from now on.`,
  edited: (question: QuestionRow) => `The question is now version ${question.version}. Earlier answers keep the version they answered.`,
  retired: (question: QuestionRow) => `The question “${question.wording}” is retired: it is no longer asked. Its answers are kept.`,
} as const

const notProvided = () => Promise.reject(new Error('The view provides this request.'))
const blank: QuestionDraft = { id: null, kind: 'single', sensitive: false, wording: '', choices: '' }
/** The choices as lines, without the empty ones; none for a short answer. */
export const choicesOf = (draft: QuestionDraft) => (draft.kind === 'short' ? [] : draft.choices.split('\n').map((line) => line.trim()).filter(Boolean))
const withRow = (questions: QuestionRow[], row: QuestionRow) =>
  questions.some((question) => question.id === row.id) ? questions.map((question) => (question.id === row.id ? row : question)) : [...questions, row]
const quiet = { message: '', error: '' }

export const adminQuestionsMachine = setup({
  types: {} as {
    context: Context
    events: AdminQuestionsEvent | DoneActorEvent<QuestionRow[], 'fetchQuestions'> | DoneActorEvent<QuestionRow, 'saveQuestion'> | DoneActorEvent<QuestionRow, 'retireQuestion'>
    tags: 'busy'
  },
  actors: {
    fetchQuestions: fromPromise<QuestionRow[]>(notProvided),
    saveQuestion: fromPromise<QuestionRow, QuestionSave>(notProvided),
    retireQuestion: fromPromise<QuestionRow, { id: number }>(notProvided),
  },
  actions: {
    showQuestions: assign(({ event }) => (assertEvent(event, 'xstate.done.actor.fetchQuestions'), { questions: event.output })),
    openBlank: assign({ draft: blank, ...quiet }),
    openEdit: assign(({ context, event }) => {
      assertEvent(event, 'EDIT')
      const question = context.questions.find((row) => row.id === event.id)!
      return { draft: { id: question.id, kind: question.kind, sensitive: question.sensitive, wording: question.wording, choices: question.choices.join('\n') }, ...quiet }
    }),
    setKind: assign(({ context, event }) => (assertEvent(event, 'KIND_CHOSEN'), { draft: { ...context.draft!, kind: event.kind } })),
    setSensitive: assign(({ context, event }) => (assertEvent(event, 'SENSITIVE_SET'), { draft: { ...context.draft!, sensitive: event.sensitive } })),
    setWording: assign(({ context, event }) => (assertEvent(event, 'WORDING_CHANGED'), { draft: { ...context.draft!, wording: event.value }, error: '' })),
    setChoices: assign(({ context, event }) => (assertEvent(event, 'CHOICES_CHANGED'), { draft: { ...context.draft!, choices: event.value }, error: '' })),
    refuseDraft: assign(({ context }) => ({ error: context.draft!.wording.trim() === '' ? adminQuestionsMessages.noWording : adminQuestionsMessages.fewChoices, message: '' })),
    closeForm: assign({ draft: null, retiring: null }),
    showSaved: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.saveQuestion')
      const words = context.draft?.id === null ? adminQuestionsMessages.defined : adminQuestionsMessages.edited
      return { questions: withRow(context.questions, event.output), draft: null, message: words(event.output), error: '' }
    }),
    showSaveRefused: assign(({ event }) => ({ error: serverWords(event, adminQuestionsMessages.saveFailed), message: '' })),
    askRetire: assign(({ context, event }) => (assertEvent(event, 'RETIRE'), { retiring: context.questions.find((row) => row.id === event.id)!, ...quiet })),
    showRetired: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.retireQuestion')
      return { questions: withRow(context.questions, event.output), retiring: null, message: adminQuestionsMessages.retired(event.output) }
    }),
    showRetireRefused: assign(({ event }) => ({ retiring: null, error: serverWords(event, adminQuestionsMessages.retireFailed) })),
    /** Moves the keyboard to the form's heading (the view provides it). */
    focusForm: () => {},
    /** Moves the keyboard to the outcome's words: the form or the row pressed may be gone (the view provides it). */
    focusOutcome: () => {},
  },
  guards: {
    isAsked: ({ context, event }) => 'id' in event && context.questions.some((row) => row.id === event.id && row.state === 'asked'),
    isDraftComplete: ({ context }) => {
      const draft = context.draft!
      const choices = choicesOf(draft)
      return draft.wording.trim() !== '' && (draft.kind === 'short' || (choices.length >= 2 && choices.length <= questionRules.choicesMax))
    },
    isNew: ({ context }) => context.draft?.id === null,
  },
}).createMachine({
  id: 'adminQuestions',
  context: { questions: [], draft: null, retiring: null, message: '', error: '' },
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the questions with their counts; what was on screen stays.',
      tags: 'busy',
      invoke: { id: 'fetchQuestions', src: 'fetchQuestions', onDone: { target: 'ready', actions: 'showQuestions' }, onError: 'failed' },
    },
    failed: { description: 'The questions could not be loaded; RELOAD tries again.', on: { RELOAD: 'loading' } },
    ready: {
      description: 'The questions, each with its kind, ordinary or sensitive, its version, its choices and counts; Edit and Retire for those asked.',
      on: {
        RELOAD: 'loading',
        DEFINE: { target: 'writing', actions: ['openBlank', 'focusForm'] },
        EDIT: { guard: 'isAsked', target: 'writing', actions: ['openEdit', 'focusForm'] },
        RETIRE: { guard: 'isAsked', target: 'confirmingRetire', actions: 'askRetire' },
      },
    },
    writing: {
      description: 'The form: wording, and for a new question its kind and whether it is sensitive; choices for a choice question.',
      on: {
        KIND_CHOSEN: { guard: 'isNew', actions: 'setKind' },
        SENSITIVE_SET: { guard: 'isNew', actions: 'setSensitive' },
        WORDING_CHANGED: { actions: 'setWording' },
        CHOICES_CHANGED: { actions: 'setChoices' },
        SAVE: [{ guard: 'isDraftComplete', target: 'saving' }, { actions: ['refuseDraft', 'focusOutcome'] }],
        CANCEL: { target: 'ready', actions: ['closeForm', 'focusOutcome'] },
      },
    },
    saving: {
      description: 'One request: the new question, or the new version; the form waits.',
      tags: 'busy',
      invoke: {
        id: 'saveQuestion',
        src: 'saveQuestion',
        input: ({ context }) => {
          const draft = context.draft!
          return { id: draft.id, input: { kind: draft.kind, sensitive: draft.sensitive, wording: draft.wording.trim(), choices: choicesOf(draft) } }
        },
        onDone: { target: 'ready', actions: ['showSaved', 'focusOutcome'] },
        // The server's words (a choice offered twice, a wording too long): the form stays to be mended.
        onError: { target: 'writing', actions: ['showSaveRefused', 'focusOutcome'] },
      },
    },
    confirmingRetire: {
      description: 'Asks whether to retire the question named: it is no longer asked, and its answers are kept.',
      on: { CONFIRM: 'retiring', CANCEL: { target: 'ready', actions: ['closeForm', 'focusOutcome'] } },
    },
    retiring: {
      description: 'One request to retire the question; every button waits.',
      tags: 'busy',
      invoke: {
        id: 'retireQuestion',
        src: 'retireQuestion',
        input: ({ context }) => ({ id: context.retiring!.id }),
        onDone: { target: 'ready', actions: ['showRetired', 'focusOutcome'] },
        onError: { target: 'loading', actions: ['showRetireRefused', 'focusOutcome'] },
      },
    },
  },
})

export type AdminQuestionsSnapshot = SnapshotFrom<typeof adminQuestionsMachine>
export type AdminQuestionsStateName = keyof typeof adminQuestionsMachine.root.states
