// The benchmarks' own access to the database beside the server's: a list of confirmed people seeded in one
// statement, and counts read on a connection of their own.
import { createClient } from '@libsql/client'
import { sql } from 'kysely'
import pg from 'pg'
import { bucketSize } from '../../server/features/referral/line'
import type { Database } from '../../server/platform/database/database'

/** `people` confirmed people in line, in order, at `${prefix}-<n>@bench.example` (n from 1), written in one
 * INSERT … SELECT as bench/endpoint.ts placeLookups writes its line of a million, with the line's counts per range
 * and its counter to match; `news`: each also holds news and updates, as if they had asked on the confirmed page. */
export async function seedConfirmed(database: Database, { people, prefix, news = false }: { people: number; prefix: string; news?: boolean }) {
  const { db } = database
  const at = '2026-11-24T00:00:00.000Z'
  const numbers =
    database.engine === 'sqlite'
      ? sql`WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${people}) SELECT i FROM n`
      : sql`SELECT i FROM generate_series(1, ${people}::int) AS i`
  const newsAt = news ? at : null
  const newsVersion = news ? '2026-11-27' : null
  await sql`INSERT INTO signups (email_normalized, email, first_name, source, created_at, status, confirmed_at, confirm_seq, line_score, news_given_at, news_consent_version)
    SELECT ${prefix} || '-' || i || '@bench.example', ${prefix} || '-' || i || '@bench.example', 'Bench', 'bench', ${at}, 'confirmed', ${at}, i, i, ${newsAt}, ${newsVersion}
    FROM (${numbers}) AS numbers`.execute(db)
  await sql`INSERT INTO line_buckets (bucket, people)
    SELECT line_score / ${sql.lit(bucketSize)}, count(*) FROM signups WHERE line_score IS NOT NULL GROUP BY line_score / ${sql.lit(bucketSize)}`.execute(db)
  await sql`UPDATE line_counter SET last_seq = ${people} WHERE id = 1`.execute(db)
  if (database.engine === 'postgres') await sql`ANALYZE signups`.execute(db)
}

/** Counts and rows from the database, on a connection of our own beside the instances'. */
export type DatabaseReader = { count: (query: string) => Promise<number>; rows: <Row>(query: string) => Promise<Row[]>; close: () => Promise<void> }

export function databaseReader(databaseUrl: string): DatabaseReader {
  if (databaseUrl.startsWith('file:')) {
    const client = createClient({ url: databaseUrl })
    const rows = async <Row>(query: string) => (await client.execute(query)).rows as unknown as Row[]
    return { count: async (query) => Number((await rows<{ n: unknown }>(query))[0]!.n), rows, close: async () => client.close() }
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
  const rows = async <Row>(query: string) => (await pool.query(query)).rows as Row[]
  return { count: async (query) => Number((await rows<{ n: unknown }>(query))[0]!.n), rows, close: () => pool.end() }
}
