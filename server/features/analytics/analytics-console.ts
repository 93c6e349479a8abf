// The console's analytics (issue 32), under /api/admin behind the console's session and Origin checks: the funnel
// per day and the tables of sources, campaigns, landing pages, pages, referring sites and devices over a range of
// UTC days (the last 30 by default), each table cut to its top rows, and any one of them whole as CSV. A download is
// audited. Both need only figures:read: no address reaches them, since a visit's value that looks like one is
// never kept (dimension-values.ts). A member who may see the people (people:read) reads every count exact: the
// people table shows them each person's campaign already. Anyone else, and a CSV asked for with ?for=outside (to
// share beyond the team), gets each count from 1 to 4 hidden: as "fewer than 5" in the console, as an empty cell
// in the CSV, whose `masked` column says which cells were left empty, so that the number columns stay numbers.
import { Hono, type Context } from 'hono'
import {
  defaultAnalyticsRange,
  isMasked,
  lastDays,
  maskedRow,
  reportTables,
  reportTopRows,
  type AnalyticsReport,
  type FunnelRow,
  type ReportTable,
  type ShownCount,
} from '../../../shared/analytics'
import type { Reply } from '../../../shared/console-api'
import { csvRow } from '../../platform/http/csv'
import { consoleRoutes } from '../../../shared/console-routes'
import type { AdminEnv } from '../../platform/console/guard'
import { on, seesPeople } from '../../platform/console/console-route'
import type { Audit } from '../../platform/console/audit'
import { isDay, type AnalyticsReader, type AnalyticsSettings } from './analytics-report'

export type AnalyticsConsoleOptions = { reader: AnalyticsReader; settings: AnalyticsSettings; audit: Audit; now: () => Date }

export const analyticsMessages = {
  badRange: 'Give the days as YYYY-MM-DD, from before to, at most 366 days apart.',
  badTable: `Choose a table: ${reportTables.join(', ')}.`,
} as const

const dayMs = 86_400_000

/** The report as a member who may not see the people reads it. */
const masked = (report: AnalyticsReport): AnalyticsReport => ({
  ...report,
  exact: false,
  total: maskedRow(report.total),
  ...Object.fromEntries(reportTables.map((name) => [name, report[name].map(maskedRow)])),
})

export function analyticsConsoleRoutes(options: AnalyticsConsoleOptions): Hono<AdminEnv> {
  const { reader, now } = options
  const routes = new Hono<AdminEnv>()
  const rangeOf = (c: Context) => {
    const to = c.req.query('to') ?? lastDays(defaultAnalyticsRange, now()).to
    const from = c.req.query('from') ?? lastDays(defaultAnalyticsRange, new Date(`${to}T00:00:00Z`)).from
    if (!isDay(from) || !isDay(to) || from > to || Date.parse(to) - Date.parse(from) > 366 * dayMs) return undefined
    return { from, to }
  }

  on(routes, consoleRoutes.analytics, async (c) => {
    const range = rangeOf(c)
    if (!range) return c.json({ ok: false, message: analyticsMessages.badRange }, 400)
    const report = await reader.report(range.from, range.to, options.settings, { top: reportTopRows })
    return c.json({ ok: true, ...(seesPeople(c) ? report : masked(report)) } satisfies Reply<AnalyticsReport>)
  })

  on(routes, consoleRoutes.analyticsCsv, async (c) => {
    const range = rangeOf(c)
    if (!range) return c.json({ ok: false, message: analyticsMessages.badRange }, 400)
    const name = reportTables.find((table) => table === c.req.query('table'))
    if (!name) return c.json({ ok: false, message: analyticsMessages.badTable }, 400)
    const report = await reader.report(range.from, range.to, options.settings)
    const exact = seesPeople(c) && c.req.query('for') !== 'outside'
    await options.audit(c.get('adminEmail'), 'export', `analytics: ${name}, ${range.from} to ${range.to}${exact ? '' : ', counts under 5 hidden'}`)
    const columns = ['visitors', 'views', 'signups', 'confirmed', 'invited', 'claimed', 'activated'] as const
    const hidden = (value: ShownCount | null) => !exact && typeof value === 'number' && isMasked(value)
    const cell = (value: ShownCount | null) => (value === null || hidden(value) ? '' : String(value))
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="analytics-${name}-${range.from}-${range.to}${exact ? '' : '-masked'}.csv"`)
    const rows = (report[name as ReportTable] as FunnelRow[]).map((row) =>
      csvRow([row.key, ...columns.map((column) => cell(row[column])), columns.filter((column) => hidden(row[column])).join(' ')]),
    )
    return c.body([csvRow([name === 'days' ? 'day' : name.replace(/s$/, ''), ...columns, 'masked']), ...rows].join(''))
  })
  return routes
}
