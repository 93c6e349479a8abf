// A feature's clock: its work run every so often in every instance (the launch's expiry and daily wave, the
// updates' pace), one run at a time (a run still going when the next is due is not doubled), and stopped by
// waiting for the run in flight. The work itself says what it did; a failure is logged and tried again next time,
// said once until a run succeeds again, so a database away for a minute is one line, not one a second.
import { whileRunning } from '../observability/event-loop'
import { silentLogger, type Logger } from '../observability/logger'

export type Clock = {
  /** Run now, something was just queued (a run in flight runs once more when it ends, so nothing queued during it waits). */
  poke(): void
  stop(): Promise<void>
}

export function every<T>(options: {
  /** What the event loop's guard names while a run is in flight (platform/observability/event-loop.ts): `clock:<name>`. */
  name: string
  everyMs: number
  run: (now: Date) => Promise<T>
  /** What a run that succeeded says (logs, pokes). */
  done: (result: T) => void
  /** The line a failed run logs. */
  failure: string
  now: () => Date
  log?: Pick<Logger, 'error'>
}): Clock {
  const now = options.now
  const log = options.log ?? silentLogger
  let running: Promise<void> | undefined
  let again = false
  let stopped = false
  let failing = false
  // A tick due while a run is still going is dropped; a poke is kept for when it ends.
  const tick = (poked = false) => {
    if (stopped) return
    if (running) return void (again ||= poked)
    running = whileRunning(`clock:${options.name}`, () => options.run(now()))
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
        if (again) {
          again = false
          tick()
        }
      })
  }
  const timer = setInterval(tick, options.everyMs)
  tick()
  return {
    poke: () => tick(true),
    async stop() {
      stopped = true
      clearInterval(timer)
      while (running) await running
    },
  }
}
