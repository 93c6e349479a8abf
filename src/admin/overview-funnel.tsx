// The Overview's funnel (issue 47): of the people who signed up in the last days, how many reached each step, with
// visitors before them when visits are counted. One population throughout (the signups of those days, as the
// analytics' own record counts them), so each step is at most the one before, and a bar beside each number shows
// its share of the first. "Ever confirmed" is named apart from the totals' "Confirmed now".
import type { ShownCount } from '../../shared/analytics'
import { figure } from '../../shared/figures'
import type { OverviewFunnel } from '../../machines/admin-summary-machine'
import styled from 'styled-components'
import { TableScroll } from './admin-styles'
import { ShareBar } from './share-bar'

// Three columns wrap on a phone rather than scroll; where they still cannot fit, the box scrolls and takes the focus.
const Scroll = styled(TableScroll)`
  table { min-width: 0; }
  caption { text-align: left; padding-bottom: 0.35rem; }
`

type Step = { name: string; definition: string; value: ShownCount | null }

const shownValue = (value: ShownCount | null) => (value === null ? 'not counted' : typeof value === 'number' ? figure(value) : value)
const numeric = (value: ShownCount | null) => (typeof value === 'number' ? value : 0)

export function FunnelTable({ funnel, signups }: { funnel: OverviewFunnel; signups: number }) {
  const { total, days } = funnel
  const steps: Step[] = [
    { name: 'Visitors', definition: funnel.enabled ? 'Distinct visitors each day, added up.' : 'Counting visits is off (ANALYTICS=off).', value: funnel.enabled ? total.visitors : null },
    { name: 'Signed up', definition: `Signups made in these ${days} days.`, value: signups },
    { name: 'Ever confirmed', definition: 'Of them, confirmed at some time, whatever came after.', value: total.confirmed },
    { name: 'Invited', definition: 'Of them, invited at some time (claimed or expired since, or not).', value: total.invited },
    { name: 'Claimed', definition: 'Of them, claimed their invitation.', value: total.claimed },
    { name: 'Activated', definition: 'Of them, the app reported signed in (/api/v1/activations).', value: total.activated },
  ]
  const max = Math.max(...steps.map((step) => numeric(step.value)))
  return (
    <Scroll tabIndex={0} role="region" aria-label="Funnel from visit to activation">
      <table>
        <caption>From visit to activation, the last {days} days (UTC)</caption>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">People</th>
            <th scope="col">What it counts</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => (
            <tr key={step.name}>
              <th scope="row">{step.name}</th>
              <td>
                {shownValue(step.value)}
                <ShareBar value={numeric(step.value)} max={max} />
              </td>
              <td>{step.definition}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  )
}

const sourceWords: Record<string, string> = { referral: 'referral (a share link)', direct: 'direct (no campaign, share link or other site)' }

/** Where the last days' signups came from: the campaign's utm_source, a share link, the site that linked, or direct;
 * counted as the analytics joins a signup to its visit (a signup with no counted visit is in no row). */
export function SourcesTable({ funnel }: { funnel: OverviewFunnel }) {
  if (funnel.sources.length === 0) return <p>No signup came through a counted visit in these days.</p>
  const max = Math.max(...funnel.sources.map((row) => numeric(row.signups)))
  return (
    <Scroll tabIndex={0} role="region" aria-label="Signups by source">
      <table>
        <caption>Signups by source, the last {funnel.days} days (UTC), the most first</caption>
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col">Signups in their visit</th>
          </tr>
        </thead>
        <tbody>
          {funnel.sources.map((row) => (
            <tr key={row.key}>
              <th scope="row">{Object.hasOwn(sourceWords, row.key) ? sourceWords[row.key] : row.key}</th>
              <td>
                {shownValue(row.signups)}
                <ShareBar value={numeric(row.signups)} max={max} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  )
}
