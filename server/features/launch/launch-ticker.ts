// The launch's clock, in every instance: every so often it ends the invitations past their expiry and starts
// the pace's wave when today's is due (features/launch/invitations.ts tick: one instance runs it, the others find it
// run). What a wave queues is sent by the outbox sender, told at once.
import { every, type Clock } from '../../platform/clock/every'
import { silentLogger, type Logger } from '../../platform/observability/logger'
import type { Invitations } from './invitations'

export type LaunchTicker = Clock

export function startLaunchTicker(options: {
  invitations: Pick<Invitations, 'tick'>
  everyMs?: number
  now: () => Date
  onWave?: () => void
  log?: Pick<Logger, 'info' | 'error'>
}): LaunchTicker {
  const log = options.log ?? silentLogger
  return every({
    name: 'launch',
    everyMs: options.everyMs ?? 30_000,
    run: (now) => options.invitations.tick(now),
    done: ({ waveId, expired }) => {
      if (waveId !== undefined) {
        log.info({ wave: waveId }, `launch: the pace started wave #${waveId}`)
        options.onWave?.()
      }
      if (expired > 0) log.info({ expired }, `launch: ${expired} invitations expired unclaimed`)
    },
    failure: 'launch: cannot run the pace or expire invitations now; will try again',
    now: options.now,
    log,
  })
}
