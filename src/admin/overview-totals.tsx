// The Overview's totals, each with its one definition beside it (overview-figures.ts), and the trend of signups
// against the week before, in words with a sign.
import styled from 'styled-components'
import type { SignupTotals } from '../../shared/console-api'
import type { DayCount } from '../../shared/console-rows'
import { figure } from '../../shared/figures'
import { theme } from '../ui/theme'
import { Cards } from './admin-styles'
import { signupTrend, totalDefinitions } from './overview-figures'

const Totals = styled(Cards)`
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  dt span { display: block; font-size: 0.85rem; margin-top: 0.2rem; }
`
const Trend = styled.p`
  font-size: 1.05rem;
  strong { color: ${theme.color.ink}; }
`

/** The launch's statuses (invited, claimed, expired) are shown once anyone has been invited. */
const shown = (totals: SignupTotals) => (totals.invited + totals.claimed + totals.expired > 0 ? totalDefinitions : totalDefinitions.filter(({ key }) => !['invited', 'claimed', 'expired'].includes(key)))

export function OverviewTotals({ totals, perDay, today }: { totals: SignupTotals; perDay: DayCount[]; today: Date }) {
  const trend = signupTrend(perDay, today)
  return (
    <>
      <Totals>
        {shown(totals).map(({ key, name, definition }) => (
          <div key={key}>
            <dt>
              {name}
              <span>{definition}</span>
            </dt>
            <dd>{figure(totals[key])}</dd>
          </div>
        ))}
      </Totals>
      <Trend>
        Signups in the last 7 days (UTC): <strong>{trend.words}</strong>.
      </Trend>
    </>
  )
}
