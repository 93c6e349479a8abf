// The retention sweep's clock, in every instance (retention.ts): once as the instance starts serving, then every
// hour. Each sweep says what it removed in one line, counts only; a sweep that fails is tried at the next.
// Stopping ends a sweep between two batches, so a long first sweep never holds up a stop.
import { whileRunning } from '../observability/event-loop'
import { silentLogger, type Logger } from '../observability/logger'
import { retentionRules, type Retention } from './retention'

export type RetentionSchedule = { stop(): Promise<void> }

export function startRetentionSchedule(options: { retention: Retention; everyMs?: number; now: () => Date; log?: Pick<Logger, 'info' | 'error'> }): RetentionSchedule {
  const now = options.now
  const log = options.log ?? silentLogger
  const stopping = new AbortController()
  let running: Promise<void> | undefined
  const sweep = () => {
    if (running || stopping.signal.aborted) return
    const started = performance.now()
    running = whileRunning('clock:retention', () => options.retention.sweep(now(), stopping.signal))
      .then((removed) => {
        const ms = Math.round(performance.now() - started)
        log.info({ removed, ms }, `retention: removed ${removed.consent_tokens} ended link tokens and ${removed.outbox} finished emails in ${ms} ms`)
      })
      .catch((error: unknown) => log.error({ err: error }, 'retention: cannot remove ended link tokens or finished emails now; will try again'))
      .finally(() => {
        running = undefined
      })
  }
  const timer = setInterval(sweep, options.everyMs ?? retentionRules.everyMs)
  sweep()
  return {
    async stop() {
      stopping.abort()
      clearInterval(timer)
      await running
    },
  }
}
