// The same list on PostgreSQL, for bench/console.ts: the schema made by the project's migrations
// (openDatabase), then every table's rows copied from the SQLite build (bench/console/build.ts), in batches of
// 20,000 rows (INSERT … SELECT FROM unnest). The list is not built through the stores a second time on
// PostgreSQL: there every statement is a round trip, and the confirmations, which take the line's lock one at a
// time, ran at 1.8 ms each (measured 2026-11-27, 2-core machine): 22 minutes for a million. The copy keeps
// whatever the stores kept, and gives both engines the very same people. After it, VACUUM ANALYZE, as the
// autovacuum of a database that has lived with its rows would have run.
//
// The cluster's data folder is then kept in the cache (data/bench/, keyed as the SQLite file is, and by the
// server's major version and this file's source): a second run copies it into a fresh throwaway cluster and
// starts it, with no copy, and only the migrations of a release newer than the copy (migrateForward).
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import Database from 'libsql'
import pg from 'pg'
import { featureMigrations } from '../../server/feature-migrations'
import { openDatabase } from '../../server/platform/database/open'
import { migrateForward } from './build'
import type { TestPostgres } from '../../tools/postgres'

const databaseName = 'bench_console'
/** Tables of the migrations' own bookkeeping, PostgreSQL's shared rate limits (SQLite counts in memory), and the
 * console's kept counts, which PostgreSQL's triggers keep as the signups are copied. */
const notCopied = new Set(['kysely_migration', 'kysely_migration_lock', 'schema_migrations', 'rate_limits', 'signup_tallies'])
const rowsPerInsert = 20_000

/** The database holding the list on `cluster`, from the cache or copied now; its URL, and whether it was copied now. */
export async function postgresWithList(
  cluster: TestPostgres,
  sqliteFile: string,
  cacheName: string,
  scratch: string,
  say: (line: string) => void,
): Promise<{ url: string; copied: boolean }> {
  const url = cluster.url.replace(/\/postgres$/, `/${databaseName}`)
  const admin = new pg.Client({ connectionString: cluster.url })
  await admin.connect()
  const { data_directory: data, server_version_num: version } = (
    await admin.query<{ data_directory: string; server_version_num: string }>(
      `SELECT current_setting('data_directory') AS data_directory, current_setting('server_version_num') AS server_version_num`,
    )
  ).rows[0]!
  // Keyed by the server's major version and this copier's source too; an older copy of the same list goes.
  const copier = createHash('sha256').update(readFileSync(new URL(import.meta.url))).digest('hex').slice(0, 8)
  const cached = `${cacheName}-postgres${Math.floor(Number(version) / 10_000)}-${copier}`
  if (existsSync(cached)) {
    await admin.end()
    cluster.stop()
    rmSync(data, { recursive: true, force: true })
    execFileSync('cp', ['-a', cached, data])
    cluster.start()
    await migrateForward(url, say)
    return { url, copied: false }
  }
  for (const name of readdirSync(dirname(cacheName)))
    if (name.startsWith(`${basename(cacheName)}-postgres`)) rmSync(join(dirname(cacheName), name), { recursive: true, force: true })
  await admin.query(`CREATE DATABASE ${databaseName}`)
  await admin.end()
  await (await openDatabase(url, { migrations: featureMigrations })).close()
  await copyTables(sqliteFile, url, say)
  // The data folder as it is once the cluster has stopped cleanly: it starts again with no recovery.
  cluster.stop()
  const partial = join(scratch, 'postgres-data')
  execFileSync('cp', ['-a', data, partial])
  try {
    renameSync(partial, cached)
  } catch {
    execFileSync('cp', ['-a', partial, cached])
    rmSync(partial, { recursive: true, force: true })
  }
  cluster.start()
  return { url, copied: true }
}

type Column = { name: string; type: string; identity: boolean }

/** Every table's rows from the SQLite file into the migrated database at `url` (bench/analytics.ts copies its seed
 * with it too), then VACUUM ANALYZE. */
export async function copyTables(sqliteFile: string, url: string, say: (line: string) => void) {
  const source = new Database(sqliteFile)
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const described = await client.query<{ table_name: string; column_name: string; udt_name: string; is_identity: string }>(
      `SELECT table_name, column_name, udt_name, is_identity FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
    )
    const tables = new Map<string, Column[]>()
    for (const row of described.rows)
      tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), { name: row.column_name, type: row.udt_name, identity: row.is_identity === 'YES' }])
    const inSqlite = new Set(source.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[])
    await client.query('BEGIN')
    await client.query('SET LOCAL synchronous_commit = off')
    for (const [table, targetColumns] of tables) {
      if (notCopied.has(table) || !inSqlite.has(table)) continue
      const sourceColumns = new Set((source.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((column) => column.name))
      const columns = targetColumns.filter((column) => sourceColumns.has(column.name))
      const started = performance.now()
      // Rows the migrations made (the line's counter, the erasure salt) give way to the build's.
      await client.query(`DELETE FROM ${table}`)
      const read = source.prepare(`SELECT rowid AS rowid_, ${columns.map((column) => column.name).join(', ')} FROM ${table} WHERE rowid > ? ORDER BY rowid LIMIT ${rowsPerInsert}`)
      const insert = `INSERT INTO ${table} (${columns.map((column) => column.name).join(', ')}) OVERRIDING SYSTEM VALUE
        SELECT * FROM unnest(${columns.map((column, index) => `$${index + 1}::${column.type}[]`).join(', ')})`
      let copied = 0
      // From the lowest rowid: the line's ranges are keyed by their number (an INTEGER PRIMARY KEY is the rowid), and
      // credits move keys below zero, so starting after 0 left the ranges -6 to 0 and their 1,039 people behind.
      for (let after = Number.MIN_SAFE_INTEGER; ; ) {
        const rows = read.all(after) as Record<string, unknown>[]
        if (rows.length === 0) break
        await client.query(
          insert,
          columns.map((column) => rows.map((row) => row[column.name] ?? null)),
        )
        copied += rows.length
        after = Number(rows.at(-1)!.rowid_)
      }
      const held = Number((source.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n)
      if (copied !== held) throw new Error(`Copied ${copied} rows of ${table} to PostgreSQL, where SQLite holds ${held}.`)
      for (const column of columns.filter((candidate) => candidate.identity))
        await client.query(`SELECT setval(pg_get_serial_sequence('${table}', '${column.name}'), coalesce(max(${column.name}), 0) + 1, false) FROM ${table}`)
      if (copied > 0) say(`  copied ${copied.toLocaleString('en-US')} rows of ${table} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    }
    await client.query('COMMIT')
    const vacuumed = performance.now()
    await client.query('VACUUM ANALYZE')
    say(`  VACUUM ANALYZE in ${((performance.now() - vacuumed) / 1000).toFixed(1)} s`)
  } finally {
    await client.end()
    source.close()
  }
}

/** The database's size as PostgreSQL counts it (pg_database_size), in bytes. */
export async function postgresBytes(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return Number((await client.query<{ n: string }>('SELECT pg_database_size(current_database()) AS n')).rows[0]!.n)
  } finally {
    await client.end()
  }
}
