// Visits counted the way Plausible counts them (issue 32), written once for both engines: no cookie, no storage on
// the visitor's device, no fingerprint kept. A visitor is a hash of the day's random salt, the site, the IP address
// and the User-Agent, made when the beacon arrives; the IP address and the User-Agent go no further than that hash
// (and the device class, phone or desktop). The salt is kept in the database for its UTC day only, so every
// instance hashes alike, and destroyed once the day is over: after that, nobody (not us either) can tell whose
// hash it was, and the same visitor tomorrow is a new one.
//
// Page views are written in batches (platform/database/group-commit.ts): a beacon is answered at once and its view
// goes with the next batch, one transaction for many, so that thousands a second cost SQLite few fsyncs. A process
// killed mid-batch loses the views of that batch: counts, never a person's data. A signup that follows a visit is
// kept as the visit's hash of the day (analytics_conversions), never as the person or the signup's id.
//
// The analytics' clock (every ANALYTICS_COUNT_SECONDS) counts the day so far into analytics_partial, rolls up each
// day once it is over into daily counts per dimension (analytics_daily), and drops raw views older than
// ANALYTICS_RAW_DAYS, with the conversions of those days: the console's report reads counts only, never raw views.
// A day is counted off the reads connection (SQLite's read thread), and only its rows are written on the one
// signups wait for, so the count of a busy day (about 0.3 s for 116,000 views, docs/performance.md) stalls no one.
// Those rows (thousands on a busy day: a row per referrer, page, campaign) and the old raw views dropped are written
// in batches of about 10 ms with the event loop handed back between them (platform/database/in-turns.ts): in one
// transaction they held SQLite's event loop, and every signup and /healthz behind it, for their whole length
// (issue 53). So a count is no longer one transaction: between its batches a reader may see some rows of this count
// beside the rest of the last one's, a minute older, and a finished day's rows before its 'all' row, which is
// written last and says the day is rolled up.
import { createHash, randomBytes } from 'node:crypto'
import type { ExpressionBuilder, Selectable } from 'kysely'
import type { Database } from '../../platform/database/database'
import type { Tables } from '../../platform/database/schema'
import { groupCommit } from '../../platform/database/group-commit'
import { inChunks } from '../../platform/database/in-chunks'
import { inTurns, removeInTurns } from '../../platform/database/in-turns'
import { dayCounts } from './analytics-report'
import { boundValues, keptValue } from './dimension-values'

/** A page view as the beacon gives it: its row but for the day and the visitor, which the request gives. */
export type View = Omit<Selectable<Tables['analytics_views']>, 'id' | 'day' | 'visitor'>


export type AnalyticsStore = {
  /** The visitor hash of the day, for a request's IP address and User-Agent on this site. */
  visitorOf(facts: { ip: string; userAgent: string; site: string }, now: Date): Promise<{ day: string; visitor: string }>
  /** Keeps a page view (with the next batch). */
  record(visit: { day: string; visitor: string }, view: View): Promise<void>
  /** Keeps a signup that followed the visit (with the next batch). */
  convert(visit: { day: string; visitor: string }): Promise<void>
  /** Rolls up every finished day not rolled up yet, drops raw views older than `rawDays`, and the salts of days
   * over. Says how many days it rolled up. */
  rollUp(now: Date, rawDays: number): Promise<{ rolledUp: number; dropped: number }>
  /** Counts today so far, in place of the last count. */
  countToday(now: Date): Promise<void>
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10)
const daysBefore = (day: string, days: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000))

type Pending = { kind: 'view'; day: string; visitor: string; view: View } | { kind: 'conversion'; day: string; visitor: string }

export function analyticsStore(database: Database): AnalyticsStore {
  const { db } = database
  const salts = new Map<string, Promise<string>>()

  // The day's salt: made once by whichever instance asks first, read by the others.
  function saltOf(day: string): Promise<string> {
    let salt = salts.get(day)
    if (!salt) {
      salt = (async () => {
        await db.insertInto('analytics_salts').values({ day, salt: randomBytes(32).toString('base64url') }).onConflict((conflict) => conflict.column('day').doNothing()).execute()
        return (await db.selectFrom('analytics_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow()).salt
      })()
      // A failed read is asked again next time, not kept.
      salt.catch(() => salts.delete(day))
      salts.set(day, salt)
      // Only today's (and, around midnight, yesterday's) is worth keeping in memory.
      for (const old of salts.keys()) if (old < daysBefore(day, 1)) salts.delete(old)
    }
    return salt
  }

  const write = groupCommit<Pending, void>(async (items) => {
    const views = items.flatMap((item) => (item.kind === 'view' ? [{ day: item.day, visitor: item.visitor, ...item.view }] : []))
    const conversions = items.flatMap((item) => (item.kind === 'conversion' ? [{ day: item.day, visitor: item.visitor }] : []))
    await db.transaction().execute(async (trx) => {
      await inChunks(views, 500, (chunk) => trx.insertInto('analytics_views').values(chunk).execute())
      if (conversions.length > 0) await trx.insertInto('analytics_conversions').values(conversions).execute()
    })
    return items.map(() => undefined)
  })

  // A day's counts per dimension, from its raw views (analytics-report.ts dayCounts), read off the reads connection,
  // with no value that looks like an address or a phone number and at most valuesKeptPerDay values per dimension
  // (dimension-values.ts).
  const countDay = async (day: string) =>
    boundValues(
      (await dayCounts(database.engine, day).execute(database.reads)).rows.map((row) => ({
        day,
        dimension: row.dimension,
        value: keptValue(row.value),
        visitors: Number(row.visitors),
        views: Number(row.views),
        signups: Number(row.signups),
      })),
    )

  // A finished day, once: its rows but the 'all' row, then the 'all' row, which says it is done. An instance that
  // rolls it up beside another adds no row the other wrote.
  async function rollUpDay(day: string) {
    const rows = await countDay(day)
    const write = (batch: typeof rows) => db.insertInto('analytics_daily').values(batch).onConflict((conflict) => conflict.doNothing()).execute()
    await inTurns(
      database,
      rows.filter((row) => row.dimension !== 'all'),
      500,
      write,
    )
    await write(rows.filter((row) => row.dimension === 'all'))
  }

  // Today so far, in place of the last count; the days before it are in their daily counts by now. Each row is
  // written over the last count's, then the rows this count did not write (a day before, a value gone) are removed.
  // Instances that count at once on PostgreSQL overwrite each other's rows rather than collide.
  async function countToday(now: Date) {
    const today = dayOf(now)
    const counted_at = now.toISOString()
    // A day with no view yet has nothing to show (its total's sums are null).
    const rows = (await countDay(today)).filter((row) => row.visitors > 0).map((row) => ({ ...row, counted_at }))
    await inTurns(database, rows, 500, (batch) =>
      db
        .insertInto('analytics_partial')
        .values(batch)
        .onConflict((conflict) =>
          conflict.columns(['day', 'dimension', 'value']).doUpdateSet((eb) => ({
            visitors: eb.ref('excluded.visitors'),
            views: eb.ref('excluded.views'),
            signups: eb.ref('excluded.signups'),
            counted_at: eb.ref('excluded.counted_at'),
          })),
        )
        .execute(),
    )
    await db
      .deleteFrom('analytics_partial')
      .where((eb) => eb.or([eb('day', '<', today), eb.and([eb('day', '=', today), eb('counted_at', '<', counted_at)])]))
      .execute()
  }

  // The raw views and conversions of the days before `day`, in batches; says how many views.
  async function dropBefore(day: string) {
    const views = await removeInTurns(database, 2000, async (size) => {
      const batch = (eb: ExpressionBuilder<Tables, 'analytics_views'>) => eb.selectFrom('analytics_views').select('id').where('day', '<', day).limit(size)
      return Number((await db.deleteFrom('analytics_views').where('id', 'in', batch).executeTakeFirst()).numDeletedRows)
    })
    await removeInTurns(database, 2000, async (size) => {
      const batch = (eb: ExpressionBuilder<Tables, 'analytics_conversions'>) =>
        eb(eb.refTuple('day', 'visitor'), 'in', eb.selectFrom('analytics_conversions').select(['day', 'visitor']).where('day', '<', day).limit(size).$asTuple('day', 'visitor'))
      return Number((await db.deleteFrom('analytics_conversions').where(batch).executeTakeFirst()).numDeletedRows)
    })
    return views
  }

  return {
    async visitorOf({ ip, userAgent, site }, now) {
      const day = dayOf(now)
      const salt = await saltOf(day)
      const visitor = createHash('sha256').update(`${salt}\u0000${site}\u0000${ip}\u0000${userAgent}`).digest('base64url').slice(0, 22)
      return { day, visitor }
    },
    countToday,
    record: (visit, view) => write({ kind: 'view', ...visit, view }),
    convert: (visit) => write({ kind: 'conversion', ...visit }),
    async rollUp(now, rawDays) {
      const today = dayOf(now)
      // Days with raw views, before today, not rolled up yet (a day rolled up has at least its 'all' row).
      // Read off the loop (SQLite's read thread): on a busy day it reads yesterday's raw views along their index.
      const pending = await database.reads
        .selectFrom('analytics_views')
        .select('day')
        .distinct()
        .where('day', '<', today)
        .where('day', 'not in', (eb) => eb.selectFrom('analytics_daily').select('day').where('dimension', '=', 'all'))
        .orderBy('day')
        .execute()
      for (const { day } of pending) await rollUpDay(day)
      await db.deleteFrom('analytics_partial').where('day', '<', today).execute()
      const keepFrom = daysBefore(today, rawDays - 1)
      const dropped = await dropBefore(keepFrom)
      // Yesterday's salt is kept an hour into today for beacons on their way at midnight, then destroyed.
      const saltsFrom = now.getUTCHours() >= 1 ? today : daysBefore(today, 1)
      await db.deleteFrom('analytics_salts').where('day', '<', saltsFrom).execute()
      return { rolledUp: pending.length, dropped }
    },
  }
}
