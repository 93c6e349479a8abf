// The guard on the event loop (issue 53): one turn that holds it keeps every request waiting, /healthz and a signup
// included, so a turn longer than `stallMs` (100 ms by default) is logged in one line naming what was running, and
// counted. What runs is marked here, tiny and process-wide: each clock's run (platform/clock/every.ts) and each
// request (observe-requests.ts, by its route pattern) says it is running and when it ends. The loop cannot say
// which of the things in flight held it, so the line names each that ran since the turn before: a clock whose run
// is in flight, or started and ended within the turn.
//
// The turn is measured by a timer that should fire every `checkEveryMs`: how late it fires is how long the loop was
// held (to within the check's own period). The delay's distribution, for the metrics, is Node's own
// (perf_hooks.monitorEventLoopDelay), read and reset at each scrape (metrics.ts watchEventLoop).
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks'
import type { Logger } from './logger'

type Marker = { name: () => string }
const inFlight = new Set<Marker>()
let ranSinceLastTurn = new Set<Marker>()

/** Marks `name` (a clock, a route) as running until the function it returns is called. A function is asked at the
 * stall, once the name is known (a request's route pattern is, once routed). */
export function markRunning(name: string | (() => string)): () => void {
  const marker: Marker = { name: typeof name === 'string' ? () => name : name }
  inFlight.add(marker)
  ranSinceLastTurn.add(marker)
  return () => void inFlight.delete(marker)
}

/** What ran since the last call (in flight now, or started since), each name once. */
function takeWhatRan(): string[] {
  const names = new Set([...ranSinceLastTurn].map((marker) => marker.name()))
  ranSinceLastTurn = new Set(inFlight)
  return [...names]
}

/** A turn of the loop longer than the limit: how long, and what was running in it. */
export type Stall = { ms: number; running: string[] }

export type EventLoopWatch = {
  /** Node's histogram of the loop's delay (nanoseconds), which the metrics read and reset at each scrape. */
  readonly delay: IntervalHistogram
  /** The longest turn since the last call, and what ran in it; the next call starts anew. */
  takeLongest(): Stall
  stop(): void
}

export const eventLoopRules = {
  /** A turn this long is logged and counted: a tenth of a second is what a person notices. */
  stallMs: 100,
  /** How often the watch's timer looks: the precision of a turn's length. */
  checkEveryMs: 10,
} as const

export function watchEventLoop(options: { log: Pick<Logger, 'warn'>; stallMs?: number; checkEveryMs?: number; onStall?: (stall: Stall) => void }): EventLoopWatch {
  const stallMs = options.stallMs ?? eventLoopRules.stallMs
  const checkEveryMs = options.checkEveryMs ?? eventLoopRules.checkEveryMs
  const delay = monitorEventLoopDelay({ resolution: checkEveryMs })
  delay.enable()
  let longest: Stall = { ms: 0, running: [] }
  let last = performance.now()
  takeWhatRan()
  const timer = setInterval(() => {
    const at = performance.now()
    const ms = Math.max(0, at - last - checkEveryMs)
    last = at
    const running = takeWhatRan()
    if (ms > longest.ms) longest = { ms, running }
    if (ms < stallMs) return
    const named = running.length > 0 ? running.join(', ') : 'nothing marked'
    options.log.warn({ turnMs: Math.round(ms), running }, `event loop: one turn held it for ${Math.round(ms)} ms, while running ${named}`)
    options.onStall?.({ ms, running })
  }, checkEveryMs)
  // The watch never keeps a process alive on its own.
  timer.unref()
  return {
    delay,
    takeLongest() {
      const taken = longest
      longest = { ms: 0, running: [] }
      return taken
    },
    stop() {
      clearInterval(timer)
      delay.disable()
    },
  }
}
