// The two setups the sending benchmarks run in turn (bench/waves.ts, bench/updates.ts): SQLite with one instance,
// PostgreSQL with two on a throwaway cluster with fsync on, under one header and one teardown.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startPostgres, type TestPostgres } from '../../tools/postgres'
import type { CountingSink } from './mail-sink'
import { printHeader } from './print'
import { listOf } from './settings'
import { benchTeardown } from './teardown'

export type Setup = (name: string, databaseUrl: string, instanceCount: 1 | 2) => Promise<boolean>

/** Prints `title` with the date, Node, the machine and its load, then runs each setup BENCH_SETUPS names ("sqlite",
 * "postgres"; both unless told): SQLite in a temp folder with one instance, PostgreSQL on a throwaway cluster with
 * fsync on, with two. A setup says false when it failed; then `failure` is printed and the exit code is 1. It always
 * stops by itself, and leaves nothing behind. */
export async function runSetups(title: string, sink: CountingSink, setup: Setup, failure: string) {
  const dir = mkdtempSync(join(tmpdir(), 'waitlist-bench-sending-'))
  let cluster: TestPostgres | undefined
  const cleanUp = benchTeardown({ smtp: sink, cluster: () => cluster, dir })
  try {
    printHeader(title)
    const chosen: string[] = listOf('BENCH_SETUPS', ['sqlite', 'postgres'])
    const setups: [string, () => Promise<boolean>][] = [
      ['sqlite', () => setup('SQLite, 1 instance', `file:${join(dir, 'waitlist.db')}`, 1)],
      [
        'postgres',
        async () => {
          cluster = await startPostgres({ durable: true })
          return setup('PostgreSQL, 2 instances', await cluster.createDatabase(), 2)
        },
      ],
    ]
    let clean = true
    for (const [key, run] of setups) if (chosen.includes(key)) clean = (await run()) && clean
    if (!clean) {
      console.log(`\nFAIL  ${failure}`)
      process.exitCode = 1
    }
  } finally {
    cleanUp()
  }
}
