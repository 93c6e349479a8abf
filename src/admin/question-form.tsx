// Defining a question, or writing a new version of one (issue 52). The machine (machines/admin-questions-machine.ts)
// holds the fields and says whether Save may be pressed; a new version keeps the question's kind and whether it is
// sensitive, so those are shown as words, not fields.
import { useSelector } from '@xstate/react'
import styled from 'styled-components'
import type { ActorRefFrom } from 'xstate'
import type { adminQuestionsMachine } from '../../machines/admin-questions-machine'
import { questionKinds, questionRules, type QuestionKind } from '../../shared/questions'
import { theme } from '../ui/theme'
import { Choices, Field, Row } from './admin-styles'
import { Button } from './button'

export const questionFormId = 'question-form-heading'
export const kindWords: Record<QuestionKind, string> = { single: 'One choice', several: 'Several choices', short: 'Short answer' }

const Text = styled.textarea`
  font: inherit;
  padding: 0.5rem 0.6rem;
  border: 1px solid ${theme.color.inkMuted};
  border-radius: 0.4rem;
  max-width: 36rem;
  min-height: 5rem;
`
const Hint = styled.p`
  margin: 0 0 0.75rem;
  color: ${theme.color.inkMuted};
  max-width: 40rem;
`

const sensitiveWords =
  'Sensitive means it asks about health (a pain, an injury, a condition). People are asked for their explicit consent before they see it, and may say no and stay in line. Their answers are kept encrypted, shown here only as counts, and deleted when they take the consent back.'

export function QuestionForm({ questions }: { questions: ActorRefFrom<typeof adminQuestionsMachine> }) {
  const state = useSelector(questions, (snapshot) => snapshot)
  const draft = state.context.draft!
  const editing = draft.id !== null
  const version = state.context.questions.find((row) => row.id === draft.id)?.version ?? 0
  return (
    <form aria-labelledby={questionFormId} noValidate onSubmit={(event) => (event.preventDefault(), questions.send({ type: 'SAVE' }))}>
      <h3 id={questionFormId} tabIndex={-1}>{editing ? `A new version of question #${draft.id}` : 'Define a question'}</h3>
      {editing ? (
        <Hint>
          {kindWords[draft.kind]}, {draft.sensitive ? 'sensitive (health)' : 'ordinary'}. Saving makes version {version + 1}: it is asked from now on, and
          earlier answers keep the version they answered.
        </Hint>
      ) : (
        <>
          <Choices>
            <legend>Kind</legend>
            {questionKinds.map((kind) => (
              <label key={kind}>
                <input type="radio" name="question-kind" checked={draft.kind === kind} onChange={() => questions.send({ type: 'KIND_CHOSEN', kind })} />
                {kindWords[kind]}
              </label>
            ))}
          </Choices>
          <Choices>
            <legend>Sensitive</legend>
            <label>
              <input
                type="checkbox"
                checked={draft.sensitive}
                aria-describedby="question-sensitive-hint"
                onChange={(event) => questions.send({ type: 'SENSITIVE_SET', sensitive: event.target.checked })}
              />
              It asks about health
            </label>
            <Hint id="question-sensitive-hint">{sensitiveWords}</Hint>
          </Choices>
        </>
      )}
      <Field>
        <label htmlFor="question-wording">The question, as people read it</label>
        <Text id="question-wording" rows={2} maxLength={questionRules.wordingMaxLength} value={draft.wording} onChange={(event) => questions.send({ type: 'WORDING_CHANGED', value: event.target.value })} />
      </Field>
      {draft.kind !== 'short' && (
        <Field>
          <label htmlFor="question-choices">Choices, one a line</label>
          <Text
            id="question-choices"
            rows={4}
            aria-describedby="question-choices-hint"
            value={draft.choices}
            onChange={(event) => questions.send({ type: 'CHOICES_CHANGED', value: event.target.value })}
          />
          <Hint id="question-choices-hint">From 2 to {questionRules.choicesMax} choices, each up to {questionRules.choiceMaxLength} characters.</Hint>
        </Field>
      )}
      <Row>
        <Button type="submit" disabled={!state.can({ type: 'SAVE' })}>{state.matches('saving') ? 'Saving…' : editing ? 'Save the new version' : 'Define the question'}</Button>
        <Button type="button" $tone="plain" disabled={!state.can({ type: 'CANCEL' })} onClick={() => questions.send({ type: 'CANCEL' })}>Cancel</Button>
      </Row>
    </form>
  )
}
