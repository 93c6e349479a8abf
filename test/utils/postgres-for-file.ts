// One throwaway PostgreSQL for a test file and the servers its tests start on it, as the files that run several
// instances on one database need: the cluster starts before the file's tests, and after them every server kept
// closes before the cluster goes, even when a test failed midway and never closed its own.
import { afterAll, beforeAll } from 'vitest'
import { startPostgres, type TestPostgres } from '../../tools/postgres'

type Closable = { close: () => Promise<unknown> }

export type PostgresForFile = {
  /** The cluster; there is one only inside the file's tests, since beforeAll starts it. */
  readonly cluster: TestPostgres
  /** Keeps a server to close after the file's tests, before the cluster goes; returns it. */
  keep: <Server extends Closable>(server: Server) => Server
}

/** Call at the top of a test file: it registers the file's beforeAll and afterAll. */
export function postgresForFile(startTimeout = 60_000): PostgresForFile {
  let cluster: TestPostgres | undefined
  const servers: Closable[] = []
  beforeAll(async () => {
    cluster = await startPostgres()
  }, startTimeout)
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close().catch(() => {})))
    cluster?.destroy()
  })
  return {
    get cluster() {
      if (!cluster) throw new Error('The cluster starts in beforeAll: use it inside a test.')
      return cluster
    },
    keep(server) {
      servers.push(server)
      return server
    },
  }
}
