// A cohort by answers (issue 52), for a wave in Invitations and for an update's send in Updates: rules that each
// name a choice question asked now and one or more of its choices; a wave takes the next in line who match every
// rule, an update goes to those of its audience who do. Without a rule (`off`) a wave is the next in line and an
// update goes to its whole audience, as before. ADD_RULE the first time fetches the questions (`loading`), then
// `picking` holds the rules: a new rule names the first choice question, with no choice yet (the waves and updates
// machines refuse a send until each rule has one). Removing the last rule is back to `off`, and so is CLEAR: the
// wave's or the update's machine says when a send by the rules went out (RULES_USED), so that the next one starts
// with none rather than going to the same cohort unasked. The rules as the server takes them are `cohortMatch(context)`.
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate'
import type { AnswerMatch, AskedQuestion } from '../shared/questions'

export type AdminCohortEvent =
  | { type: 'ADD_RULE' }
  | { type: 'REMOVE_RULE'; index: number }
  | { type: 'QUESTION_CHOSEN'; index: number; questionId: number }
  | { type: 'CHOICE_TOGGLED'; index: number; choice: string }
  | { type: 'CLEAR' }

/** What the machines that send by the rules (waves, updates) emit once a send by them went out: the view answers
 * with CLEAR. */
export type RulesUsed = { type: 'RULES_USED' }

type Context = { questions: AskedQuestion[]; rules: AnswerMatch[]; error: string }

export const adminCohortMessages = {
  loadFailed: 'The questions could not be loaded, so no rule by answers can be added.',
  noQuestions: 'No choice question is asked yet: define one in Questions first, then you can pick people by their answers.',
} as const

/** The most rules a cohort holds (the server's limit). */
export const cohortRulesMax = 10
/** The rules as the waves' preview and send take them (none: the next in line). */
export const cohortMatch = (context: Context): AnswerMatch[] => context.rules
// The server sends the choice questions asked now; a short answer is left out here too, as no rule can name one.
const choiceQuestions = (questions: AskedQuestion[]) => questions.filter((question) => question.kind !== 'short')
const ruleFor = (question: AskedQuestion): AnswerMatch => ({ questionId: question.id, choices: [] })
const notProvided = () => Promise.reject(new Error('The view provides this request.'))

export const adminCohortMachine = setup({
  types: {} as { context: Context; events: AdminCohortEvent | DoneActorEvent<AskedQuestion[], 'fetchChoiceQuestions'>; tags: 'busy' },
  actors: { fetchChoiceQuestions: fromPromise<AskedQuestion[]>(notProvided) },
  actions: {
    showQuestions: assign(({ event }) => (assertEvent(event, 'xstate.done.actor.fetchChoiceQuestions'), { questions: choiceQuestions(event.output), error: '' })),
    addRule: assign(({ context }) => ({ rules: [...context.rules, ruleFor(context.questions[0]!)] })),
    removeRule: assign(({ context, event }) => (assertEvent(event, 'REMOVE_RULE'), { rules: context.rules.filter((_, index) => index !== event.index) })),
    chooseQuestion: assign(({ context, event }) => {
      assertEvent(event, 'QUESTION_CHOSEN')
      return { rules: context.rules.map((rule, index) => (index === event.index ? { questionId: event.questionId, choices: [] } : rule)) }
    }),
    toggleChoice: assign(({ context, event }) => {
      assertEvent(event, 'CHOICE_TOGGLED')
      const toggled = (choices: string[]) => (choices.includes(event.choice) ? choices.filter((choice) => choice !== event.choice) : [...choices, event.choice])
      return { rules: context.rules.map((rule, index) => (index === event.index ? { ...rule, choices: toggled(rule.choices) } : rule)) }
    }),
    clearRules: assign({ rules: [], error: '' }),
    showNoQuestions: assign({ error: adminCohortMessages.noQuestions }),
    showLoadFailed: assign({ error: adminCohortMessages.loadFailed }),
  },
  guards: {
    hasChoiceQuestions: ({ event }) => event.type === 'xstate.done.actor.fetchChoiceQuestions' && choiceQuestions(event.output).length > 0,
    hasRoomForRule: ({ context }) => context.rules.length < cohortRulesMax,
    isLastRule: ({ context, event }) => context.rules.length === 1 && 'index' in event && event.index === 0,
    isRule: ({ context, event }) => 'index' in event && event.index >= 0 && event.index < context.rules.length,
    isOffered: ({ context, event }) => {
      assertEvent(event, ['QUESTION_CHOSEN', 'CHOICE_TOGGLED'])
      const question = context.questions.find((row) => row.id === (event.type === 'QUESTION_CHOSEN' ? event.questionId : context.rules[event.index]?.questionId))
      return event.index >= 0 && event.index < context.rules.length && question !== undefined && (event.type === 'QUESTION_CHOSEN' || question.choices.includes(event.choice))
    },
  },
}).createMachine({
  id: 'adminCohort',
  context: { questions: [], rules: [], error: '' },
  initial: 'off',
  states: {
    off: {
      description: 'No rule: a wave is the next in line, an update goes to its whole audience. "Add a rule by answers".',
      on: { ADD_RULE: 'loading' },
    },
    loading: {
      description: 'Fetching the choice questions asked now, to name in a rule.',
      tags: 'busy',
      invoke: {
        id: 'fetchChoiceQuestions',
        src: 'fetchChoiceQuestions',
        onDone: [{ guard: 'hasChoiceQuestions', target: 'picking', actions: ['showQuestions', 'addRule'] }, { target: 'off', actions: 'showNoQuestions' }],
        onError: { target: 'off', actions: 'showLoadFailed' },
      },
    },
    picking: {
      description: 'The rules, each a question and the answers it takes; a wave or an update takes only the people who match every rule.',
      on: {
        ADD_RULE: { guard: 'hasRoomForRule', actions: 'addRule' },
        REMOVE_RULE: [{ guard: 'isLastRule', target: 'off', actions: 'removeRule' }, { guard: 'isRule', actions: 'removeRule' }],
        QUESTION_CHOSEN: { guard: 'isOffered', actions: 'chooseQuestion' },
        CHOICE_TOGGLED: { guard: 'isOffered', actions: 'toggleChoice' },
        CLEAR: { target: 'off', actions: 'clearRules' },
      },
    },
  },
})

export type AdminCohortSnapshot = SnapshotFrom<typeof adminCohortMachine>
