// Questions (/admin/questions): what confirmed people are asked, with the counts of their answers (issue 52).
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { adminQuestionsMachine } from '../../../machines/admin-questions-machine'
import * as api from '../admin-api-client'
import { AreaFrame } from '../area-frame'
import { QuestionsView, questionsViewEffects } from '../questions-view'

const questionsMachine = adminQuestionsMachine.provide({
  actors: {
    fetchQuestions: fromPromise(({ signal }) => api.fetchQuestions(signal)),
    saveQuestion: fromPromise(({ input }) => api.saveQuestion(input)),
    retireQuestion: fromPromise(({ input }) => api.retireQuestion(input.id)),
  },
  actions: questionsViewEffects,
})

export function QuestionsArea() {
  return (
    <AreaFrame name="Questions">
      <QuestionsView questions={useActorRef(questionsMachine)} />
    </AreaFrame>
  )
}
