// The suppression list (/admin/people/suppressed, issue 49), reached from People: the machine with its real requests.
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { adminSuppressionsMachine } from '../../../machines/admin-suppressions-machine'
import * as api from '../admin-api-client'
import { AreaFrame } from '../area-frame'
import { SuppressionList } from '../suppression-list'

const suppressionsMachine = adminSuppressionsMachine.provide({
  actors: {
    fetchSuppressions: fromPromise(({ input, signal }) => api.fetchSuppressions(input.before, signal)),
    liftSuppression: fromPromise(({ input }) => api.liftSuppression(input.email)),
  },
})

export function SuppressionsArea() {
  return (
    <AreaFrame name="Suppressed addresses">
      <SuppressionList list={useActorRef(suppressionsMachine)} />
    </AreaFrame>
  )
}
