// The analytics' schema (issue 32), written once for both engines. Append, never edit: a database that has run a
// migration never runs it again (platform/database/migrate.ts).
import { stepsWithColumnTypes, type ColumnTypes, type MigrationStep, type Migrations } from '../../platform/database/migrate'

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

export const analyticsMigrations: Migrations = {
  // Visits counted without cookies: the day's salt, raw page views, signups that followed a visit, daily counts.
  '2026-11-27-1300-analytics': { up: stepsWithColumnTypes(analyticsTables) },
  // Today's counts so far, kept by the clock for the report.
  '2026-11-27-1500-analytics-partial': { up: stepsWithColumnTypes(partialCounts) },
}
