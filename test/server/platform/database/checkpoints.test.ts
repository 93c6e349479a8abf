// @vitest-environment node
// SQLite's checkpoints run in the read thread, not in a commit on the main connection but as a far backstop
// (platform/database/sqlite-checkpoints.ts): at a million signups a commit that crossed SQLite's mark held the event
// loop 120–450 ms while it folded the log into the file.
import { statSync } from 'node:fs'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { featureMigrations } from '../../../../server/feature-migrations'
import { sqliteFilePath } from '../../../../server/platform/database/database-url'
import { inTurns } from '../../../../server/platform/database/in-turns'
import { checkpointRules } from '../../../../server/platform/database/sqlite-checkpoints'
import { openDatabase } from '../../../../server/platform/database/open'
import { sqliteEngine } from '../../../utils/engines'
import { until } from '../../../../tools/until'
import { onlyOn } from '../../../utils/store-suite'

onlyOn('sqlite', "checkpoints fold SQLite's write-ahead log; PostgreSQL has no such step to move off the event loop")

const engine = sqliteEngine()
beforeAll(() => engine.setup(), 60_000)
afterAll(() => engine.teardown())

it('folds the log from the read thread once it has grown, the main connection only far past that', async () => {
  const url = await engine.newDatabase()
  const database = await openDatabase(url, { migrations: featureMigrations })
  try {
    const { rows } = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(database.db)
    expect(Object.values(rows[0]!)).toEqual([checkpointRules.mainConnectionPages])
    expect(checkpointRules.mainConnectionPages * 4096).toBeGreaterThan(4 * checkpointRules.walBytes)
    const file = sqliteFilePath(url)
    const fileBytes = () => statSync(file).size
    const before = fileBytes()
    // Twice the log's mark in one table, written through the main connection in commits of 100 rows.
    await sql`CREATE TABLE filler (text TEXT NOT NULL)`.execute(database.db)
    const row = 'x'.repeat(2000)
    for (let written = 0; written < 2 * checkpointRules.walBytes; written += 100 * row.length)
      await database.db.transaction().execute(async (trx) => {
        for (let index = 0; index < 100; index++) await sql`INSERT INTO filler (text) VALUES (${row})`.execute(trx)
      })
    // The file itself grows only when a checkpoint copies the log's pages into it.
    await until(() => fileBytes() > before + checkpointRules.walBytes, 10_000, 'the log folded into the file')
  } finally {
    await database.close()
  }
})

it('a bulk writer waits for the log to be folded between its batches, so the log starts again rather than growing to the backstop', async () => {
  // At a million signups the retention sweep's batches, written back to back, outgrew the read thread's checkpoint
  // each second: every 32nd batch crossed the main connection's backstop and folded 64 MB on the event loop.
  const url = await engine.newDatabase()
  const database = await openDatabase(url, { migrations: featureMigrations })
  try {
    await sql`CREATE TABLE filler (text TEXT NOT NULL)`.execute(database.db)
    const row = 'x'.repeat(2000)
    const batchRows = 50
    // 16 times the log's mark in all, 100 kB a batch.
    const rows = Array.from({ length: Math.ceil((16 * checkpointRules.walBytes) / row.length) }, () => row)
    const walBytes = () => statSync(`${sqliteFilePath(url)}-wal`).size
    let largest = 0
    await inTurns(database, rows, batchRows, async (batch) => {
      await database.db.transaction().execute(async (trx) => {
        for (const text of batch) await sql`INSERT INTO filler (text) VALUES (${text})`.execute(trx)
      })
      largest = Math.max(largest, walBytes())
    })
    const written = rows.length * row.length
    expect(written).toBeGreaterThanOrEqual(16 * checkpointRules.walBytes)
    // The log never held more than a few batches: each fold let the next batch write it again from its start.
    expect(largest).toBeLessThan(2 * checkpointRules.walBytes)
    const { rows: counted } = await sql<{ n: number }>`SELECT count(*) AS n FROM filler`.execute(database.db)
    expect(Number(counted[0]!.n)).toBe(rows.length)
  } finally {
    await database.close()
  }
})
