// A feature's clock: its work run every so often in every instance (the launch's expiry and daily wave, the
// updates' pace), one run at a time (a run still going when the next is due is not doubled), and stopped by
// waiting for the run in flight. The work itself says what it did; a failure is logged and tried again next time,
// said once until a run succeeds again, so a database away for a minute is one line, not one a second.
import { silentLogger, type Logger } from '../observability/logger'

export type Clock = { stop(): Promise<void> }

export function every<T>(options: {
  everyMs: number
  run: (now: Date) => Promise<T>
  /** What a run that succeeded says (logs, pokes). */
  done: (result: T) => void
  /** The line a failed run logs. */
  failure: string
  now?: () => Date
  log?: Pick<Logger, 'error'>
}): Clock {
  const now = options.now ?? (() => new Date())
  const log = options.log ?? silentLogger
  let running: Promise<void> | undefined
  let failing = false
  const tick = () => {
    if (running) return
    running = options
      .run(now())
      .then((result) => {
        failing = false
        options.done(result)
      })
      .catch((error: unknown) => {
        if (!failing) log.error({ err: error }, options.failure)
        failing = true
      })
      .finally(() => {
        running = undefined
      })
  }
  const timer = setInterval(tick, options.everyMs)
  tick()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
