// The console's analytics (issue 32), under /api/admin behind the console's session and Origin checks: the funnel
// per day and the tables of sources, campaigns, landing pages, pages, referring sites and devices over a range of
// UTC days (the last 30 by default), each table cut to its top rows, and any one of them whole as CSV. A download is
// audited. Both need only figures:read: no address reaches them, since a visit's value that looks like one is
// never kept (dimension-values.ts).
import { Hono, type Context } from 'hono'
import { defaultAnalyticsRange, lastDays, reportTables, reportTopRows, type AnalyticsReport, type FunnelRow, type ReportTable } from '../../../shared/analytics'
import type { Reply } from '../../../shared/console-api'
import { csvRow } from '../../platform/http/csv'
import { consoleRoutes } from '../../../shared/console-routes'
import type { AdminEnv } from '../../platform/console/guard'
import { on } from '../../platform/console/console-route'
import type { Audit } from '../../platform/console/audit'
import { isDay, type AnalyticsReader, type AnalyticsSettings } from './analytics-report'

export type AnalyticsConsoleOptions = { reader: AnalyticsReader; settings: AnalyticsSettings; audit: Audit; now: () => Date }

export const analyticsMessages = {
  badRange: 'Give the days as YYYY-MM-DD, from before to, at most 366 days apart.',
  badTable: `Choose a table: ${reportTables.join(', ')}.`,
} as const

const dayMs = 86_400_000

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
    return c.json({ ok: true, ...(await reader.report(range.from, range.to, options.settings, { top: reportTopRows })) } satisfies Reply<AnalyticsReport>)
  })

  on(routes, consoleRoutes.analyticsCsv, async (c) => {
    const range = rangeOf(c)
    if (!range) return c.json({ ok: false, message: analyticsMessages.badRange }, 400)
    const name = reportTables.find((table) => table === c.req.query('table'))
    if (!name) return c.json({ ok: false, message: analyticsMessages.badTable }, 400)
    const report = await reader.report(range.from, range.to, options.settings)
    await options.audit(c.get('adminEmail'), 'export', `analytics: ${name}, ${range.from} to ${range.to}`)
    const columns = ['visitors', 'views', 'signups', 'confirmed', 'invited', 'claimed', 'activated'] as const
    const cell = (value: FunnelRow[(typeof columns)[number]]) => (value === null ? '' : String(value))
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="analytics-${name}-${range.from}-${range.to}.csv"`)
    const rows = (report[name as ReportTable] as FunnelRow[]).map((row) => csvRow([row.key, ...columns.map((column) => cell(row[column]))]))
    return c.body([csvRow([name === 'days' ? 'day' : name.replace(/s$/, ''), ...columns]), ...rows].join(''))
  })
  return routes
}
