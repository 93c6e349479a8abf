// Questions (issue 52), for a member whose role manages them: every question asked after confirmation, with its kind,
// whether it is sensitive (health), the version of its wording, its choices and how many chose each, as the server
// gives them (counts only; "fewer than 5" as given). Define, Edit (a new version) and Retire (after a question).
// Loading, writing, saving, confirmingRetire and the rest are the machine's states (machines/admin-questions-machine.ts).
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { adminQuestionsMessages, type adminQuestionsMachine } from '../../machines/admin-questions-machine'
import { figure } from '../../shared/figures'
import type { QuestionRow } from '../../shared/questions'
import { Detail, Field, Row, Status } from './admin-styles'
import { Button } from './button'
import { AskFirst } from './ask-first'
import { TitledListTable } from './list-table'
import { kindWords, QuestionForm, questionFormId } from './question-form'
import { focusSoon, Outcome } from './outcome'

type Questions = ActorRefFrom<typeof adminQuestionsMachine>

const outcomeId = 'questions-outcome'
/** The browser side of the questions machine's focus actions (areas/questions-area.tsx provides them). */
export const questionsViewEffects = { focusForm: () => focusSoon(questionFormId), focusOutcome: () => focusSoon(outcomeId) }

/** A count as the server gave it: a number, or "fewer than 5" for a member who may not see people. */
const shown = (count: number | string) => (typeof count === 'number' ? figure(count) : count)

export function QuestionsView({ questions }: { questions: Questions }) {
  const state = useSelector(questions, (snapshot) => snapshot)
  const { questions: rows, message, error, retiring } = state.context
  return (
    <section aria-labelledby="questions-heading" aria-busy={state.hasTag('busy')}>
      <h2 id="questions-heading">Questions</h2>
      <p>
        What people are asked once they have confirmed, to choose who is invited first. Every question is optional. The console shows counts
        only, never one person’s answer.
      </p>
      <Outcome id={outcomeId} message={message} error={error} />
      {state.matches('failed') && (
        <>
          <Status role="alert" $tone="error">{adminQuestionsMessages.loadFailed}</Status>
          <Button type="button" onClick={() => questions.send({ type: 'RELOAD' })}>Try again</Button>
        </>
      )}
      {retiring && state.matches('confirmingRetire') && <RetireQuestion questions={questions} question={retiring} />}
      {state.context.draft ? (
        <QuestionForm questions={questions} />
      ) : (
        <Row>
          <Button type="button" disabled={!state.can({ type: 'DEFINE' })} onClick={() => questions.send({ type: 'DEFINE' })}>Define a question</Button>
        </Row>
      )}
      <TitledListTable
        id="questions-list-heading"
        heading="Asked and retired"
        instead={rows.length > 0 ? null : state.hasTag('busy') ? 'Loading the questions…' : 'No question is asked yet.'}
        columns={['Question', 'Kind', 'Answered', 'Chosen']}
        actions
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row">
              {row.wording}
              <Detail>
                Version {row.version} · {row.sensitive ? 'Sensitive (health)' : 'Ordinary'}
                {row.state === 'retired' ? ' · Retired' : ''}
              </Detail>
            </th>
            <td>{kindWords[row.kind]}</td>
            <td>{shown(row.answered)}</td>
            <td>{row.kind === 'short' ? '—' : <ul>{row.choices.map((choice) => <li key={choice}>{choice}: {shown(row.chosen[choice] ?? 0)}</li>)}</ul>}</td>
            <td>{row.state === 'asked' && <RowButtons questions={questions} row={row} />}</td>
          </tr>
        ))}
      </TitledListTable>
    </section>
  )
}

function RowButtons({ questions, row }: { questions: Questions; row: QuestionRow }) {
  const state = useSelector(questions, (snapshot) => snapshot)
  return (
    <Row>
      <Button type="button" $tone="plain" disabled={!state.can({ type: 'EDIT', id: row.id })} aria-label={`Edit “${row.wording}”`} onClick={() => questions.send({ type: 'EDIT', id: row.id })}>
        Edit
      </Button>
      <Button type="button" $tone="plain" disabled={!state.can({ type: 'RETIRE', id: row.id })} aria-label={`Retire “${row.wording}”`} onClick={() => questions.send({ type: 'RETIRE', id: row.id })}>
        Retire
      </Button>
    </Row>
  )
}

/** The question before a retirement; the keyboard goes to it. */
function RetireQuestion({ questions, question }: { questions: Questions; question: QuestionRow }) {
  return (
    <AskFirst labelledBy="question-retire-words" onKeep={() => questions.send({ type: 'CANCEL' })}>
      <p id="question-retire-words">
        Retire “{question.wording}”? Nobody is asked it from now on, and it cannot be asked again. The answers given are kept, with the version they
        answered.
      </p>
      <Row>
        <Field>
          <Button type="button" $tone="danger" onClick={() => questions.send({ type: 'CONFIRM' })}>Retire the question</Button>
        </Field>
        <Field>
          <Button type="button" $tone="plain" onClick={() => questions.send({ type: 'CANCEL' })}>Keep asking it</Button>
        </Field>
      </Row>
    </AskFirst>
  )
}
