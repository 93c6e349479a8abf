// @vitest-environment node
// A cohort's rules as a request carries them (shared/questions.ts answerMatchOf, issue 52), which the waves and the
// updates both read: a list or its JSON, 1 to 10 rules of a question's id and its choices as strings, copied so that
// nothing else the request carried rides along; anything else is no rules at all.
import { expect, it } from 'vitest'
import { answerMatchOf, cohortRulesMax } from '../../shared/questions'

it('reads well-formed rules from a list or its JSON, keeping only the id and the choices', () => {
  const rules = [{ questionId: 3, choices: ['Under 5 km'] }, { questionId: 4, choices: ['Yes', 'No'] }]
  expect(answerMatchOf(rules)).toEqual(rules)
  expect(answerMatchOf(JSON.stringify(rules))).toEqual(rules)
  expect(answerMatchOf([{ questionId: 3, choices: ['Yes'], note: 'extra' }])).toEqual([{ questionId: 3, choices: ['Yes'] }])
})

it('takes nothing that is not 1 to 10 well-formed rules', () => {
  const many = Array.from({ length: cohortRulesMax + 1 }, (_, index) => ({ questionId: index + 1, choices: ['Yes'] }))
  for (const bad of [undefined, null, '', 'not json', '{}', [], many, [null], [{ questionId: '3', choices: ['Yes'] }], [{ questionId: 1.5, choices: ['Yes'] }], [{ questionId: 3, choices: 'Yes' }], [{ questionId: 3, choices: [1] }]])
    expect(answerMatchOf(bad), JSON.stringify(bad)).toBeUndefined()
  expect(answerMatchOf(many.slice(0, cohortRulesMax))).toHaveLength(cohortRulesMax)
})
