// A cohort by answers (issue 52), inside a form (a wave's invite form, an update's send form): "Add a rule by
// answers", then each rule's question and the answers it takes, every rule held. The rules live in the cohort
// machine (machines/admin-cohort-machine.ts); the form sends them. Without a rule the form is what it always was.
// `hint` says what the rules do there, once there is one. Once a send by the rules went out, they are cleared
// (useRulesClearedOnceUsed), so that the next send starts with none.
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import type { ActorRefFrom, Subscription } from 'xstate'
import type { adminCohortMachine, RulesUsed } from '../../machines/admin-cohort-machine'
import { Choices, Field, Row, Status } from './admin-styles'
import { Button } from './button'

type Cohort = ActorRefFrom<typeof adminCohortMachine>

/** What sends by the rules: the waves' or the updates' machine, which emits RULES_USED once a send by them went out. */
type RulesSender = { on: (type: RulesUsed['type'], handler: () => void) => Subscription }

/** Clears the rules once a send by them went out (the sender says when): the next wave or update goes to the next in
 * line, or the whole audience, unless the team adds rules anew. */
export function useRulesClearedOnceUsed(sender: RulesSender, cohort: Cohort | undefined) {
  useEffect(() => {
    if (!cohort) return
    const subscription = sender.on('RULES_USED', () => cohort.send({ type: 'CLEAR' }))
    return () => subscription.unsubscribe()
  }, [sender, cohort])
}

export function CohortRules({ cohort, disabled, hint }: { cohort: Cohort; disabled: boolean; hint: string }) {
  const state = useSelector(cohort, (snapshot) => snapshot)
  const { questions, rules, error } = state.context
  const add = (
    <Button type="button" $tone="plain" disabled={disabled || !state.can({ type: 'ADD_RULE' })} onClick={() => cohort.send({ type: 'ADD_RULE' })}>
      {state.matches('loading') ? 'Loading the questions…' : rules.length === 0 ? 'Add a rule by answers' : 'Add another rule'}
    </Button>
  )
  return (
    <div>
      {error && <Status role="alert" $tone="error">{error}</Status>}
      {rules.length > 0 && <p id="cohort-hint">{hint}</p>}
      {rules.map((rule, index) => {
        const question = questions.find((row) => row.id === rule.questionId)
        const n = index + 1
        return (
          <Choices key={index} aria-describedby="cohort-hint">
            <legend>Rule {n}</legend>
            <Field>
              <label htmlFor={`cohort-question-${n}`}>Question of rule {n}</label>
              <select
                id={`cohort-question-${n}`}
                value={rule.questionId}
                disabled={disabled}
                onChange={(event) => cohort.send({ type: 'QUESTION_CHOSEN', index, questionId: Number(event.target.value) })}
              >
                {questions.map((row) => <option key={row.id} value={row.id}>{row.wording}</option>)}
              </select>
            </Field>
            <Choices>
              <legend>Answers that match rule {n} (one or more)</legend>
              {question?.choices.map((choice) => (
                <label key={choice}>
                  <input type="checkbox" checked={rule.choices.includes(choice)} disabled={disabled} onChange={() => cohort.send({ type: 'CHOICE_TOGGLED', index, choice })} />
                  {choice}
                </label>
              ))}
            </Choices>
            <Button type="button" $tone="plain" disabled={disabled} onClick={() => cohort.send({ type: 'REMOVE_RULE', index })}>Remove rule {n}</Button>
          </Choices>
        )
      })}
      <Row>{add}</Row>
    </div>
  )
}
