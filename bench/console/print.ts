// What bench/console.ts prints: a table per engine, and one line of issue 35's goals against the figures.
import { firstViewGoals, type PageTiming } from './areas'
import { givenBackMb, percentile, type ExportRun, type Timing } from './measure'

export type EngineReport = {
  name: string
  calls: Timing[]
  exported: ExportRun
  consoleHealthz: { ms: number[]; failures: number }
  /** Each area's first view (issue 47), and the Overview in Chromium on a warm and a cold cache. */
  firstViews: Timing[]
  overviewPage: PageTiming[]
}

/** Issue 35's goals. Its "given back after" the export is read here as: the server's RSS within givenBackMb of
 * what it was before, within a minute of quiet after it answers again (V8 gives its heap back once idle). */
export const goals = { callP99Ms: 200, exportSeconds: 30, exportGrowthMb: 100, givenBackMb, givenBackWithinS: 60, beatP99Ms: 50 }

const number = (value: number, digits = 1) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
const mb = (bytes: number) => number(bytes / 1e6)
const signed = (bytes: number) => `${bytes >= 0 ? '+' : ''}${mb(bytes)}`

const columns = [66, 3, 9, 9, 9]

/** The table's head, as lines. */
export const tableHead = (): string[] => {
  const head = ['call', 'n', 'p50 ms', 'p99 ms', 'max ms']
  return [row(head), columns.map((width) => '-'.repeat(width)).join('  ')]
}

const row = (cells: string[]) =>
  cells
    .map((cell, column) => (column === 0 ? cell.padEnd(columns[0]!) : column < columns.length ? cell.padStart(columns[column]!) : cell))
    .join('  ')
    .trimEnd()

/** One call's line of the table. */
export function tableRow(timing: Timing): string {
  if (timing.skipped) return row([timing.name, '–', 'n/a', 'n/a', 'n/a', timing.skipped])
  const [p50, p99, max] = timing.ms.length === 0 ? ['–', '–', '–'] : [0.5, 0.99, 1].map((p) => number(percentile(timing.ms, p)))
  if (timing.timedOutAfterS !== undefined) return row([timing.name, String(timing.ms.length), p50!, `> ${timing.timedOutAfterS} s`, `> ${timing.timedOutAfterS} s`, 'a request was aborted'])
  return row([timing.name, String(timing.ms.length), p50!, p99!, max!, timing.failed ? `failed: ${timing.failed}` : (timing.note ?? '')])
}

/** Latencies of requests sent on a beat, in one phrase. */
export function beat(what: string, { ms, failures }: { ms: number[]; failures: number }): string {
  if (ms.length === 0) return `${what}: none sent`
  return `${what} n=${ms.length} p50 ${number(percentile(ms, 0.5))} p99 ${number(percentile(ms, 0.99))} max ${number(percentile(ms, 1))} ms${failures > 0 ? ` (${failures} failed)` : ''}`
}

/** The export, and what the server's memory and its other requests did meanwhile, as lines. */
export function exportLines(run: ExportRun): string[] {
  const { before, peak, after } = run.rss
  const took = run.timedOutAfterS !== undefined ? `aborted at ${run.timedOutAfterS} s (> ${run.timedOutAfterS} s)` : `in ${number(run.seconds)} s`
  return [
    `export (GET /api/admin/signups.csv, read and dropped): ${run.rows.toLocaleString('en-US')} rows (${number(run.megabytes)} MB) ${took}` +
      `${run.failed ? `, failed: ${run.failed}` : ''}; the server answered /healthz within 1 s again ${number(run.busyAfterS)} s after`,
    `server RSS ${mb(before)} MB before, ${mb(peak)} MB at its peak (${signed(peak - before)}), ${mb(after)} MB at the end (${signed(after - before)}): ` +
      (run.givenBackAfterS === undefined ? `not within ${givenBackMb} MB of before after a minute of quiet` : `within ${givenBackMb} MB of before after ${number(run.givenBackAfterS)} s of quiet`),
    `during the export: ${beat('GET /healthz', run.healthz)}; ${beat('POST /api/waitlist', run.signups)}`,
  ]
}

/** One line: each goal, pass or FAIL, with the figure beside it. */
export function goalsLine(report: EngineReport): string {
  const measured = report.calls.filter((timing) => !timing.skipped)
  const p99 = (timing: Timing) => (timing.timedOutAfterS !== undefined ? Infinity : timing.ms.length ? percentile(timing.ms, 0.99) : Number.NaN)
  const over = measured.filter((timing) => !(p99(timing) <= goals.callP99Ms))
  const slowest = [...measured].sort((a, b) => p99(b) - p99(a))[0]
  const shown = (ms: number) => (ms === Infinity ? `> 60 s` : `${number(ms, 0)} ms`)
  const run = report.exported
  const growth = (run.rss.peak - run.rss.before) / 1e6
  const beatP99 = (ms: number[]) => (ms.length ? percentile(ms, 0.99) : Number.NaN)
  const verdict = (ok: boolean) => (ok ? 'pass' : 'FAIL')
  const exportOk = run.timedOutAfterS === undefined && !run.failed && run.seconds <= goals.exportSeconds
  const viewsOver = report.firstViews.filter((timing) => !(p99(timing) <= firstViewGoals.callsP99Ms))
  const slowestView = [...report.firstViews].sort((a, b) => p99(b) - p99(a))[0]
  // The goal is the first view's, the totals; the times until the console's script is in control and every other part
  // is in its place are printed beside it.
  const cache = (timing: PageTiming) => (timing.name.includes('warm') ? 'warm' : 'cold')
  const pages = report.overviewPage
    .filter((timing) => timing.until === 'totals')
    .map((timing) => {
      const figure = timing.failed ? Number.NaN : p99(timing)
      return `${cache(timing)} ${verdict(figure <= firstViewGoals.overviewPageP99Ms)} (${timing.failed ? `failed: ${timing.failed}` : shown(figure)})`
    })
  const p99sUntil = (until: PageTiming['until']) => report.overviewPage.filter((timing) => timing.until === until && !timing.failed).map((timing) => `${cache(timing)} ${shown(p99(timing))}`)
  const [takenOver, everyPart] = [p99sUntil('taken over'), p99sUntil('every part')]
  return [
    `${report.name.split(',')[0]}: first views p99 ≤ ${firstViewGoals.callsP99Ms} ms ${verdict(report.firstViews.length > 0 && viewsOver.length === 0)} ` +
      `(${viewsOver.length} of ${report.firstViews.length} over${slowestView ? `; slowest ${slowestView.name} ${shown(p99(slowestView))}` : ''})`,
    `Overview page p99 ≤ ${firstViewGoals.overviewPageP99Ms} ms with its JS ${pages.length ? pages.join(', ') : 'not measured'}` +
      (takenOver.length ? `; the console's script in control at p99: ${takenOver.join(', ')}` : '') +
      (everyPart.length ? `; every part in its place at p99: ${everyPart.join(', ')}` : ''),
    `console p99 ≤ ${goals.callP99Ms} ms ${verdict(over.length === 0)} (${over.length} of ${measured.length} over${slowest ? `; slowest ${slowest.name} ${shown(p99(slowest))}` : ''})`,
    `export ≤ ${goals.exportSeconds} s ${verdict(exportOk)} (${run.timedOutAfterS !== undefined ? `> ${run.timedOutAfterS} s, ${run.rows.toLocaleString('en-US')} rows by then` : `${number(run.seconds)} s`})`,
    `peak ≤ +${goals.exportGrowthMb} MB ${verdict(growth <= goals.exportGrowthMb)} (${signed(growth * 1e6)} MB)`,
    `given back (within ${goals.givenBackMb} MB in ${goals.givenBackWithinS} s) ${verdict(run.givenBackAfterS !== undefined && run.givenBackAfterS <= goals.givenBackWithinS)} ` +
      `(${run.givenBackAfterS === undefined ? 'not' : `${number(run.givenBackAfterS)} s`})`,
    `/healthz p99 ≤ ${goals.beatP99Ms} ms ${verdict(beatP99(run.healthz.ms) <= goals.beatP99Ms && beatP99(report.consoleHealthz.ms) <= goals.beatP99Ms)} ` +
      `(export ${number(beatP99(run.healthz.ms), 0)} ms, console ${number(beatP99(report.consoleHealthz.ms), 0)} ms)`,
    `signup p99 ≤ ${goals.beatP99Ms} ms during the export ${verdict(beatP99(run.signups.ms) <= goals.beatP99Ms)} (${number(beatP99(run.signups.ms), 0)} ms)`,
  ].join(' · ')
}
