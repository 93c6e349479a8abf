// Updates (/admin/updates): writing, previewing, testing and sending updates to the list.
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { adminCohortMachine } from '../../../machines/admin-cohort-machine'
import { adminUpdatesMachine } from '../../../machines/admin-updates-machine'
import * as api from '../admin-api-client'
import { AreaFrame } from '../area-frame'
import { UpdatesView, updatesViewEffects } from '../updates-view'

const updatesMachine = adminUpdatesMachine.provide({
  actors: {
    fetchUpdates: fromPromise(({ signal }) => api.fetchUpdates(signal)),
    fetchUpdate: fromPromise(({ input, signal }) => api.fetchUpdate(input.id, signal)),
    saveUpdate: fromPromise(({ input }) => api.saveUpdate(input.id, input.input)),
    fetchPreview: fromPromise(({ input, signal }) => api.fetchUpdatePreview(input.id, signal)),
    sendTest: fromPromise(({ input }) => api.sendUpdateTest(input.id)),
    fetchAudiences: fromPromise(({ signal }) => api.fetchAudiences(signal)),
    fetchMatchCounts: fromPromise(({ input, signal }) => api.fetchMatchCounts(input.match, signal)),
    startSend: fromPromise(({ input }) => api.sendUpdate(input.id, input.request)),
    moveSend: fromPromise(({ input }) => api.moveUpdateSend(input.id, input.move)),
    deleteUpdate: fromPromise(({ input }) => api.deleteUpdate(input.id)),
  },
  actions: updatesViewEffects,
})

// A send's rules by answers (issue 52): the questions are fetched only when the team adds a rule.
const cohortMachine = adminCohortMachine.provide({ actors: { fetchChoiceQuestions: fromPromise(({ signal }) => api.fetchCohortQuestions(signal)) } })

export function UpdatesArea() {
  return (
    <AreaFrame name="Updates">
      <UpdatesView updates={useActorRef(updatesMachine)} cohort={useActorRef(cohortMachine)} />
    </AreaFrame>
  )
}
