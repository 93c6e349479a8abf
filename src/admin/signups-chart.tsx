// Signups per day over 90 days as plain SVG bars: no chart library for one bar chart. Two panels share the days:
// all signups above, and below, on a scale of its own, the confirmed signups that came through a referral (issue
// 21). On one scale a series 1 % the size of the other is a bar 1 or 2 px high at a million signups, which nobody
// can read; a second scale on the same bars is easily misread as the same scale; a panel of its own with its own
// labelled axis says what it is. Each axis has round, labelled ticks. For screen readers the SVG is one image with
// a summary, and the figures are also a table behind a disclosure.
import type { DayCount, ReferralSummary } from '../../shared/console-rows'
import { counted, figure } from '../../shared/figures'
import { theme } from '../ui/theme'
import { niceTicks } from './chart-scale'

const width = 900
const axis = 76 // room for the tick labels, "1,000,000" at the font size below
const fontSize = 13
const panels = { signups: { top: 24, height: 160 }, referrals: { top: 222, height: 64 } }
const height = panels.referrals.top + panels.referrals.height + 22

/** The referral decisions in a few words: "Referrals: 12 credited, 3 held for review, 5 refused". */
export const referralFigures = ({ credited, held, refused }: Pick<ReferralSummary, 'credited' | 'held' | 'refused'>) =>
  `Referrals: ${figure(credited)} credited, ${figure(held)} held for review, ${figure(refused)} refused`

type Panel = { title: string; values: number[]; days: string[]; top: number; height: number; color: string; series: string; words: (value: number) => string }

/** One panel: its title, its axis with round ticks and grid lines, and a bar per day (at least a hairline for any
 * day above zero, so that a day with one signup is not drawn as a day with none; the true figure is in its title). */
function BarPanel({ title, values, days, top, height: panelHeight, color, series, words }: Panel) {
  const ticks = niceTicks(Math.max(0, ...values), panelHeight < 100 ? 2 : 4)
  const scaleTop = ticks.at(-1)!
  const y = (value: number) => top + panelHeight - (value / scaleTop) * panelHeight
  const bar = (width - axis) / Math.max(1, values.length)
  return (
    <g data-panel={series}>
      <text x={axis} y={top - 8} fontSize={fontSize} fontWeight="600" fill={theme.color.ink}>{title}</text>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={axis} x2={width} y1={y(tick)} y2={y(tick)} stroke={tick === 0 ? theme.color.inkMuted : theme.color.line} />
          <text x={axis - 6} y={y(tick) + 4} fontSize={fontSize} textAnchor="end" fill={theme.color.inkMuted} data-tick={tick}>{figure(tick)}</text>
        </g>
      ))}
      {values.map((value, index) =>
        value > 0 ? (
          <rect key={days[index]} x={axis + index * bar + 1} width={Math.max(1, bar - 2)} y={Math.min(y(value), y(0) - 1)} height={Math.max(1, y(0) - y(value))} fill={color} data-series={series}>
            <title>{`${days[index]}: ${words(value)}`}</title>
          </rect>
        ) : null,
      )}
    </g>
  )
}

export function SignupsChart({ perDay, referrals }: { perDay: DayCount[]; referrals: ReferralSummary }) {
  const referred = new Map(referrals.perDay.map((day) => [day.day, day.count]))
  const referredOn = (day: string) => referred.get(day) ?? 0
  const days = perDay.map((day) => day.day)
  const total = perDay.reduce((sum, day) => sum + day.count, 0)
  const referredTotal = perDay.reduce((sum, day) => sum + referredOn(day.day), 0)
  const busiest = perDay.reduce((best, day) => (day.count > best.count ? day : best), perDay[0] ?? { day: '', count: 0 })
  const summary =
    `${counted(total, 'signup', 'signups')} in the last ${perDay.length} days${busiest.count > 0 ? `; the busiest day was ${busiest.day} with ${figure(busiest.count)}` : ''}. ` +
    `${counted(referredTotal, 'confirmed signup', 'confirmed signups')} came through a referral.`
  return (
    <section aria-labelledby="chart-heading">
      <h2 id="chart-heading">Signups per day, last {perDay.length} days</h2>
      <figure style={{ margin: 0 }}>
        <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="chart-summary" width="100%" data-total={total} data-referred={referredTotal}>
          <BarPanel title="All signups" values={perDay.map((day) => day.count)} days={days} {...panels.signups} color={theme.color.brand} series="signups" words={(value) => counted(value, 'signup', 'signups')} />
          <BarPanel
            title="Confirmed through a referral (its own scale)"
            values={days.map(referredOn)}
            days={days}
            {...panels.referrals}
            color={theme.color.accent}
            series="referrals"
            words={(value) => `${figure(value)} confirmed through a referral`}
          />
          <text x={axis} y={height - 4} fontSize={fontSize} fill={theme.color.ink}>{days[0]}</text>
          <text x={width} y={height - 4} fontSize={fontSize} fill={theme.color.ink} textAnchor="end">{days.at(-1)}</text>
        </svg>
        <figcaption id="chart-summary">{summary}</figcaption>
      </figure>
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
