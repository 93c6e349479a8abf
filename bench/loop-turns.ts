// What bench-loop.ts and bench-console.ts share to hold the background clocks to the event loop (issue 53), on
// either engine:
// - a launch day on a copy of the cached list: its newest 100,000 signups moved to today, spread over the hours so
//   far in their order, and today's page views (bench-analytics-seed.ts seedViewsOfDay: 300,000 views by about
//   109,000 visitors, one in 36 of them signed up), so the clocks count a busy today, as on the day it matters;
// - the server's own account of its loop: started with EVENT_LOOP_STALL_MS low, it logs every turn over it with
//   what was running (server/platform/observability/event-loop.ts); those lines are read here, by the time they
//   were logged, into the phase they fell in.
import { sql } from 'kysely'
import { featureMigrations } from '../server/feature-migrations'
import { openDatabase } from '../server/platform/database/open'
import { seedViewsOfDay } from './analytics/seed'

/** The turns the benchmark's server logs: every one over this many ms. */
export const loggedTurnMs = 20

export const launchDay = { signups: 100_000, views: 300_000 }

const dayOf = (date: Date) => date.toISOString().slice(0, 10)

/** Makes the list at `databaseUrl` (a SQLite file's URL, or a PostgreSQL database's) a launch day as of `now`
 * (above); says what it did, and how long it took. */
export async function makeLaunchDay(databaseUrl: string, now: Date, say: (line: string) => void): Promise<void> {
  const started = performance.now()
  // Statements over a million rows, which a loaded machine can take past the pool's 10 s for a request.
  const database = await openDatabase(databaseUrl, { migrations: featureMigrations, queryTimeoutMs: 10 * 60_000 })
  try {
    const { db, engine } = database
    await (engine === 'sqlite' ? sql`PRAGMA synchronous = OFF` : sql`SET synchronous_commit = off`).execute(db)
    const today = dayOf(now)
    const midnightS = Date.parse(`${today}T00:00:00Z`) / 1000
    // Today so far, or the last hour when the run starts just after midnight.
    const spanS = Math.max(3600, now.getTime() / 1000 - midnightS - 60)
    const firstId = Number(
      (
        await sql<{
          id: number
        }>`SELECT id FROM signups ORDER BY id DESC LIMIT 1 OFFSET ${launchDay.signups - 1}`.execute(db)
      ).rows[0]?.id ?? 0,
    )
    const secondsIn = sql`(id - ${firstId}) * CAST(${spanS / launchDay.signups} AS ${sql.raw(engine === 'sqlite' ? 'REAL' : 'double precision')})`
    // Each engine's way of writing a time: SQLite's text as the stores write it, PostgreSQL's timestamptz.
    const at =
      engine === 'sqlite'
        ? sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${midnightS}, 'unixepoch', (${secondsIn}) || ' seconds')`
        : sql`to_timestamp(CAST(${midnightS} AS double precision) + ${secondsIn})`
    const moved = await sql`UPDATE signups SET created_at = ${at}, confirmed_at = CASE WHEN confirmed_at IS NOT NULL THEN ${at} END WHERE id >= ${firstId}`.execute(db)
    await seedViewsOfDay(database, today, launchDay.views)
    // As a list that has lived with its rows would be: SQLite's log folded in, PostgreSQL's dead rows cleared.
    await (engine === 'sqlite' ? sql`PRAGMA wal_checkpoint(TRUNCATE)` : sql`VACUUM ANALYZE signups, analytics_views, analytics_conversions, signup_tallies`).execute(db)
    say(
      `Launch day ${today}: ${Number(moved.numAffectedRows).toLocaleString('en-US')} signups moved to today and ${launchDay.views.toLocaleString('en-US')} page views of today seeded, ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
  } finally {
    await database.close()
  }
}

/** A turn of the server's loop as it logged it: when it ended (ms since the epoch), how long, what was running, and
 * the garbage collector's pauses in it. */
export type Turn = { at: number; ms: number; running: string[]; heldBy: { name: string; ms: number }[]; collectedMs: number }

/** Reads the server's log lines (startMeasuredServer's onLine) for its turns over EVENT_LOOP_STALL_MS. */
export function turnsFromLog() {
  const turns: Turn[] = []
  return {
    onLine(line: string) {
      if (!line.includes('"turnMs"')) return
      try {
        const parsed = JSON.parse(line) as { time: string; turnMs: number; running: string[]; heldBy?: Turn['heldBy']; collectedMs?: number }
        turns.push({ at: Date.parse(parsed.time), ms: parsed.turnMs, running: parsed.running, heldBy: parsed.heldBy ?? [], collectedMs: parsed.collectedMs ?? 0 })
      } catch {
        // Not a line of the server's log: passed over.
      }
    },
    /** The turns logged from `from` to `to` (ms since the epoch). */
    between: (from: number, to: number) => turns.filter((turn) => turn.at >= from && turn.at <= to),
  }
}

/** One line: the longest turn of a phase and what ran in it, and how many passed 50 and 100 ms, by what ran. */
export function turnsLine(turns: Turn[]): string {
  if (turns.length === 0) return `longest turn of the loop under ${loggedTurnMs} ms (none logged)`
  const longest = turns.reduce((a, b) => (b.ms > a.ms ? b : a))
  const over = (ms: number) => turns.filter((turn) => turn.ms > ms)
  const byName = new Map<string, number>()
  for (const turn of over(50)) for (const name of turn.running.length > 0 ? turn.running : ['nothing marked']) byName.set(name, (byName.get(name) ?? 0) + 1)
  const named = [...byName.entries()].sort((a, b) => b[1] - a[1]).map(([name, n]) => `${name} ${n}`)
  // Whose statements on SQLite's connection held those turns, in all (the server says it from 2026-12-03 on).
  const heldMs = new Map<string, number>()
  for (const turn of over(50)) for (const held of turn.heldBy) heldMs.set(held.name, (heldMs.get(held.name) ?? 0) + held.ms)
  const statements = [...heldMs.entries()].sort((a, b) => b[1] - a[1]).map(([name, ms]) => `${name} ${ms} ms`)
  return (
    `longest turn of the loop ${longest.ms} ms, running ${longest.running.join(' + ') || 'nothing marked'}` +
    (longest.heldBy.length > 0 ? ` (statements on the loop: ${longest.heldBy.map((held) => `${held.name} ${held.ms} ms`).join(', ')})` : '') +
    (longest.collectedMs > 0 ? ` (garbage collection ${longest.collectedMs} ms)` : '') +
    '; ' +
    `${turns.length} over ${loggedTurnMs} ms, ${over(50).length} over 50 ms, ${over(100).length} over 100 ms` +
    (named.length > 0 ? ` (over 50 ms, in: ${named.join(', ')})` : '') +
    (statements.length > 0 ? `; statements on the loop in the turns over 50 ms: ${statements.join(', ')}` : '')
  )
}
