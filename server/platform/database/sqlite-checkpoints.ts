// WAL checkpoints off the event loop. SQLite folds its write-ahead log back into the database file every 1,000
// pages by default, inside whichever commit crosses the mark: on the main connection, whose driver is
// synchronous, so that commit (a signup's, /healthz's) held the event loop while the pages were written into
// the file and the file was synced. At 1,000,000 signups such commits took 120–450 ms on the shared 2-core
// machine, a single-row update among them, and every request waited as long (2026-11-27, docs/performance.md).
//
// So the read connection, in its own thread (sqlite-reads.ts), runs a PASSIVE checkpoint once a second when the
// log has grown since: PASSIVE takes no lock a writer waits on, and copies what no reader still needs. The main
// connection checkpoints only as a backstop, when the log has grown past `mainConnectionPages` (sqlite.ts): a
// PASSIVE checkpoint cannot restart a log that writers keep appending to, so under a long burst of writes the log
// could otherwise grow without end. Nothing changes for what is durable: a commit is synced into the log as
// before (synchronous = FULL). The last connection to close folds the rest back, as SQLite always does.
import { statSync } from 'node:fs'
import { sql, type Kysely } from 'kysely'
import type { Tables } from './schema'

export const checkpointRules = {
  everyMs: 1000,
  /** The main connection's wal_autocheckpoint: 64 MB of 4 KB pages, sixteen times SQLite's default. */
  mainConnectionPages: 16_000,
  /** Below this the log is left to grow (tests' databases never reach it, so their read thread never starts for it). */
  walBytes: 1024 * 1024,
}

/** Starts the checkpoints of the file at `file` through `reads`; foldNow() runs one at once (or waits for the one in
 * hand) for a bulk writer to wait on between its batches; stop() ends them, waiting for one in hand. */
export function checkpointsOffTheLoop(file: string, reads: Kysely<Tables>, rules = checkpointRules): { foldNow(): Promise<void>; stop(): Promise<void> } {
  let folded = 0
  let running: Promise<void> | undefined
  let stopped = false
  const fold = () =>
    (running ??= sql`PRAGMA wal_checkpoint(PASSIVE)`
      .execute(reads)
      .then(
        () => {},
        // Closing, or busy with a writer's lock: the next one tries again.
        () => {},
      )
      .finally(() => (running = undefined)))
  const timer = setInterval(() => {
    if (running) return
    const wal = walState(`${file}-wal`)
    // The log's time moves at each commit; its size never shrinks (SQLite writes it again from the start).
    if (!wal || wal.bytes < rules.walBytes || wal.changedAt <= folded) return
    folded = wal.changedAt
    void fold()
  }, rules.everyMs)
  timer.unref()
  return {
    foldNow: () => (stopped ? Promise.resolve() : fold()),
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}

function walState(path: string): { bytes: number; changedAt: number } | undefined {
  try {
    const { size, mtimeMs } = statSync(path)
    return { bytes: size, changedAt: mtimeMs }
  } catch {
    return undefined
  }
}
