// What the console shows of the visits (issue 32), written once for both engines: per day and per source,
// campaign, landing page, page, referring site and device, visitors → signups (joined by the day's hash) →
// confirmed → invited → claimed (from the signups' own record). Finished days are read from their daily counts
// (analytics_daily); a day not rolled up yet (today) is counted from its raw views, by the same statement the
// roll-up keeps (dayCounts). A table's row over several days adds each day's visitors: a visitor is one per day.
// Every count under 5 is shown as words (shared/analytics.ts shownCount).
import { sql, type RawBuilder } from 'kysely'
import { shownCount, type AnalyticsReport, type FunnelRow, type ReportTable } from '../../../shared/analytics'
import type { Engine } from '../../platform/database/contract'
import type { Database } from '../../platform/database/database'
import type { Dimension } from './analytics-store'

type Counts = { visitors: number; views: number; signups: number }
type Steps = { confirmed: number; invited: number; claimed: number }

/** One day's counts per dimension and value, from its raw views: the roll-up stores them, the report reads today's.
 * One pass: each visitor's first view, number of views and signup are found once (the signup by EXISTS along
 * analytics_conversions (day, visitor)), then grouped by each dimension. Joining the day's converted visitors for
 * each dimension instead made SQLite scan them once per visitor per dimension: 15–39 s for 116,000 views, against
 * 0.24–0.34 s this way (docs/performance.md, "Counting visits"). */
export function dayCounts(engine: Engine, day: string): RawBuilder<{ dimension: Dimension; value: string; visitors: number; views: number; signups: number }> {
  const signedUp = (visitor: string) =>
    sql<number>`CASE WHEN EXISTS (SELECT 1 FROM analytics_conversions c WHERE c.day = ${day} AND c.visitor = ${sql.ref(visitor)}) THEN 1 ELSE 0 END`
  const counts = sql`count(*) AS visitors, sum(n) AS views, sum(signed_up) AS signups`
  const by = (dimension: Dimension, column: string) => sql`SELECT ${sql.lit(dimension)} AS dimension, ${sql.ref(column)} AS value, ${counts} FROM visits GROUP BY ${sql.ref(column)}`
  // PostgreSQL's count(DISTINCT …) is a bigint like the others' sums, so that the union's columns agree.
  const numeric = engine === 'postgres' ? sql`::bigint` : sql``
  return sql`WITH visits AS MATERIALIZED (
      SELECT v.visitor, v.source, coalesce(v.campaign, '') AS campaign, coalesce(v.referrer, '') AS referrer, v.page AS landing, v.device, f.n, ${signedUp('v.visitor')} AS signed_up
      FROM (SELECT visitor, min(id) AS id, count(*) AS n FROM analytics_views WHERE day = ${day} GROUP BY visitor) f JOIN analytics_views v ON v.id = f.id)
    SELECT 'all' AS dimension, '' AS value, ${counts} FROM visits
    UNION ALL ${by('source', 'source')} UNION ALL ${by('campaign', 'campaign')} UNION ALL ${by('referrer', 'referrer')}
    UNION ALL ${by('landing', 'landing')} UNION ALL ${by('device', 'device')}
    UNION ALL SELECT 'page', v.page, count(DISTINCT v.visitor)${numeric}, count(*)${numeric}, count(DISTINCT CASE WHEN ${signedUp('v.visitor')} = 1 THEN v.visitor END)${numeric}
      FROM analytics_views v WHERE v.day = ${day} GROUP BY v.page`
}

const tableOf: Record<Exclude<Dimension, 'all'>, Exclude<ReportTable, 'days'>> = {
  source: 'sources',
  campaign: 'campaigns',
  referrer: 'referrers',
  landing: 'landings',
  page: 'pages',
  device: 'devices',
}

export type AnalyticsReader = { report(from: string, to: string, now: Date, settings: { enabled: boolean; rawDays: number }): Promise<AnalyticsReport> }

export function analyticsReader(database: Database): AnalyticsReader {
  // The console's long reads go through the reads connection, never the one signups wait for (SQLite's read thread).
  const db = database.reads
  const day = database.utcDay('created_at').text
  const iso = (date: Date) => date.toISOString()

  // The signups' own record, by the day they signed up, their source (as a visit's: their campaign's source, a share
  // link, the site that sent them, or direct) and campaign: how many reached each step.
  async function steps(from: string, to: string) {
    const source = sql<string>`CASE WHEN utm_source IS NOT NULL THEN utm_source
      WHEN EXISTS (SELECT 1 FROM referrals r WHERE r.friend_id = signups.id AND r.outcome <> 'noReferrer') THEN 'referral'
      WHEN referrer_origin IS NOT NULL THEN replace(replace(referrer_origin, 'https://', ''), 'http://', '')
      ELSE 'direct' END`
    const end = iso(new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000))
    return db
      .selectFrom('signups')
      .select((eb) => [
        day.as('day'),
        source.as('source'),
        eb.fn.coalesce('utm_campaign', sql.lit('')).as('campaign'),
        sql<number>`count(confirmed_at)`.as('confirmed'),
        sql<number>`count(CASE WHEN status IN ('invited', 'claimed', 'expired') THEN 1 END)`.as('invited'),
        sql<number>`count(CASE WHEN status = 'claimed' THEN 1 END)`.as('claimed'),
      ])
      .where('created_at', '>=', iso(new Date(`${from}T00:00:00Z`)))
      .where('created_at', '<', end)
      .groupBy([day, source, sql`coalesce(utm_campaign, '')`])
      .execute()
  }

  async function counted(from: string, to: string): Promise<{ day: string; dimension: Dimension; value: string; visitors: number; views: number; signups: number }[]> {
    const rolled = await db.selectFrom('analytics_daily').selectAll().where('day', '>=', from).where('day', '<=', to).execute()
    const rolledDays = new Set(rolled.filter((row) => row.dimension === 'all').map((row) => row.day))
    const raw = await db.selectFrom('analytics_views').select('day').distinct().where('day', '>=', from).where('day', '<=', to).execute()
    const live = []
    for (const { day: rawDay } of raw.filter((row) => !rolledDays.has(row.day))) {
      const rows = await dayCounts(database.engine, rawDay).execute(db)
      live.push(...rows.rows.map((row) => ({ ...row, day: rawDay })))
    }
    return [...rolled.map((row) => ({ ...row, dimension: row.dimension as Dimension })), ...live]
  }

  return {
    async report(from, to, _now, settings) {
      const [rows, signupSteps] = await Promise.all([counted(from, to), steps(from, to)])
      const add = (into: Map<string, Counts & Partial<Steps>>, key: string, counts: Partial<Counts & Steps>) => {
        const row = into.get(key) ?? { visitors: 0, views: 0, signups: 0 }
        for (const [name, n] of Object.entries(counts)) (row as Record<string, number>)[name] = ((row as Record<string, number | undefined>)[name] ?? 0) + Number(n)
        into.set(key, row)
      }
      const tables = new Map<ReportTable, Map<string, Counts & Partial<Steps>>>()
      const table = (name: ReportTable) => tables.get(name) ?? tables.set(name, new Map()).get(name)!
      for (const row of rows) {
        const counts = { visitors: row.visitors, views: row.views, signups: row.signups }
        if (row.dimension === 'all') add(table('days'), row.day, counts)
        else add(table(tableOf[row.dimension]), row.value, counts)
      }
      for (const row of signupSteps) {
        const reached = { confirmed: row.confirmed, invited: row.invited, claimed: row.claimed }
        add(table('days'), String(row.day), reached)
        add(table('sources'), row.source, reached)
        add(table('campaigns'), String(row.campaign), reached)
      }
      const withSteps = new Set<ReportTable>(['days', 'sources', 'campaigns'])
      const shown = (name: ReportTable): FunnelRow[] => {
        const entries = [...table(name).entries()]
        entries.sort(name === 'days' ? ([a], [b]) => a.localeCompare(b) : ([a, x], [b, y]) => y.visitors - x.visitors || a.localeCompare(b))
        return entries.map(([key, row]) => ({
          key,
          visitors: shownCount(row.visitors),
          views: shownCount(row.views),
          signups: shownCount(row.signups),
          confirmed: withSteps.has(name) ? shownCount(row.confirmed ?? 0) : null,
          invited: withSteps.has(name) ? shownCount(row.invited ?? 0) : null,
          claimed: withSteps.has(name) ? shownCount(row.claimed ?? 0) : null,
        }))
      }
      return {
        from,
        to,
        ...settings,
        days: shown('days'),
        sources: shown('sources'),
        campaigns: shown('campaigns'),
        landings: shown('landings'),
        pages: shown('pages'),
        referrers: shown('referrers'),
        devices: shown('devices'),
      }
    },
  }
}

/** Whether `text` is a UTC day as the report takes it. */
export const isDay = (text: unknown): text is string => typeof text === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))

