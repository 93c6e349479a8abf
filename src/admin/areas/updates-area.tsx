// Updates (/admin/updates): writing, previewing, testing and sending updates to the list.
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
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
    startSend: fromPromise(({ input }) => api.sendUpdate(input.id, input.request)),
    moveSend: fromPromise(({ input }) => api.moveUpdateSend(input.id, input.move)),
    deleteUpdate: fromPromise(({ input }) => api.deleteUpdate(input.id)),
  },
  actions: updatesViewEffects,
})

export function UpdatesArea() {
  return (
    <AreaFrame name="Updates">
      <UpdatesView updates={useActorRef(updatesMachine)} />
    </AreaFrame>
  )
}
