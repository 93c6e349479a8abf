// A read that keeps SQLite busy for seconds in one statement, so nothing in it could yield to the event loop:
// counting to twenty million took 2-4 s on this 2-core machine (2026-11-27). And how many threads this process
// runs (/proc/self/task, Linux): the read thread of `database.reads` is one of them (sqlite-reads.ts).
import { readdirSync } from 'node:fs'
import { sql } from 'kysely'

export const longSqliteReadCount = 20_000_000
export const longSqliteRead = sql<{ n: number }>`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${sql.lit(longSqliteReadCount)}) SELECT count(*) AS n FROM c`
export const threadCount = () => readdirSync('/proc/self/task').length
