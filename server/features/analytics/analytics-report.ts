// What the console shows of the visits (issue 32), written once for both engines: per day and per source,
// campaign, landing page, page, referring site and device, visitors → signups (joined by the day's hash) →
// confirmed → invited → claimed → activated (from the signups' own record, and the API's activations). It reads counts, never raw views: finished days
// from their daily counts (analytics_daily), summed once per range and kept, since a rolled-up day never changes;
// the day not rolled up yet (today) from its counts so far (analytics_partial), which the analytics' clock makes by
// the same statement the roll-up keeps (dayCounts). A table's row over several days adds each day's visitors: a
// visitor is one per day. The counts are exact: the console's route masks those under 5 for a reader who may not see
// the people (analytics-console.ts).
import { sql, type RawBuilder } from 'kysely'
import { analyticsRanges, lastDays, reportTables, type AnalyticsReport, type FunnelRow, type ReportTable } from '../../../shared/analytics'
import type { Engine } from '../../platform/database/contract'
import type { Database } from '../../platform/database/database'
import { activationTable } from '../api/public'
import { keptValue, type Dimension } from './dimension-values'

type Counts = { visitors: number; views: number; signups: number }
type Steps = { confirmed: number; invited: number; claimed: number; activated: number }

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

export type AnalyticsSettings = { enabled: boolean; rawDays: number; countEverySeconds: number }

/** One table, whole or cut to its first `top` rows. */
export type ReportOptions = { top?: number }

export type AnalyticsReader = {
  /** The range's report as of the last count, every count exact: read once after each count, then served from memory. */
  report(from: string, to: string, settings: AnalyticsSettings, options?: ReportOptions): Promise<AnalyticsReport>
  /** After each count (the analytics' clock): reads the console's ranges ending today (shared/analytics.ts
   * analyticsRanges) anew, ahead of the team's look, and forgets every other range read before it. */
  refresh(now: Date): Promise<void>
}

type Summed = { dimension: Dimension; value: string; visitors: number; views: number; signups: number }
type StepRow = { day: string; source: string; campaign: string } & Steps
/** A report with its tables whole and in order, before the settings and the cut. */
type Full = Pick<AnalyticsReport, 'from' | 'to' | 'countedAt' | 'rows' | 'total'> & Record<ReportTable, FunnelRow[]>

/** How many finished ranges' sums an instance keeps: the console's three, and a few chosen by hand. */
const keptSums = 12

export function analyticsReader(database: Database): AnalyticsReader {
  // The console's long reads go through the reads connection, never the one signups wait for (SQLite's read thread).
  const db = database.reads
  const day = database.utcDay('created_at').text
  const iso = (date: Date) => date.toISOString()

  // The signups' own record, by the day they signed up, their source (as a visit's: their campaign's source, a share
  // link, the site that sent them, or direct) and campaign: how many reached each step (0.3 s on SQLite for 100,000
  // signups, so read once per count for the widest range, and cut for the others).
  async function readSteps(from: string, to: string): Promise<StepRow[]> {
    const source = sql<string>`CASE WHEN utm_source IS NOT NULL THEN utm_source
      WHEN EXISTS (SELECT 1 FROM referrals r WHERE r.friend_id = signups.id AND r.outcome <> 'noReferrer') THEN 'referral'
      WHEN referrer_origin IS NOT NULL THEN replace(replace(referrer_origin, 'https://', ''), 'http://', '')
      ELSE 'direct' END`
    const end = iso(new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000))
    const rows = await db
      .selectFrom('signups')
      .select((eb) => [
        day.as('day'),
        source.as('source'),
        eb.fn.coalesce('utm_campaign', sql.lit('')).as('campaign'),
        sql<number>`count(confirmed_at)`.as('confirmed'),
        sql<number>`count(CASE WHEN status IN ('invited', 'claimed', 'expired') THEN 1 END)`.as('invited'),
        sql<number>`count(CASE WHEN status = 'claimed' THEN 1 END)`.as('claimed'),
        sql<number>`count(CASE WHEN EXISTS (SELECT 1 FROM ${sql.table(activationTable.table)} a WHERE ${sql.ref(`a.${activationTable.signupId}`)} = signups.id) THEN 1 END)`.as('activated'),
      ])
      .where('created_at', '>=', iso(new Date(`${from}T00:00:00Z`)))
      .where('created_at', '<', end)
      .groupBy([day, source, sql`coalesce(utm_campaign, '')`])
      .execute()
    // A campaign or source that looks like an address or a phone number is shown as one (dimension-values.ts): a
    // signup's own record is the person's, but a link may have carried someone else's address.
    return rows.map((row) => ({ ...row, day: String(row.day), source: keptValue(row.source), campaign: keptValue(String(row.campaign)) }))
  }

  // A finished day's counts never change once it is rolled up (nothing but the roll-up writes them), so the sums of
  // a range's finished days are kept, by the range and how many of its days are rolled up: a day rolled up since
  // makes another key. Summing 30 days of a site with 10 million views a quarter reads 150,000 rows.
  const sums = new Map<string, Promise<Summed[]>>()
  function finishedSums(from: string, to: string, rolledDays: number): Promise<Summed[]> {
    const key = `${from} ${to} ${rolledDays}`
    let summed = sums.get(key)
    if (!summed) {
      summed = db
        .selectFrom('analytics_daily')
        .select(['dimension', 'value'])
        .select((eb) => [eb.fn.sum<number>('visitors').as('visitors'), eb.fn.sum<number>('views').as('views'), eb.fn.sum<number>('signups').as('signups')])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .where('dimension', '<>', 'all')
        .groupBy(['dimension', 'value'])
        .execute()
        .then((rows) => rows.map((row) => ({ ...row, dimension: row.dimension as Dimension })))
      summed.catch(() => sums.delete(key))
      sums.set(key, summed)
      for (const old of sums.keys()) if (sums.size > keptSums) sums.delete(old)
    }
    return summed
  }

  // The days of the range: each finished day's 'all' row (which says it is rolled up) and the sums of their other
  // rows; then the counts so far of the days not rolled up yet (today), as the clock last counted them.
  async function counted(from: string, to: string) {
    const finishedDays = await db.selectFrom('analytics_daily').select(['day', 'visitors', 'views', 'signups']).where('dimension', '=', 'all').where('day', '>=', from).where('day', '<=', to).execute()
    const rolled = new Set(finishedDays.map((row) => row.day))
    const [finished, partial] = await Promise.all([
      finishedSums(from, to, rolled.size),
      db.selectFrom('analytics_partial').selectAll().where('day', '>=', from).where('day', '<=', to).execute(),
    ])
    const recent = partial.filter((row) => !rolled.has(row.day))
    const countedAt = recent.reduce<string | null>((latest, row) => (latest === null || row.counted_at > latest ? row.counted_at : latest), null)
    return {
      days: [...finishedDays, ...recent.filter((row) => row.dimension === 'all')],
      tables: [...finished, ...recent.filter((row) => row.dimension !== 'all').map((row) => ({ ...row, dimension: row.dimension as Dimension }))],
      countedAt,
    }
  }

  async function build(from: string, to: string, stepRows?: StepRow[]): Promise<Full> {
    const [{ days, tables: rows, countedAt }, signupSteps] = await Promise.all([counted(from, to), stepRows ?? readSteps(from, to)])
    const add = (into: Map<string, Counts & Partial<Steps>>, key: string, counts: Partial<Counts & Steps>) => {
      const row = into.get(key) ?? { visitors: 0, views: 0, signups: 0 }
      for (const [name, n] of Object.entries(counts)) (row as Record<string, number>)[name] = ((row as Record<string, number | undefined>)[name] ?? 0) + Number(n)
      into.set(key, row)
    }
    const tables = new Map<ReportTable, Map<string, Counts & Partial<Steps>>>()
    const table = (name: ReportTable) => tables.get(name) ?? tables.set(name, new Map()).get(name)!
    for (const row of days) add(table('days'), row.day, { visitors: row.visitors, views: row.views, signups: row.signups })
    for (const row of rows) add(table(tableOf[row.dimension as Exclude<Dimension, 'all'>]), row.value, { visitors: row.visitors, views: row.views, signups: row.signups })
    for (const row of signupSteps) {
      const reached = { confirmed: row.confirmed, invited: row.invited, claimed: row.claimed, activated: row.activated }
      add(table('days'), row.day, reached)
      add(table('sources'), row.source, reached)
      add(table('campaigns'), row.campaign, reached)
    }
    const withSteps = new Set<ReportTable>(['days', 'sources', 'campaigns'])
    const shown = (name: ReportTable): FunnelRow[] => {
      const entries = [...table(name).entries()]
      entries.sort(name === 'days' ? ([a], [b]) => a.localeCompare(b) : ([a, x], [b, y]) => y.visitors - x.visitors || a.localeCompare(b))
      return entries.map(([key, row]) => funnelRow(key, row, withSteps.has(name)))
    }
    const whole = Object.fromEntries(reportTables.map((name) => [name, shown(name)])) as Record<ReportTable, FunnelRow[]>
    const rowCounts = Object.fromEntries(reportTables.map((name) => [name, whole[name].length])) as Record<ReportTable, number>
    const sum = new Map<string, Counts & Partial<Steps>>()
    for (const [, row] of table('days')) add(sum, '', row)
    return { from, to, countedAt, rows: rowCounts, total: funnelRow('', sum.get('') ?? { visitors: 0, views: 0, signups: 0 }, true), ...whole }
  }

  // The reports as of the last count, by range: the console's three are read by `refresh` after each count and
  // replace the last ones at once, so that a look never waits for a read (nor for the count's own reads on SQLite's
  // read thread); another range is read at its first look and kept until the next count.
  let reports = new Map<string, Promise<Full>>()
  const keyOf = (from: string, to: string) => `${from} ${to}`
  function kept(from: string, to: string): Promise<Full> {
    const key = keyOf(from, to)
    let full = reports.get(key)
    if (!full) {
      const into = reports
      full = build(from, to)
      full.catch(() => into.delete(key))
      into.set(key, full)
    }
    return full
  }

  return {
    async report(from, to, settings, options = {}) {
      const full = await kept(from, to)
      const cut = (rows: FunnelRow[], name: ReportTable) => (name === 'days' || options.top === undefined ? rows : rows.slice(0, options.top))
      const tables = Object.fromEntries(reportTables.map((name) => [name, cut(full[name], name)])) as Record<ReportTable, FunnelRow[]>
      return { ...full, ...settings, ...tables, exact: true }
    },
    async refresh(now) {
      const ranges = analyticsRanges.map((days) => lastDays(days, now))
      const widest = ranges.reduce((a, b) => (a.from < b.from ? a : b))
      const stepRows = await readSteps(widest.from, widest.to)
      const next = new Map<string, Promise<Full>>()
      for (const { from, to } of ranges) {
        const full = await build(from, to, stepRows.filter((row) => row.day >= from && row.day <= to))
        next.set(keyOf(from, to), Promise.resolve(full))
      }
      reports = next
    },
  }
}

const funnelRow = (key: string, row: Counts & Partial<Steps>, withSteps: boolean): FunnelRow => ({
  key,
  visitors: row.visitors,
  views: row.views,
  signups: row.signups,
  confirmed: withSteps ? (row.confirmed ?? 0) : null,
  invited: withSteps ? (row.invited ?? 0) : null,
  claimed: withSteps ? (row.claimed ?? 0) : null,
  activated: withSteps ? (row.activated ?? 0) : null,
})

/** Whether `text` is a UTC day as the report takes it. */
export const isDay = (text: unknown): text is string => typeof text === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))

