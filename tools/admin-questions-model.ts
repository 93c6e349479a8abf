// The questions machine (machines/admin-questions-machine.ts) as a model of the console's (admin-model.ts), and the
// questions its samples answer with: an ordinary choice question asked in its second version, with exact counts and
// one "fewer than 5" as a member who may not see people reads it; a sensitive one; a short answer, retired.
import { adminCohortMachine, type AdminCohortSnapshot } from '../machines/admin-cohort-machine'
import { adminQuestionsMachine, choicesOf, type AdminQuestionsSnapshot, type QuestionDraft } from '../machines/admin-questions-machine'
import type { QuestionRow } from '../shared/questions'
import { done, failed, type Model } from './admin-model'
import { refusedBy } from './admin-models'

const distance: QuestionRow = {
  id: 1,
  version: 2,
  kind: 'single',
  sensitive: false,
  wording: 'How far do you run in a week?',
  choices: ['Under 5 km', '5 to 20 km', 'More than 20 km'],
  state: 'asked',
  answered: 23,
  chosen: { 'Under 5 km': 14, '5 to 20 km': 7, 'More than 20 km': 'fewer than 5' },
}
const knee: QuestionRow = {
  id: 2,
  version: 1,
  kind: 'several',
  sensitive: true,
  wording: 'Does anything hurt when you run?',
  choices: ['A knee', 'A hip', 'Nothing'],
  state: 'asked',
  answered: 11,
  chosen: { 'A knee': 6, 'A hip': 'fewer than 5', Nothing: 5 },
}
/** Whether a draft offers one choice twice, which only the server refuses. */
export const offersTwice = (draft: QuestionDraft) => new Set(choicesOf(draft)).size !== choicesOf(draft).length
const phone: QuestionRow = { id: 3, version: 1, kind: 'short', sensitive: false, wording: 'Which phone do you run with?', choices: [], state: 'retired', answered: 9, chosen: {} }

export const questionsSamples = {
  questions: [distance, knee, phone],
  defined: { id: 4, version: 1, kind: 'single', sensitive: false, wording: 'Do you run with a watch?', choices: ['Yes', 'No'], state: 'asked', answered: 0, chosen: { Yes: 0, No: 0 } } satisfies QuestionRow,
  edited: { ...distance, version: 3, wording: 'How far do you run in a usual week?' } satisfies QuestionRow,
  retired: { ...knee, state: 'retired' } satisfies QuestionRow,
  /** The server's refusal of a question that offers a choice twice (server/features/questions/question-rules.ts),
   * and the choices of a new version that do: the distance question's, with its first choice again at the end. */
  refusal: 'Each choice is offered once.',
  offeredTwice: [...distance.choices, distance.choices[0]].join('\n'),
}

/** The questions machine: a question defined (its kind and sensitivity chosen, its words complete or not), a new
 * version written (one of them offering a choice twice), a question retired after its question or kept; each save
 * answered, or refused in the server's words or with none. */
export const questionsModel: Model = {
  machine: adminQuestionsMachine,
  events: [
    { type: 'RELOAD' },
    { type: 'DEFINE' },
    { type: 'EDIT', id: 1 },
    { type: 'EDIT', id: 3 },
    { type: 'KIND_CHOSEN', kind: 'short' },
    { type: 'SENSITIVE_SET', sensitive: true },
    { type: 'WORDING_CHANGED', value: 'Do you run with a watch?' },
    { type: 'CHOICES_CHANGED', value: 'Yes\n\nNo\n' },
    // A choice offered twice: complete as far as the form can tell, refused by the server (question-rules.ts).
    { type: 'CHOICES_CHANGED', value: questionsSamples.offeredTwice },
    { type: 'SAVE' },
    { type: 'CANCEL' },
    { type: 'RETIRE', id: 2 },
    { type: 'CONFIRM' },
    done('fetchQuestions', questionsSamples.questions),
    failed('fetchQuestions'),
    done('saveQuestion', questionsSamples.defined),
    refusedBy('saveQuestion', questionsSamples.refusal),
    failed('saveQuestion'),
    done('retireQuestion', questionsSamples.retired),
    failed('retireQuestion'),
  ],
  // The guards read whether the form is new and complete; the question asked about is what the confirmation shows;
  // a refusal's words are on screen, and a complete draft that offers a choice twice is what the server refuses.
  serializeState: (snapshot) => {
    const { draft, retiring, questions, error } = snapshot.context as AdminQuestionsSnapshot['context']
    const complete = draft !== null && draft.wording.trim() !== '' && (draft.kind === 'short' || choicesOf(draft).length >= 2)
    return JSON.stringify({
      value: snapshot.value,
      draft: draft && { new: draft.id === null, kind: draft.kind, sensitive: draft.sensitive, complete, twice: complete && offersTwice(draft) },
      retiring: retiring?.id ?? null,
      loaded: questions.length > 0,
      error,
    })
  },
}

/** The cohort machine (a wave's or an update's rules by answers): a rule added (the questions fetched, or none to
 * name, or a failure), its question changed (to one offered or not), a choice toggled (offered or not), a rule
 * removed, the rules cleared once a send by them went out. */
export const cohortModel: Model = {
  machine: adminCohortMachine,
  events: [
    { type: 'ADD_RULE' },
    { type: 'REMOVE_RULE', index: 0 },
    { type: 'REMOVE_RULE', index: 1 },
    { type: 'QUESTION_CHOSEN', index: 0, questionId: 2 },
    { type: 'QUESTION_CHOSEN', index: 0, questionId: 3 },
    { type: 'CHOICE_TOGGLED', index: 0, choice: 'Under 5 km' },
    { type: 'CHOICE_TOGGLED', index: 0, choice: 'Marathons' },
    { type: 'CLEAR' },
    done('fetchChoiceQuestions', questionsSamples.questions.slice(0, 2)),
    done('fetchChoiceQuestions', [phone]),
    failed('fetchChoiceQuestions'),
  ],
  // Two rules are enough to tell the last rule's removal from another's.
  serializeState: (snapshot) => {
    const { rules, error } = snapshot.context as AdminCohortSnapshot['context']
    return JSON.stringify({ value: snapshot.value, rules: Math.min(rules.length, 2), first: rules[0] ?? null, error: error !== '' })
  },
}
