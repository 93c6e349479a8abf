// Overview (/admin/): the figures a launch team checks first: the totals, the outbox and the daily chart; and, when
// asked, the check of the sender's domain in DNS.
import { useActorRef } from '@xstate/react'
import { useContext, useState } from 'react'
import { fromPromise } from 'xstate'
import { adminMailDomainMachine } from '../../../machines/admin-mail-domain-machine'
import { adminSummaryMachine } from '../../../machines/admin-summary-machine'
import * as api from '../admin-api-client'
import { AreaFrame } from '../area-frame'
import { SummaryView } from '../summary-view'
import { GivenFigures, takeFigures } from '../known-at-start'

const summaryMachine = adminSummaryMachine.provide({
  actors: { fetchSummary: fromPromise(({ signal }) => api.fetchSummary(signal)), fetchParts: fromPromise(({ signal }) => api.fetchOverviewParts(signal)) },
})
const mailDomainMachine = adminMailDomainMachine.provide({ actors: { checkMailDomain: fromPromise(({ signal }) => api.checkMailDomain(signal)) } })

export function OverviewArea() {
  const given = useContext(GivenFigures)
  const [input] = useState(() => ({ figures: given ?? takeFigures() }))
  return (
    <AreaFrame name="Overview">
      <SummaryView summary={useActorRef(summaryMachine, { input })} mailDomain={useActorRef(mailDomainMachine)} />
    </AreaFrame>
  )
}
