// Signups per day over 90 days as plain SVG bars: no chart library for one bar chart. The part of each day's bar
// that came through a referral (confirmed friends, issue 21) is a segment at its foot in the accent colour, with a
// legend. For screen readers the SVG is one image with a summary, and the figures are also a table behind a disclosure.
import type { DayCount, ReferralSummary } from '../../shared/console-rows'
import { counted, figure } from '../../shared/figures'
import { theme } from '../ui/theme'

const width = 900
const height = 180

/** The referral decisions in a few words: "Referrals: 12 credited, 3 held for review, 5 refused". */
export const referralFigures = ({ credited, held, refused }: Pick<ReferralSummary, 'credited' | 'held' | 'refused'>) =>
  `Referrals: ${figure(credited)} credited, ${figure(held)} held for review, ${figure(refused)} refused`

export function SignupsChart({ perDay, referrals }: { perDay: DayCount[]; referrals: ReferralSummary }) {
  const referred = new Map(referrals.perDay.map((day) => [day.day, day.count]))
  const referredOn = (day: string) => referred.get(day) ?? 0
  const max = Math.max(1, ...perDay.map((day) => Math.max(day.count, referredOn(day.day))))
  const total = perDay.reduce((sum, day) => sum + day.count, 0)
  const referredTotal = perDay.reduce((sum, day) => sum + referredOn(day.day), 0)
  const busiest = perDay.reduce((best, day) => (day.count > best.count ? day : best), perDay[0] ?? { day: '', count: 0 })
  const bar = width / Math.max(1, perDay.length)
  const summary =
    `${counted(total, 'signup', 'signups')} in the last ${perDay.length} days${busiest.count > 0 ? `; the busiest day was ${busiest.day} with ${figure(busiest.count)}` : ''}. ` +
    `${counted(referredTotal, 'confirmed signup', 'confirmed signups')} came through a referral.`
  return (
    <section aria-labelledby="chart-heading">
      <h2 id="chart-heading">Signups per day, last {perDay.length} days</h2>
      <figure style={{ margin: 0 }}>
        <svg viewBox={`0 0 ${width} ${height + 20}`} role="img" aria-labelledby="chart-summary" width="100%" data-total={total} data-referred={referredTotal}>
          <line x1="0" y1={height} x2={width} y2={height} stroke={theme.color.inkMuted} />
          {perDay.map((day, index) => {
            const fromReferral = referredOn(day.day)
            const barHeight = (Math.max(day.count, fromReferral) / max) * (height - 10)
            const referralHeight = (fromReferral / max) * (height - 10)
            const x = index * bar + 1
            const barWidth = Math.max(1, bar - 2)
            return (
              <g key={day.day}>
                <title>{`${day.day}: ${figure(day.count)}${fromReferral > 0 ? `, ${figure(fromReferral)} through a referral` : ''}`}</title>
                {barHeight > referralHeight && (
                  // The rest of the day's signups, ending a pixel above the referral segment so the two stay apart.
                  <rect x={x} y={height - barHeight} width={barWidth} height={Math.max(0, barHeight - referralHeight - (referralHeight > 0 ? 1 : 0))} fill={theme.color.brand} />
                )}
                {referralHeight > 0 && (
                  <rect x={x} y={height - referralHeight} width={barWidth} height={referralHeight} fill={theme.color.accent} data-series="referrals" />
                )}
              </g>
            )
          })}
          <text x="0" y={height + 16} fontSize="13" fill={theme.color.ink}>{perDay[0]?.day}</text>
          <text x={width} y={height + 16} fontSize="13" fill={theme.color.ink} textAnchor="end">{perDay.at(-1)?.day}</text>
        </svg>
        <figcaption id="chart-summary">{summary}</figcaption>
      </figure>
      {/* The legend repeats the caption's words for sighted readers, so it is hidden from screen readers. */}
      <ul aria-hidden="true" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.4rem 1.25rem', listStyle: 'none', padding: 0, margin: '0.5rem 0' }}>
        <li><Swatch color={theme.color.brand} /> All signups</li>
        <li><Swatch color={theme.color.accent} /> Confirmed signups through a referral</li>
      </ul>
      <p>{referralFigures(referrals)}.</p>
      <details>
        <summary>The figures as a table (days with signups)</summary>
        <table>
          <thead><tr><th scope="col">Day</th><th scope="col">Signups</th><th scope="col">Confirmed through a referral</th></tr></thead>
          <tbody>
            {perDay
              .filter((day) => day.count > 0 || referredOn(day.day) > 0)
              .map((day) => <tr key={day.day}><td>{day.day}</td><td>{figure(day.count)}</td><td>{figure(referredOn(day.day))}</td></tr>)}
          </tbody>
        </table>
      </details>
    </section>
  )
}

function Swatch({ color }: { color: string }) {
  return <span style={{ display: 'inline-block', width: '0.9em', height: '0.9em', marginRight: '0.35em', verticalAlign: '-0.1em', background: color }} />
}
