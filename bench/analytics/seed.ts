// The 90 days of visits and signups bench/analytics.ts times the console's funnel over, seeded into a database the
// project's migrations made, with set-based SQL written once for both engines (the few functions that differ are
// `dialects` below). Each day, oldest first, gets its raw page views (about 111,000 by 40,000 visitors, more on some
// days than others, from the pools of bench/analytics/traffic.ts) and the visitors who signed up in their visit
// (one in 36); then the analytics store's own roll-up runs as the server's clock runs it the next morning
// (analytics-store.ts rollUp, ANALYTICS_RAW_DAYS 2): the finished day becomes its daily counts, and the raw views
// of the day before it are dropped. So the daily rows are the product's own, by the product's own statement, and at
// the end the database is what a server that has counted for 90 days holds: 89 days rolled up, the last of them
// also still raw, and today raw. Beside them, 100,000 signups over the same 90 days, with their campaigns, the
// sites that sent them, share links and every status, for the funnel's steps.
import { dayCounts } from '../../server/features/analytics/analytics-report'
import { sql, type RawBuilder } from 'kysely'
import { analyticsStore } from '../../server/features/analytics/analytics-store'
import type { Database } from '../../server/platform/database/database'
import { campaigns, pages, referrers, sources, viewsPerVisitor } from './traffic'

export type SeedShape = { days: number; viewsPerDay: number; signups: number }
export type SeedFacts = { views: number; rawViews: number; dailyRows: number; signups: number; seconds: number }

const dayMs = 86_400_000
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

type Dialect = {
  /** A whole number from 0 to n - 1, drawn anew for each row. */
  uniform: (n: number) => RawBuilder<number>
  /** The same, the small ones likeliest: the product of two uniform draws. */
  skewed: (n: number) => RawBuilder<number>
  /** A visitor hash's 22 characters, made of the day and the visitor's number. */
  visitor: (day: string, column: string) => RawBuilder<string>
  /** An instant `days` and `seconds` after the UTC midnight that starts `day`. */
  instant: (day: string, days: string, seconds: string) => RawBuilder<string>
}

const dialects: Record<Database['engine'], Dialect> = {
  sqlite: {
    uniform: (n) => sql`(abs(random()) % ${sql.lit(n)})`,
    skewed: (n) => sql`((abs(random()) % 1000) * (abs(random()) % 1000) * ${sql.lit(n)} / 1000000)`,
    visitor: (day, column) => sql`(${day} || printf('%012d', ${sql.ref(column)}))`,
    instant: (day, days, seconds) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${day}, ${sql.ref(days)} || ' days', ${sql.ref(seconds)} || ' seconds')`,
  },
  postgres: {
    uniform: (n) => sql`floor(random() * ${sql.lit(n)})::int`,
    skewed: (n) => sql`floor(random() * random() * ${sql.lit(n)})::int`,
    visitor: (day, column) => sql`(${day} || lpad(${sql.ref(column)}::text, 12, '0'))`,
    instant: (day, days, seconds) => sql`(${day}::timestamptz + ${sql.ref(days)} * interval '1 day' + ${sql.ref(seconds)} * interval '1 second')`,
  },
}

/** Numbers 0 to count - 1 as the CTE `n(i)`: recursive, so that one statement runs on both engines. */
const numbers = (count: number) => sql`n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${sql.lit(count - 1)})`

/** The pools of pages, sources, campaigns and referrers a day's views draw from, as a table the seed joins. */
async function createPools({ db }: Database) {
  await sql`CREATE TABLE bench_pool (kind TEXT NOT NULL, n INTEGER NOT NULL, value TEXT NOT NULL, PRIMARY KEY (kind, n))`.execute(db)
  for (const [kind, values] of Object.entries({ page: pages, source: sources, campaign: campaigns, referrer: referrers }))
    await sql`INSERT INTO bench_pool (kind, n, value) VALUES ${sql.join(values.map((value, n) => sql`(${kind}, ${n}, ${value})`))}`.execute(db)
}

/** A day's raw views and the visitors who signed up in their visit, as seedDay makes them, for a benchmark that adds
 * one busy day to a database of its own (bench/loop.ts's launch day). */
export async function seedViewsOfDay(database: Database, day: string, views: number): Promise<void> {
  await createPools(database)
  await seedDay(database, day, views)
  await sql`DROP TABLE bench_pool`.execute(database.db)
}

/** A day's raw views and the visitors of it who signed up, as the beacons and the signups' join would leave them. */
async function seedDay(database: Database, day: string, views: number) {
  const { uniform, skewed, visitor } = dialects[database.engine]
  const visitors = Math.round(views / viewsPerVisitor)
  await sql`INSERT INTO analytics_views (day, visitor, page, referrer, source, medium, campaign, content, term, device)
    WITH RECURSIVE ${numbers(views)},
    picks AS MATERIALIZED (
      SELECT i, CASE WHEN i < ${sql.lit(visitors)} THEN i ELSE ${uniform(Math.floor(visitors / 2))} END AS v, ${uniform(100)} AS arrival,
        CASE WHEN i < ${sql.lit(visitors)} THEN ${skewed(30)} ELSE ${skewed(pages.length)} END AS page_i,
        ${skewed(sources.length)} AS source_i, ${skewed(campaigns.length)} AS campaign_i, ${skewed(referrers.length)} AS referrer_i
      FROM n)
    SELECT ${day}, ${visitor(day, 'v')}, page.value,
      CASE WHEN i < ${sql.lit(visitors)} AND arrival >= 35 AND arrival < 60 THEN referrer.value END,
      CASE WHEN arrival < 35 THEN source.value WHEN i < ${sql.lit(visitors)} AND arrival < 60 THEN referrer.value WHEN arrival < 70 THEN 'referral' ELSE 'direct' END,
      CASE WHEN arrival < 35 THEN 'social' END, CASE WHEN arrival < 35 THEN campaign.value END, NULL, NULL,
      CASE WHEN v * 7 % 10 < 6 THEN 'phone' ELSE 'desktop' END
    FROM picks
    JOIN bench_pool page ON page.kind = 'page' AND page.n = picks.page_i
    JOIN bench_pool source ON source.kind = 'source' AND source.n = picks.source_i
    JOIN bench_pool campaign ON campaign.kind = 'campaign' AND campaign.n = picks.campaign_i
    JOIN bench_pool referrer ON referrer.kind = 'referrer' AND referrer.n = picks.referrer_i
    ORDER BY picks.i`.execute(database.db)
  await sql`INSERT INTO analytics_conversions (day, visitor)
    WITH RECURSIVE ${numbers(visitors)}
    SELECT ${day}, ${visitor(day, 'i')} FROM n WHERE ${uniform(36)} = 0`.execute(database.db)
}

/** `count` signups over the `days` days that end with `today`: a third by a campaign, a quarter sent by another
 * site, one in ten by a friend's share link (a credited referral); a quarter unconfirmed, and of the others some
 * invited, claimed, expired or unsubscribed. */
async function seedSignups(database: Database, firstDay: string, days: number, count: number) {
  const { uniform, skewed, instant } = dialects[database.engine]
  await sql`INSERT INTO signups (email_normalized, email, first_name, source, created_at, status, confirmed_at, consent_version, utm_source, utm_medium, utm_campaign, referrer_origin)
    WITH RECURSIVE ${numbers(count)},
    picks AS MATERIALIZED (
      SELECT i, ${uniform(days)} AS d, ${uniform(86_000)} AS s, ${uniform(100)} AS arrival, ${uniform(100)} AS step,
        ${skewed(sources.length)} AS source_i, ${skewed(campaigns.length)} AS campaign_i, ${skewed(referrers.length)} AS referrer_i
      FROM n)
    SELECT 'analytics-' || i || '@bench.example', 'analytics-' || i || '@bench.example', 'Bench', 'stride-marketing-site', ${instant(firstDay, 'd', 's')},
      CASE WHEN step < 25 THEN 'pending' WHEN step < 83 THEN 'confirmed' WHEN step < 91 THEN 'invited' WHEN step < 97 THEN 'claimed' WHEN step < 98 THEN 'expired' ELSE 'unsubscribed' END,
      CASE WHEN step >= 25 THEN ${instant(firstDay, 'd', 's')} END, 'bench',
      CASE WHEN arrival < 35 THEN source.value END, CASE WHEN arrival < 35 THEN 'social' END, CASE WHEN arrival < 35 THEN campaign.value END,
      CASE WHEN arrival >= 35 AND arrival < 60 THEN 'https://' || referrer.value END
    FROM picks
    JOIN bench_pool source ON source.kind = 'source' AND source.n = picks.source_i
    JOIN bench_pool campaign ON campaign.kind = 'campaign' AND campaign.n = picks.campaign_i
    JOIN bench_pool referrer ON referrer.kind = 'referrer' AND referrer.n = picks.referrer_i
    ORDER BY d, s`.execute(database.db)
  // One in ten came by a friend's share link: a referral credited to someone who signed up before them.
  await sql`INSERT INTO referrals (friend_id, referrer_id, outcome, network, decided_at)
    SELECT friend.id, (SELECT min(id) FROM signups), 'credited', NULL, friend.created_at FROM signups friend
    WHERE friend.email_normalized LIKE 'analytics-%' AND friend.utm_source IS NULL AND friend.referrer_origin IS NULL AND friend.id % 4 = 0`.execute(database.db)
}


/** A day's counts as analytics-report.ts `dayCounts` gives them, in one pass: each visitor's first view, number of
 * views and signup found once (the signup by the conversions' index), then grouped by each dimension. The store's
 * statement joins every first view to a list of the day's converted visitors that has no index, once for each
 * dimension: on SQLite 20–40 s for a day of 111,000 views, which the seed cannot spend 88 times. This one gives the
 * same rows (checked on the last finished day, below) in well under a second. */
export function dayCountsInOnePass(database: Database, day: string) {
  // The store's own statement now counts in one pass (server/features/analytics/analytics-report.ts dayCounts).
  return dayCounts(database.engine, day)
}

/** Whether the one-pass counts of `day` are the rows the store's roll-up kept for it: how many rows, and how many differ. */
async function sameAsRolledUp(database: Database, day: string): Promise<{ rows: number; differing: number }> {
  const key = (row: { dimension: string; value: string; visitors: number | string; views: number | string; signups: number | string }) =>
    [row.dimension, row.value, Number(row.visitors), Number(row.views), Number(row.signups)].join('\u0000')
  const mine = new Set((await dayCountsInOnePass(database, day).execute(database.db)).rows.map(key))
  const kept = new Set((await database.db.selectFrom('analytics_daily').selectAll().where('day', '=', day).execute()).map(key))
  return { rows: kept.size, differing: [...mine].filter((row) => !kept.has(row)).length + [...kept].filter((row) => !mine.has(row)).length }
}

/** Seeds `shape` into an empty, migrated database, ending with today (the UTC day of `now`): every day but the last
 * two rolled up in one pass as above and its raw views dropped, the last finished day by the store's own rollUp
 * (ANALYTICS_RAW_DAYS 2, so its raw views stay), today raw. */
export async function seedAnalytics(database: Database, shape: SeedShape, now: Date, say: (line: string) => void): Promise<SeedFacts & { check: string }> {
  const started = performance.now()
  const { db } = database
  if (database.engine === 'sqlite') await sql`PRAGMA synchronous = OFF`.execute(db)
  await createPools(database)
  const today = Date.parse(`${dayOf(now.getTime())}T00:00:00Z`)
  let views = 0
  let check = ''
  for (let back = shape.days - 1; back >= 0; back--) {
    const day = dayOf(today - back * dayMs)
    // Weekdays busier than weekends, and a launch post's spike a month ago.
    const weekly = 1 + 0.12 * Math.sin(((today / dayMs - back) * 2 * Math.PI) / 7)
    const count = Math.round(shape.viewsPerDay * weekly * (back === 30 ? 1.6 : back === 29 ? 1.25 : 1))
    await seedDay(database, day, count)
    views += count
    if (back > 1) {
      await db.transaction().execute(async (trx) => {
        await sql`INSERT INTO analytics_daily (day, dimension, value, visitors, views, signups)
          SELECT ${day}, dimension, value, visitors, views, signups FROM (${dayCountsInOnePass(database, day)}) counts`.execute(trx)
        await trx.deleteFrom('analytics_views').where('day', '=', day).execute()
        await trx.deleteFrom('analytics_conversions').where('day', '=', day).execute()
      })
    } else if (back === 1) {
      // The next morning's roll-up of the last finished day, as the server's clock runs it.
      const rolling = performance.now()
      await analyticsStore(database).rollUp(new Date(today + 2 * 3_600_000), 2)
      const rolledMs = performance.now() - rolling
      const { rows, differing } = await sameAsRolledUp(database, day)
      check = `${day} rolled up by the store's rollUp in ${(rolledMs / 1000).toFixed(1)} s; the one-pass counts of the other days give ${differing === 0 ? `the same ${rows.toLocaleString('en-US')} rows` : `${differing} rows that differ of ${rows}`}`
    }
    if (back % 15 === 0) say(`  seeded ${shape.days - back} of ${shape.days} days (${Math.round((performance.now() - started) / 1000)} s)`)
  }
  await seedSignups(database, dayOf(today - (shape.days - 1) * dayMs), shape.days, shape.signups)
  await sql`DROP TABLE bench_pool`.execute(db)
  // Everything in the file itself, none of it left in the log: the cache copies the file alone.
  if (database.engine === 'sqlite') await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db)
  const counted = async (table: 'analytics_views' | 'analytics_daily' | 'signups') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
  return { views, rawViews: await counted('analytics_views'), dailyRows: await counted('analytics_daily'), signups: await counted('signups'), seconds: (performance.now() - started) / 1000, check }
}
