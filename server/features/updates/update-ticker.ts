// The updates' clock, in every instance: every second it starts the scheduled sends that are due and queues each
// sending update's next emails at its pace (update-sends.ts tick; on PostgreSQL the instances take turns on each
// send's row). The outbox sender delivers them; it is poked when something is queued.
import { every, type Clock } from '../../platform/clock/every'
import { silentLogger, type Logger } from '../../platform/observability/logger'
import type { UpdateSends } from './update-sends'

export type UpdateTicker = Clock

export function startUpdateTicker(options: {
  sends: Pick<UpdateSends, 'tick'>
  everyMs?: number
  now: () => Date
  onQueued?: () => void
  log?: Pick<Logger, 'info' | 'error'>
}): UpdateTicker {
  const log = options.log ?? silentLogger
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`
  return every({
    name: 'updates',
    everyMs: options.everyMs ?? 1000,
    run: (now) => options.sends.tick(now),
    done: ({ queued, started, finished }) => {
      if (started > 0) log.info({ started }, `updates: ${plural(started, 'scheduled update')} started sending`)
      if (finished > 0) log.info({ finished }, `updates: ${plural(finished, 'update')} done sending`)
      if (queued > 0) options.onQueued?.()
    },
    failure: 'updates: cannot pace the updates being sent now; will try again every second',
    now: options.now,
    log,
  })
}
