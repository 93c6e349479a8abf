// "Where signups come from" (issue 32): the range (the last 7, 30 or 90 days), what the live region says, how visits
// are counted, and the report's tables (analytics-tables.tsx). Loading, ready and failed are the analytics machine's
// states. Focus on a change of range: the range buttons are toggle buttons (aria-pressed) that are never disabled or
// replaced, so the one pressed keeps the keyboard's focus while the report loads, and the live region says which
// range loads and then which days are shown; moving focus into the tables would make the team find their way back.
// The one other button (Refresh, or Try again after a failure) is the same element in every state, for the same reason.
import { useSelector } from '@xstate/react'
import styled from 'styled-components'
import type { ActorRefFrom } from 'xstate'
import { adminAnalyticsMessages, type adminAnalyticsMachine } from '../../machines/admin-analytics-machine'
import { analyticsRanges, countingVisitsPath, fewerThanFive } from '../../shared/analytics'
import { Row, Status } from './admin-styles'
import { Button } from './button'
import { AnalyticsTable, analyticsTables } from './analytics-tables'

type Analytics = ActorRefFrom<typeof adminAnalyticsMachine>

const Ranges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`

export const analyticsOffNote =
  'Counting visits is off: the server runs with ANALYTICS=off, so no visit is counted and the site’s beacon is refused. What was counted before it was turned off stays below, and confirmed, invited and claimed still come from the signups themselves.'

export function AnalyticsView({ analytics }: { analytics: Analytics }) {
  const state = useSelector(analytics, (snapshot) => snapshot)
  const { days, report } = state.context
  const failed = state.matches('failed')
  const live = state.matches('loading') ? adminAnalyticsMessages.loading(days) : report && !failed ? adminAnalyticsMessages.showing(days, report) : ''
  const reload = () => state.can({ type: 'RELOAD' }) && analytics.send({ type: 'RELOAD' })
  return (
    <section aria-labelledby="analytics-heading" aria-busy={state.hasTag('busy')}>
      <h2 id="analytics-heading">Where signups come from</h2>
      <Row>
        <Ranges role="group" aria-label="Days shown">
          {analyticsRanges.map((range) => (
            <Button
              key={range}
              type="button"
              $tone={range === days ? undefined : 'plain'}
              aria-pressed={range === days}
              onClick={() => analytics.send({ type: 'CHOOSE_RANGE', days: range })}
            >
              Last {range} days
            </Button>
          ))}
        </Ranges>
        <Button type="button" $tone="plain" aria-disabled={!state.can({ type: 'RELOAD' })} onClick={reload}>
          {failed ? 'Try again' : 'Refresh'}
        </Button>
      </Row>
      <Status role="status" aria-live="polite">{live}</Status>
      {failed && <Status role="alert" $tone="error">{adminAnalyticsMessages.failed}</Status>}
      <HowCounted exact={report?.exact} rawDays={report?.rawDays} />
      {report?.countedAt && !failed && <p>{countedNote(report.countedAt, report.countEverySeconds)}</p>}
      {report && !failed && (
        <>
          {!report.enabled && <Status $tone="error">{analyticsOffNote}</Status>}
          {analyticsTables.map((spec) => <AnalyticsTable key={spec.table} spec={spec} report={report} />)}
        </>
      )}
    </section>
  )
}

/** Today's figures are the analytics' clock's last count, not this moment's: when it was, and how often it runs. */
export const countedNote = (countedAt: string, everySeconds: number) =>
  `Today’s figures are as counted at ${countedAt.slice(11, 19)} UTC; today is counted again every ${everySeconds === 60 ? 'minute' : `${everySeconds} seconds`}.`

/** Who reads exact counts, in one line, with the link to how visits are counted (the privacy policy's section). */
function HowCounted({ exact, rawDays }: { exact: boolean | undefined; rawDays: number | undefined }) {
  return (
    <p>
      {exact === false
        ? `Counts from 1 to 4 show as “${fewerThanFive}”: your role does not see the people. `
        : 'Counts are exact, as your role sees the people; a viewer, and a CSV for outside, see 1 to 4 as “fewer than 5”. '}
      Days are UTC{rawDays === undefined ? '' : `, raw views kept ${rawDays} ${rawDays === 1 ? 'day' : 'days'}`}. <a href={countingVisitsPath}>How visits are counted</a>
    </p>
  )
}
