// The updates' clock, in every instance: every second it starts the scheduled sends that are due and queues each
// sending update's next emails at its pace (update-sends.ts tick; on PostgreSQL the instances take turns on each
// send's row). The outbox sender delivers them; it is poked when something is queued.
import { silentLogger, type Logger } from '../../platform/observability/logger'
import type { UpdateSends } from './update-sends'

export type UpdateTicker = { stop(): Promise<void> }

export function startUpdateTicker(options: {
  sends: Pick<UpdateSends, 'tick'>
  everyMs?: number
  now?: () => Date
  onQueued?: () => void
  log?: Pick<Logger, 'info' | 'error'>
}): UpdateTicker {
  const now = options.now ?? (() => new Date())
  const log = options.log ?? silentLogger
  let running: Promise<void> | undefined
  let failing = false
  const tick = () => {
    if (running) return
    running = options.sends
      .tick(now())
      .then(({ queued, started, finished }) => {
        failing = false
        if (started > 0) log.info({ started }, `updates: ${started} scheduled update${started === 1 ? '' : 's'} started sending`)
        if (finished > 0) log.info({ finished }, `updates: ${finished} update${finished === 1 ? '' : 's'} done sending`)
        if (queued > 0) options.onQueued?.()
      })
      .catch((error: unknown) => {
        // Said once until it works again: a database away for a minute is one line, not sixty.
        if (!failing) log.error({ err: error }, 'updates: cannot pace the updates being sent now; will try again every second')
        failing = true
      })
      .finally(() => {
        running = undefined
      })
  }
  const timer = setInterval(tick, options.everyMs ?? 1000)
  tick()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
