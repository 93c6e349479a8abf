// The console's kept counts (signup_tallies, features/console/migrations.ts) against the rows they count. Every
// test composition checks them as it closes (open-store.ts), so every move a test makes (a signup, a confirmation,
// an erasure, a wave, a claim, a merge of addresses, a test's own SQL) must leave them true.
import { sql } from 'kysely'
import type { Database } from '../server/platform/database/database'

/** What the kept counts say that the rows do not, one line per count (kind, key, kept, counted); empty when true. */
export async function keptCountsAgainstRows(database: Database): Promise<string[]> {
  const { db } = database
  const day = database.utcDay('created_at').text
  // One statement, so one snapshot: another instance may add a signup between two reads (the store contract starts
  // four processes at once), and two statements would count it in one and not the other.
  const { rows } = await sql<{ side: 'kept' | 'counted'; kind: string; key: string; n: number | string }>`
    SELECT 'kept' AS side, kind, key, sum(n) AS n FROM signup_tallies GROUP BY kind, key
    UNION ALL SELECT 'counted', 'status', status, count(*) FROM signups GROUP BY status
    UNION ALL SELECT 'counted', 'source', source, count(*) FROM signups GROUP BY source
    UNION ALL SELECT 'counted', 'day', ${day}, count(*) FROM signups GROUP BY ${day}`.execute(db)
  const onSide = (side: 'kept' | 'counted') => rows.filter((row) => row.side === side)
  const byKey = (rows: { kind: string; key: string; n: number | string }[]) => new Map(rows.filter((row) => Number(row.n) !== 0).map((row) => [`${row.kind} ${row.key}`, Number(row.n)]))
  const [keptBy, countedBy] = [byKey(onSide('kept')), byKey(onSide('counted'))]
  return [...new Set([...keptBy.keys(), ...countedBy.keys()])]
    .filter((key) => keptBy.get(key) !== countedBy.get(key))
    .map((key) => `${key}: kept ${keptBy.get(key) ?? 0}, counted ${countedBy.get(key) ?? 0}`)
}
