// Sources (/admin/sources): where signups come from: visits, pages, referrers and campaigns over a range of days.
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { adminAnalyticsMachine } from '../../../machines/admin-analytics-machine'
import { lastDays } from '../../../shared/analytics'
import * as api from '../admin-api-client'
import { AnalyticsView } from '../analytics-view'
import { AreaFrame } from '../area-frame'

// The range's days are taken from the clock when it is asked for, so a console left open past midnight asks for today.
const analyticsMachine = adminAnalyticsMachine.provide({
  actors: { fetchReport: fromPromise(({ input, signal }) => api.fetchAnalytics(lastDays(input.days, new Date()), signal)) },
})

export function SourcesArea() {
  return (
    <AreaFrame name="Sources">
      <AnalyticsView analytics={useActorRef(analyticsMachine)} />
    </AreaFrame>
  )
}
