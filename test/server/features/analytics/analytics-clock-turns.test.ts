// @vitest-environment node
// The analytics' clock hands the event loop back while it writes (issue 53). On SQLite every statement holds the loop
// (libsql is synchronous) and statements awaited one after another never let a timer in between them, so a count
// that wrote its rows in one transaction held /healthz and every signup for all of it. Here a chain of setImmediate
// runs beside the count, and every statement the store sends is stamped with how far the chain had got: the writes
// of today's counts, and the deletes of raw views past their days, must see it move on between their first statement
// and their last. No time is measured: on a synchronous driver, nothing but the store handing the loop back moves it.
import { DeleteQueryNode, InsertQueryNode, TableNode, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type UnknownRow } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analyticsStore, type View } from '../../../../server/features/analytics/analytics-store'
import { featureMigrations } from '../../../../server/feature-migrations'
import type { Database } from '../../../../server/platform/database/database'
import { openDatabase } from '../../../../server/platform/database/open'
import { sqliteEngine } from '../../../utils/engines'
import { onlyOn } from '../../../utils/store-suite'

onlyOn('sqlite', "libsql holds the event loop through every statement, which is what this file checks; PostgreSQL's driver hands it back by itself")

const engine = sqliteEngine()
beforeAll(engine.setup)
afterAll(engine.teardown)

const now = new Date('2026-12-03T12:00:00Z')
const view = (page: string): View => ({ page, referrer: null, source: 'direct', medium: null, campaign: null, content: null, term: null, device: 'phone' })

/** The database with every statement stamped: its kind, its table, and how many turns the loop had taken by then. */
function stamped(database: Database) {
  let turns = 0
  let ticking = true
  const tick = () => {
    turns++
    if (ticking) setImmediate(tick)
  }
  setImmediate(tick)
  const statements: { kind: string; table: string; turns: number }[] = []
  const plugin: KyselyPlugin = {
    transformQuery({ node }: PluginTransformQueryArgs) {
      const into = InsertQueryNode.is(node) ? node.into : DeleteQueryNode.is(node) ? node.from.froms[0] : undefined
      const table = into && TableNode.is(into) ? into.table.identifier.name : ''
      statements.push({ kind: node.kind, table, turns })
      return node
    },
    transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => result,
  }
  const spied: Database = { ...database, db: database.db.withPlugin(plugin) }
  return {
    database: spied,
    statements: (kind: string, table: string) => statements.filter((statement) => statement.kind === kind && statement.table === table),
    stop: () => void (ticking = false),
  }
}

async function opened() {
  return openDatabase(await engine.newDatabase(), { migrations: featureMigrations })
}

describe('the analytics clock on SQLite', () => {
  it('hands the loop back between its writes of today’s counts, and leaves the count of the last run only', async () => {
    const database = await opened()
    try {
      const store = analyticsStore(database)
      // 600 pages viewed today: a row each in today's counts, more than one statement of 500 holds.
      await Promise.all(Array.from({ length: 600 }, (_, page) => store.record({ day: '2026-12-03', visitor: `visitor-${page}` }, view(`/page-${page}`))))
      await store.countToday(new Date(now.getTime() - 60_000))
      const spy = stamped(database)
      await analyticsStore(spy.database).countToday(now)
      spy.stop()
      const writes = spy.statements('InsertQueryNode', 'analytics_partial')
      expect(writes.length).toBeGreaterThan(1)
      expect(writes.at(-1)!.turns).toBeGreaterThan(writes[0]!.turns)
      // Every row is this count's: the last count's were written over, none is left behind.
      const rows = await database.db.selectFrom('analytics_partial').select(['counted_at', 'dimension']).execute()
      expect(new Set(rows.map((row) => row.counted_at))).toEqual(new Set([now.toISOString()]))
      expect(rows.filter((row) => row.dimension === 'page')).toHaveLength(600)
    } finally {
      await database.close()
    }
  })

  it('hands the loop back between its deletes of raw views past ANALYTICS_RAW_DAYS, and drops them all', async () => {
    const database = await opened()
    try {
      const store = analyticsStore(database)
      await Promise.all(Array.from({ length: 2500 }, (_, n) => store.record({ day: '2026-11-29', visitor: `visitor-${n % 700}` }, view(`/page-${n % 40}`))))
      await store.record({ day: '2026-12-03', visitor: 'today' }, view('/'))
      const spy = stamped(database)
      const { dropped } = await analyticsStore(spy.database).rollUp(now, 2)
      spy.stop()
      expect(dropped).toBe(2500)
      const deletes = spy.statements('DeleteQueryNode', 'analytics_views')
      expect(deletes.length).toBeGreaterThan(1)
      expect(deletes.at(-1)!.turns).toBeGreaterThan(deletes[0]!.turns)
      const left = await database.db.selectFrom('analytics_views').select('day').execute()
      expect(left).toEqual([{ day: '2026-12-03' }])
      // The finished day was rolled up before its raw views went.
      expect(await database.db.selectFrom('analytics_daily').select('views').where('day', '=', '2026-11-29').where('dimension', '=', 'all').executeTakeFirst()).toEqual({ views: 2500 })
    } finally {
      await database.close()
    }
  })
})
