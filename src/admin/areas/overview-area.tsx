// Overview (/admin/): the figures a launch team checks first: the totals, the outbox and the daily chart.
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { adminSummaryMachine } from '../../../machines/admin-summary-machine'
import * as api from '../admin-api-client'
import { AreaFrame } from '../area-frame'
import { SummaryView } from '../summary-view'

const summaryMachine = adminSummaryMachine.provide({ actors: { fetchSummary: fromPromise(({ signal }) => api.fetchSummary(signal)) } })

export function OverviewArea() {
  return (
    <AreaFrame name="Overview">
      <SummaryView summary={useActorRef(summaryMachine)} />
    </AreaFrame>
  )
}
