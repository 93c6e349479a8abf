// `npm run bench:email-render`: a benchmark, not a test. The outbox renders each email as it sends it, one at a
// time, within a send budget of seconds (server/platform/outbox/outbox-sender.ts): a render must stay a matter of
// milliseconds. Builds every email the service sends (scripts/email-samples.ts, both parts) after a warm-up,
// BENCH_RUNS times each (default 101), and prints the median, the 90th percentile and the slowest, with a verdict
// against 50 ms at the median, which leaves room for a loaded machine and still catches a render grown to a
// tenth of a second. Figures: docs/performance.md.
import { emailSamples } from '../scripts/email-samples'
import { printHeader } from './harness/print'
import { wholeNumber } from './harness/settings'

const runs = wholeNumber('BENCH_RUNS', 101)
const medianBoundMs = 50
const warmUps = 5

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!

const rows = emailSamples.map(({ component, build }) => {
  for (let warm = 0; warm < warmUps; warm++) build()
  const times = Array.from({ length: runs }, () => {
    const started = performance.now()
    build()
    return performance.now() - started
  }).sort((a, b) => a - b)
  return { component, median: percentile(times, 0.5), p90: percentile(times, 0.9), max: times.at(-1)! }
})

printHeader(`Every email built ${runs} times after ${warmUps} warm-ups`)
const cells = [['email', 'median ms', 'p90 ms', 'max ms'], ...rows.map((row) => [row.component, row.median.toFixed(2), row.p90.toFixed(2), row.max.toFixed(2)])]
const widths = cells[0]!.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)))
const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')
console.log(['', line(cells[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.slice(1).map(line), ''].join('\n'))
const slow = rows.filter((row) => row.median >= medianBoundMs)
console.log(slow.length === 0 ? `pass  every median under ${medianBoundMs} ms` : `FAIL  a median of ${medianBoundMs} ms or more: ${slow.map((row) => row.component).join(', ')}`)
if (slow.length > 0) process.exitCode = 1
