// @vitest-environment node
// What a day's counts may keep as a value (issue 45, cases 6 and 8; server/features/analytics/dimension-values.ts),
// on each engine: a campaign link carrying an address or a phone number is counted as "(redacted)", from the beacon
// to the console's report, the signups' own record included, and the values kept before are rewritten by the
// migration; and a day keeps at most valuesKeptPerDay values per dimension, the rest counted as "(other)".
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lastDays } from '../../../../shared/analytics'
import { analyticsReader } from '../../../../server/features/analytics/analytics-report'
import { viewOf } from '../../../../server/features/analytics/analytics-routes'
import { analyticsStore } from '../../../../server/features/analytics/analytics-store'
import { otherValues, redactedValue, valuesKeptPerDay } from '../../../../server/features/analytics/dimension-values'
import { featureMigrations } from '../../../../server/feature-migrations'
import type { Database } from '../../../../server/platform/database/database'
import { openDatabase } from '../../../../server/platform/database/open'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'

const dayMs = 86_400_000
const settings = { enabled: true, rawDays: 2, countEverySeconds: 60 }
const personal = /ann@|ann%40|7946/i

describe.each(eachEngine())('the values a day keeps, on $engine', (engine: EngineUnderTest) => {
  beforeAll(() => engine.setup(), 60_000)
  afterAll(() => engine.teardown())
  const open = async (url?: string, stopBefore?: string) => openDatabase(url ?? (await engine.newDatabase()), { migrations: featureMigrations, stopBefore })
  /** Every value any analytics table holds, raw or counted. */
  const storedValues = async (database: Database) => {
    const { db } = database
    const views = await db.selectFrom('analytics_views').select(['page', 'referrer', 'source', 'medium', 'campaign', 'content', 'term']).execute()
    const daily = await db.selectFrom('analytics_daily').select('value').execute()
    const partial = await db.selectFrom('analytics_partial').select('value').execute()
    return [...views.flatMap((row) => Object.values(row)), ...daily.map((row) => row.value), ...partial.map((row) => row.value)].filter((value): value is string => value !== null)
  }

  it('never keeps an address or a phone number from a campaign link, in the views, the counts or the console’s report', async () => {
    const database = await open()
    try {
      const store = analyticsStore(database)
      const now = new Date()
      const yesterday = new Date(now.getTime() - dayMs)
      const beacon = { page: '/', utmSource: 'newsletter', utmCampaign: 'ann@example.com', utmTerm: '+44 20 7946 0958', utmContent: 'ann%40example.com' }
      for (const [at, ip] of [[yesterday, '198.51.100.1'], [now, '198.51.100.2']] as const) {
        const visit = await store.visitorOf({ ip, userAgent: 'Mozilla/5.0', site: 'stride.example' }, at)
        await store.record(visit, viewOf(JSON.stringify(beacon), 'desktop')!)
      }
      // Bob came by a link that carried Ann's address, and signed up: his record keeps it, the report shows none.
      await database.db
        .insertInto('signups')
        .values({ email: 'bob@example.com', email_normalized: 'bob@example.com', first_name: 'Bob', source: 'stride-marketing-site', created_at: now.toISOString(), utm_source: 'newsletter', utm_campaign: 'ann@example.com' } as never)
        .execute()
      await store.rollUp(now, 2)
      await store.countToday(now)
      const stored = await storedValues(database)
      expect(stored.filter((value) => personal.test(value))).toEqual([])
      expect(stored).toContain(redactedValue)
      const reader = analyticsReader(database)
      await reader.refresh(now)
      const { from, to } = lastDays(7, now)
      const report = await reader.report(from, to, settings)
      expect(report.campaigns.map((row) => row.key)).toEqual([redactedValue])
      expect(JSON.stringify(report)).not.toMatch(personal)
    } finally {
      await database.close()
    }
  })

  it('rewrites the addresses and phone numbers kept before, adding their counts into one row per day, and bounds the days counted before', async () => {
    const url = await engine.newDatabase()
    const before = await open(url, '2026-12-03-1200-analytics-redacted')
    const day = '2026-11-30'
    const count = (value: string, visitors: number) => ({ day, dimension: 'campaign', value, visitors, views: visitors, signups: 0 })
    await before.db.insertInto('analytics_daily').values([count('ann@example.com', 3), count('call +44 20 7946 0958', 2), count('spring', 7), count('2026-11-30', 1)]).execute()
    // A day before the bound, with made-up values past it.
    const crowded = Array.from({ length: valuesKeptPerDay + 5 }, (_, n) => ({ ...count(`x-${n}`, 1), day: '2026-11-29' }))
    for (let from = 0; from < crowded.length; from += 400) await before.db.insertInto('analytics_daily').values(crowded.slice(from, from + 400)).execute()
    await before.db.insertInto('analytics_partial').values({ ...count('ann@example.com', 1), day: '2026-12-01', counted_at: '2026-12-01T10:00:00.000Z' }).execute()
    await before.db
      .insertInto('analytics_views')
      .values({ day: '2026-12-01', visitor: 'v', page: '/', referrer: null, source: 'direct', medium: null, campaign: 'ann@example.com', content: null, term: null, device: 'desktop' })
      .execute()
    await before.close()
    const after = await open(url)
    try {
      expect((await storedValues(after)).filter((value) => personal.test(value))).toEqual([])
      const daily = await after.db.selectFrom('analytics_daily').select(['value', 'visitors']).where('day', '=', day).orderBy('value').execute()
      expect(daily.map((row) => [row.value, Number(row.visitors)])).toEqual([
        [redactedValue, 5],
        ['2026-11-30', 1],
        ['spring', 7],
      ])
      const bounded = await after.db.selectFrom('analytics_daily').select(['value', 'visitors']).where('day', '=', '2026-11-29').execute()
      expect(bounded).toHaveLength(valuesKeptPerDay + 1)
      expect(Number(bounded.find((row) => row.value === otherValues)?.visitors)).toBe(5)
    } finally {
      await after.close()
    }
  })

  it(`keeps at most ${valuesKeptPerDay} values per dimension a day, the most visitors first, and counts the rest as "${otherValues}"`, async () => {
    const database = await open()
    try {
      const store = analyticsStore(database)
      const now = new Date()
      const yesterday = new Date(now.getTime() - dayMs).toISOString().slice(0, 10)
      // One client's made-up values, one view each, and a real campaign with ten visitors, on each of two days.
      const madeUp = valuesKeptPerDay + 200
      const view = (day: string, visitor: string, campaign: string, page: string) => ({ day, visitor, page, referrer: null, source: 'direct', medium: null, campaign, content: null, term: null, device: 'desktop' as const })
      for (const day of [yesterday, now.toISOString().slice(0, 10)]) {
        const rows = [
          ...Array.from({ length: madeUp }, (_, n) => view(day, `made-up-${n}`, `x-${n}`, `/p/${n}`)),
          ...Array.from({ length: 10 }, (_, n) => view(day, `real-${n}`, 'spring', '/')),
        ]
        for (let from = 0; from < rows.length; from += 400) await database.db.insertInto('analytics_views').values(rows.slice(from, from + 400)).execute()
      }
      await store.rollUp(now, 2)
      await store.countToday(now)
      for (const table of ['analytics_daily', 'analytics_partial'] as const) {
        const campaigns = await database.db.selectFrom(table).select(['value', 'visitors']).where('dimension', '=', 'campaign').execute()
        const pages = await database.db.selectFrom(table).select('value').where('dimension', '=', 'page').execute()
        console.log(`${table} on ${engine.engine}: ${campaigns.length} campaign rows and ${pages.length} page rows for a day of ${madeUp + 1} campaigns and pages`)
        expect(campaigns.length).toBe(valuesKeptPerDay + 1)
        expect(pages.length).toBe(valuesKeptPerDay + 1)
        expect(campaigns.find((row) => row.value === 'spring')?.visitors).toBe(10)
        expect(Number(campaigns.find((row) => row.value === otherValues)?.visitors)).toBe(madeUp - (valuesKeptPerDay - 1))
      }
    } finally {
      await database.close()
    }
  }, 60_000)
})
