// Signups per day over 90 days as plain SVG bars: no chart library for one bar chart. For screen readers the
// SVG is one image with a summary, and the figures are also a table behind a disclosure.
import { theme } from '../ui/theme'

const width = 900
const height = 180

export function SignupsChart({ perDay }: { perDay: { day: string; count: number }[] }) {
  const max = Math.max(1, ...perDay.map((day) => day.count))
  const total = perDay.reduce((sum, day) => sum + day.count, 0)
  const busiest = perDay.reduce((best, day) => (day.count > best.count ? day : best), perDay[0] ?? { day: '', count: 0 })
  const bar = width / Math.max(1, perDay.length)
  const summary = `${total} signups in the last ${perDay.length} days${busiest.count > 0 ? `; the busiest day was ${busiest.day} with ${busiest.count}` : ''}.`
  return (
    <section aria-labelledby="chart-heading">
      <h2 id="chart-heading">Signups per day, last {perDay.length} days</h2>
      <figure style={{ margin: 0 }}>
        <svg viewBox={`0 0 ${width} ${height + 20}`} role="img" aria-labelledby="chart-summary" width="100%" data-total={total}>
          <line x1="0" y1={height} x2={width} y2={height} stroke={theme.color.inkMuted} />
          {perDay.map((day, index) => {
            const barHeight = (day.count / max) * (height - 10)
            return (
              <rect key={day.day} x={index * bar + 1} y={height - barHeight} width={Math.max(1, bar - 2)} height={barHeight} fill={theme.color.brand}>
                <title>{`${day.day}: ${day.count}`}</title>
              </rect>
            )
          })}
          <text x="0" y={height + 16} fontSize="13" fill={theme.color.ink}>{perDay[0]?.day}</text>
          <text x={width} y={height + 16} fontSize="13" fill={theme.color.ink} textAnchor="end">{perDay.at(-1)?.day}</text>
        </svg>
        <figcaption id="chart-summary">{summary}</figcaption>
      </figure>
      <details>
        <summary>The figures as a table (days with signups)</summary>
        <table>
          <thead><tr><th scope="col">Day</th><th scope="col">Signups</th></tr></thead>
          <tbody>{perDay.filter((day) => day.count > 0).map((day) => <tr key={day.day}><td>{day.day}</td><td>{day.count}</td></tr>)}</tbody>
        </table>
      </details>
    </section>
  )
}
