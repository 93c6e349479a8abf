// Work a reader must not wait for, in batches of about 10 ms, the event loop handed back between them (issue 53).
// On SQLite every statement runs on the process's one connection and holds the event loop (libsql is synchronous),
// and statements awaited one after another never give the loop a turn between them: the promise of a synchronous
// call is settled at once, and what follows it runs as a microtask. So a clock's writes of thousands of rows, even
// in statements of 500, held /healthz and every signup for their whole length. Here each batch is sized to take
// about `targetMs` (halved when one takes twice that, doubled when one takes half), and after each the loop gets
// a full turn, a timer as long as the batch took: at most half the loop's time goes to the work. And it waits for
// SQLite's log to be folded into the file off the loop (Database.foldLog), so that no batch crosses the main
// connection's checkpoint backstop and folds it on the loop. The retention sweep paces its deletes the same way
// (platform/retention/retention.ts). On PostgreSQL a statement does not hold the loop; the batches cost a round
// trip each, and keep each transaction short.
import type { Database } from './database'

export const turnRules = {
  /** What a batch should take. */
  targetMs: 10,
  /** The first batch's size, and the fewest rows a batch takes. */
  firstBatch: 50,
} as const

/** The pause after a batch that took `ms`: a turn of the loop as long, then the log folded, last, so that the next
 * batch starts as the fold ends, not beside a checkpoint the read thread's timer began meanwhile (its commit's
 * sync then waited for the checkpoint's writes: one batch of 152 ms at a million signups). */
export async function handBack(database: Pick<Database, 'foldLog'>, ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms))
  await database.foldLog()
}

const nextSize = (size: number, tookMs: number, most: number) =>
  tookMs > 2 * turnRules.targetMs ? Math.max(turnRules.firstBatch, Math.floor(size / 2)) : tookMs < turnRules.targetMs / 2 ? Math.min(most, size * 2) : size

/** Runs `write` over `rows` in batches of at most `most` rows (a statement's bound), paced as above. */
export async function inTurns<T>(database: Pick<Database, 'foldLog'>, rows: readonly T[], most: number, write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let at = 0, size = Math.min(turnRules.firstBatch, most); at < rows.length;) {
    const started = performance.now()
    await write(rows.slice(at, at + size))
    at += size
    const took = performance.now() - started
    size = nextSize(size, took, most)
    if (at < rows.length) await handBack(database, took)
  }
}

/** Runs `remove(size)`, which removes at most `size` rows and says how many it did, until it removes fewer than it
 * was asked, paced as above; says how many it removed in all. */
export async function removeInTurns(database: Pick<Database, 'foldLog'>, most: number, remove: (size: number) => Promise<number>): Promise<number> {
  let removed = 0
  for (let size = Math.min(turnRules.firstBatch, most); ;) {
    const started = performance.now()
    const count = await remove(size)
    removed += count
    if (count < size) return removed
    const took = performance.now() - started
    size = nextSize(size, took, most)
    await handBack(database, took)
  }
}
