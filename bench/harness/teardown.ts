// What a benchmark leaves behind, removed at its end or at Ctrl-C: the server processes it started, its SMTP
// sink, its PostgreSQL cluster (if it has started one by then), its temp folder, and whatever else it names.
import { rmSync } from 'node:fs'
import { stopAll } from '../../tools/processes'
import type { TestPostgres } from '../../tools/postgres'

/** How long after Ctrl-C the clean-up starts: see below. */
const afterSignalMs = 100

/** Registers the clean-up for Ctrl-C and returns it, for the benchmark's own end. */
export function benchTeardown(parts: { smtp?: { close(): void }; cluster?: () => TestPostgres | undefined; dir?: string; also?: () => void }): () => void {
  let cleaned = false
  const cleanUp = () => {
    if (cleaned) return
    cleaned = true
    stopAll()
    parts.also?.()
    parts.smtp?.close()
    parts.cluster?.()?.destroy()
    if (parts.dir) rmSync(parts.dir, { recursive: true, force: true })
  }
  // tsx, which runs every benchmark, kills its child outright when the child has not told it of a signal within
  // about 60 ms, and the clean-up blocks for seconds (pg_ctl, removing a large folder): begun at once, it was
  // cut short, leaving the cluster's folder and the temp folder behind. So it begins a moment later, once tsx
  // has heard; a second Ctrl-C (npm passes the first on again) does not begin it twice.
  let stopping = false
  process.on('SIGINT', () => {
    if (stopping) return
    stopping = true
    setTimeout(() => {
      cleanUp()
      process.exit(130)
    }, afterSignalMs)
  })
  return cleanUp
}
