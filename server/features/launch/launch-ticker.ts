// The launch's clock, in every instance: every so often it ends the invitations past their expiry and starts
// the pace's wave when today's is due (features/launch/invitations.ts tick: one instance runs it, the others find it
// run). What a wave queues is sent by the outbox sender, told at once.
import { silentLogger, type Logger } from '../../platform/observability/logger'
import type { Invitations } from './invitations'

export type LaunchTicker = { stop(): Promise<void> }

export function startLaunchTicker(options: {
  invitations: Pick<Invitations, 'tick'>
  everyMs?: number
  now?: () => Date
  onWave?: () => void
  log?: Pick<Logger, 'info' | 'error'>
}): LaunchTicker {
  const now = options.now ?? (() => new Date())
  const log = options.log ?? silentLogger
  let running: Promise<void> | undefined
  const tick = () => {
    if (running) return
    running = options.invitations
      .tick(now())
      .then(({ waveId, expired }) => {
        if (waveId !== undefined) {
          log.info({ wave: waveId }, `launch: the pace started wave #${waveId}`)
          options.onWave?.()
        }
        if (expired > 0) log.info({ expired }, `launch: ${expired} invitations expired unclaimed`)
      })
      .catch((error: unknown) => log.error({ err: error }, 'launch: cannot run the pace or expire invitations now; will try again'))
      .finally(() => {
        running = undefined
      })
  }
  const timer = setInterval(tick, options.everyMs ?? 30_000)
  tick()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
