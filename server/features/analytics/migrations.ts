// The analytics' schema (issue 32), written once for both engines. Append, never edit: a database that has run a
// migration never runs it again (platform/database/migrate.ts).
import { sql, type Kysely } from 'kysely'
import { inChunks } from '../../platform/database/in-chunks'
import { stepsWithColumnTypes, type ColumnTypes, type MigrationStep, type Migrations } from '../../platform/database/migrate'
import type { Tables } from '../../platform/database/schema'
import { boundValues, looksPersonal, redactedValue, valuesKeptPerDay } from './dimension-values'

const analyticsTables = ({ id, ref }: ColumnTypes): MigrationStep[] => [
  `CREATE TABLE analytics_salts (day TEXT PRIMARY KEY, salt TEXT NOT NULL)`,
  `CREATE TABLE analytics_views (
    id ${id},
    day TEXT NOT NULL,
    visitor TEXT NOT NULL,
    page TEXT NOT NULL,
    referrer TEXT NULL,
    source TEXT NOT NULL,
    medium TEXT NULL,
    campaign TEXT NULL,
    content TEXT NULL,
    term TEXT NULL,
    device TEXT NOT NULL
  )`,
  // The roll-up reads a day's views by visitor; the sweep drops whole days.
  `CREATE INDEX analytics_views_day ON analytics_views (day, visitor)`,
  `CREATE TABLE analytics_conversions (day TEXT NOT NULL, visitor TEXT NOT NULL)`,
  `CREATE INDEX analytics_conversions_day ON analytics_conversions (day, visitor)`,
  `CREATE TABLE analytics_daily (
    day TEXT NOT NULL,
    dimension TEXT NOT NULL,
    value TEXT NOT NULL,
    visitors ${ref} NOT NULL,
    views ${ref} NOT NULL,
    signups ${ref} NOT NULL,
    PRIMARY KEY (dimension, value, day)
  )`,
  `CREATE INDEX analytics_daily_day ON analytics_daily (day, dimension)`,
]

// The counts so far of the day not rolled up yet (today), brought up to date by the analytics' clock, so that the
// console's report never counts raw views while the team waits (analytics-store.ts).
const partialCounts = ({ ref }: ColumnTypes): MigrationStep[] => [
  `CREATE TABLE analytics_partial (
    day TEXT NOT NULL,
    dimension TEXT NOT NULL,
    value TEXT NOT NULL,
    visitors ${ref} NOT NULL,
    views ${ref} NOT NULL,
    signups ${ref} NOT NULL,
    counted_at TEXT NOT NULL,
    PRIMARY KEY (day, dimension, value)
  )`,
]

// Values that look like an address or a phone number, kept before they were refused (issue 45, case 6), become
// `redactedValue` everywhere: in the raw views, and in the counts, where a day's such values are added into one row.
// The check is TypeScript's (dimension-values.ts), so the distinct values are read and sorted out here.
async function redactKeptValues(db: Kysely<Tables>): Promise<void> {
  const columns = ['page', 'referrer', 'source', 'medium', 'campaign', 'content', 'term'] as const
  for (const column of columns) {
    const values = (await db.selectFrom('analytics_views').select(column).distinct().execute()).map((row) => row[column]).filter((value): value is string => value !== null && looksPersonal(value))
    await inChunks(values, 200, (chunk) => db.updateTable('analytics_views').set(column, redactedValue).where(column, 'in', chunk).execute())
  }
  for (const table of ['analytics_daily', 'analytics_partial'] as const) {
    const values = (await db.selectFrom(table).select('value').distinct().execute()).map((row) => row.value).filter((value) => looksPersonal(value))
    await inChunks(values, 200, async (chunk) => {
      const sums = await db
        .selectFrom(table)
        .select(['day', 'dimension'])
        .select((eb) => [eb.fn.sum<number>('visitors').as('visitors'), eb.fn.sum<number>('views').as('views'), eb.fn.sum<number>('signups').as('signups'), (table === 'analytics_partial' ? sql<string | null>`max(counted_at)` : sql<null>`NULL`).as('counted_at')])
        .where('value', 'in', chunk)
        .groupBy(['day', 'dimension'])
        .execute()
      await db.deleteFrom(table).where('value', 'in', chunk).execute()
      for (const sum of sums) {
        const counts = { visitors: Number(sum.visitors), views: Number(sum.views), signups: Number(sum.signups) }
        const row = { day: sum.day, dimension: sum.dimension, value: redactedValue, ...counts, ...(table === 'analytics_partial' ? { counted_at: String(sum.counted_at) } : {}) }
        await db
          .insertInto(table)
          .values(row as never)
          .onConflict((conflict) =>
            conflict.columns(['day', 'dimension', 'value']).doUpdateSet((eb) => ({
              visitors: eb(eb.ref(`${table}.visitors`), '+', counts.visitors),
              views: eb(eb.ref(`${table}.views`), '+', counts.views),
              signups: eb(eb.ref(`${table}.signups`), '+', counts.signups),
            })),
          )
          .execute()
      }
    })
  }
}

// And a finished day's counts with more than valuesKeptPerDay values of a dimension, made up before the bound (case 8),
// keep the most visited and add the rest into one `(other)` row, as a day counted now does.
async function boundKeptDays(db: Kysely<Tables>): Promise<void> {
  const crowded = await db
    .selectFrom('analytics_daily')
    .select(['day', 'dimension'])
    .groupBy(['day', 'dimension'])
    .having((eb) => eb.fn.countAll(), '>', valuesKeptPerDay)
    .execute()
  for (const { day, dimension } of crowded) {
    const rows = await db.selectFrom('analytics_daily').selectAll().where('day', '=', day).where('dimension', '=', dimension).execute()
    const kept = boundValues(rows.map((row) => ({ ...row, visitors: Number(row.visitors), views: Number(row.views), signups: Number(row.signups) })))
    await db.deleteFrom('analytics_daily').where('day', '=', day).where('dimension', '=', dimension).execute()
    await inChunks(kept, 500, (chunk) => db.insertInto('analytics_daily').values(chunk).execute())
  }
}

export const analyticsMigrations: Migrations = {
  // Visits counted without cookies: the day's salt, raw page views, signups that followed a visit, daily counts.
  '2026-11-27-1300-analytics': { up: stepsWithColumnTypes(analyticsTables) },
  // Today's counts so far, kept by the clock for the report.
  '2026-11-27-1500-analytics-partial': { up: stepsWithColumnTypes(partialCounts) },
  // No address or phone number as a value, raw or counted: those kept before are redacted (issue 45, case 6).
  // And no day with more than valuesKeptPerDay values of a dimension (case 8).
  '2026-12-03-1200-analytics-redacted': {
    up: async (db) => {
      await redactKeptValues(db)
      await boundKeptDays(db)
    },
  },
}
