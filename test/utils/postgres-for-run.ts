// One throwaway PostgreSQL cluster for a whole vitest run (vitest.config.ts `globalSetup`), on which every test file
// makes databases of its own (`postgresForRun().createDatabase()`). A cluster per file cost an initdb and a start
// (about 1 s each, most of it CPU) some 55 times a run. The files that run several instances on one PostgreSQL
// (some stop and start the server under them) still start a cluster of their own (startPostgres).
import type { TestProject } from 'vitest/node'
import { startPostgres, type TestPostgres } from '../../tools/postgres'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's cluster's `postgres` database (postgres-for-run.ts). */
    postgresUrl: string
    /** The files vitest.config.ts runs on both engines (store-suite.ts). */
    suitesOnBothEngines: string[]
  }
}

// Each of the config's projects runs its global setup: they share one cluster, which goes after the last.
type Shared = { cluster: Promise<TestPostgres>; users: number }
const holder = globalThis as { strideTestCluster?: Shared }

// Four files at once, each with a pool of 10, the console's 2 and a few of its own, on two projects.
const maxConnections = 400

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = (holder.strideTestCluster ??= { cluster: startPostgres({ maxConnections }), users: 0 })
  shared.users++
  project.provide('postgresUrl', (await shared.cluster).url)
  return async () => {
    if (--shared.users > 0) return
    delete holder.strideTestCluster
    ;(await shared.cluster).destroy()
  }
}
