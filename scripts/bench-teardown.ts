// What a benchmark leaves behind, removed at its end or at Ctrl-C: the server processes it started, its SMTP
// sink, its PostgreSQL cluster (if it has started one by then) and its temp folder.
import { rmSync } from 'node:fs'
import { stopAll } from '../test/server/processes'
import type { TestPostgres } from '../test/utils/postgres'

/** Registers the clean-up for Ctrl-C and returns it, for the benchmark's own end. */
export function benchTeardown(parts: { smtp: { close(): void }; cluster: () => TestPostgres | undefined; dir: string }): () => void {
  const cleanUp = () => {
    stopAll()
    parts.smtp.close()
    parts.cluster()?.destroy()
    rmSync(parts.dir, { recursive: true, force: true })
  }
  process.once('SIGINT', () => {
    cleanUp()
    process.exit(130)
  })
  return cleanUp
}
