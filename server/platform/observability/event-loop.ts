// The guard on the event loop (issue 53): one turn that holds it keeps every request waiting, /healthz and a signup
// included, so a turn longer than `stallMs` (100 ms by default) is logged in one line naming what was running, and
// counted. What runs is marked here, tiny and process-wide: each clock's run (platform/clock/every.ts) and each
// request (observe-requests.ts, by its route pattern) runs marked (`whileRunning`, an AsyncLocalStorage, so the mark
// follows its awaits). The line names each that ran since the turn before: a clock whose run is in flight, or started
// and ended within the turn. A clock in flight for seconds is named in every long turn meanwhile, whoever held the
// loop, so the line also says whose statements held it: each statement on SQLite's one connection, which holds the
// loop while it runs, is timed and counted to the mark it ran under (`noteHeld`, platform/database/sqlite.ts).
//
// A turn can also be held by V8's garbage collector, whoever ran: the collections' pauses (perf_hooks 'gc'
// entries) that began within a long turn are added up and said too. Node reports a pause a little after its turn,
// so a long turn is logged one tick (10 ms) after it ended.
//
// The turn is measured by a timer that should fire every `checkEveryMs`: how late it fires is how long the loop was
// held (to within the check's own period). The delay's distribution, for the metrics, is Node's own
// (perf_hooks.monitorEventLoopDelay), read and reset at each scrape (metrics.ts watchEventLoop).
import { monitorEventLoopDelay, PerformanceObserver, type IntervalHistogram } from 'node:perf_hooks'
import type { Logger } from './logger'

import { AsyncLocalStorage } from 'node:async_hooks'

type Marker = { name: () => string }
const inFlight = new Set<Marker>()
let ranSinceLastTurn = new Set<Marker>()
const current = new AsyncLocalStorage<Marker>()
let heldThisTurn = new Map<Marker | undefined, number>()

/** Marks `name` (a clock, a route) as running until the function it returns is called. A function is asked at the
 * stall, once the name is known (a request's route pattern is, once routed). */
export function markRunning(name: string | (() => string)): () => void {
  return mark(name).end
}

function mark(name: string | (() => string)) {
  const marker: Marker = { name: typeof name === 'string' ? () => name : name }
  inFlight.add(marker)
  ranSinceLastTurn.add(marker)
  return { marker, end: () => void inFlight.delete(marker) }
}

/** Runs `work` marked as `name`, its awaits included, until it settles. */
export function whileRunning<T>(name: string | (() => string), work: () => Promise<T>): Promise<T> {
  const { marker, end } = mark(name)
  // The work starts now, as it would unmarked (a schedule's first run is due at once); a throw is a rejection.
  const started = current.run(marker, () => {
    try {
      return Promise.resolve(work())
    } catch (error) {
      return Promise.reject(error as Error)
    }
  })
  return started.finally(end)
}

/** `ms` of this turn spent in one synchronous call (a statement on SQLite's connection), counted to the mark it ran under. */
export function noteHeld(ms: number): void {
  const marker = current.getStore()
  heldThisTurn.set(marker, (heldThisTurn.get(marker) ?? 0) + ms)
}

/** What ran since the last call (in flight now, or started since), each name once; and whose statements held the
 * loop how long, the longest first, those under a millisecond left out. */
function takeWhatRan(): Pick<Stall, 'running' | 'heldBy'> {
  const running = [...new Set([...ranSinceLastTurn].map((marker) => marker.name()))]
  const held = new Map<string, number>()
  for (const [marker, ms] of heldThisTurn) {
    const name = marker?.name() ?? 'nothing marked'
    held.set(name, (held.get(name) ?? 0) + ms)
  }
  ranSinceLastTurn = new Set(inFlight)
  heldThisTurn = new Map()
  const heldBy = [...held.entries()]
    .filter(([, ms]) => ms >= 1)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => ({ name, ms: Math.round(ms) }))
  return { running, heldBy }
}

/** A turn of the loop longer than the limit: how long, what was running in it, whose statements held it, and how
 * long the garbage collector paused it (whole milliseconds). */
export type Stall = { ms: number; running: string[]; heldBy: { name: string; ms: number }[]; collectedMs: number }

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
  let longest: Stall = { ms: 0, running: [], heldBy: [], collectedMs: 0 }
  let last = performance.now()
  // The collections' pauses, by when each began. Node reports a pause a little after the turn it held (the turn's
  // timer can fire first), so a long turn is said at the next tick, with the pauses that began within it.
  let pauses: { start: number; ms: number }[] = []
  const collections = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push({ start: entry.startTime, ms: entry.duration })
  })
  collections.observe({ entryTypes: ['gc'] })
  const collectedIn = (from: number, to: number) => Math.round(pauses.reduce((ms, pause) => (pause.start >= from && pause.start < to ? ms + pause.ms : ms), 0))
  let pending: (Omit<Stall, 'collectedMs'> & { from: number; to: number }) | undefined
  const say = ({ from, to, ...turn }: NonNullable<typeof pending>) => {
    const stall = { ...turn, collectedMs: collectedIn(from, to) }
    const named = stall.running.length > 0 ? stall.running.join(', ') : 'nothing marked'
    const statements = stall.heldBy.length > 0 ? `; statements on the loop: ${stall.heldBy.map((held) => `${held.name} ${held.ms} ms`).join(', ')}` : ''
    const collector = stall.collectedMs > 0 ? `; garbage collection ${stall.collectedMs} ms` : ''
    options.log.warn(
      { turnMs: Math.round(stall.ms), running: stall.running, heldBy: stall.heldBy, collectedMs: stall.collectedMs },
      `event loop: one turn held it for ${Math.round(stall.ms)} ms, while running ${named}${statements}${collector}`,
    )
    options.onStall?.(stall)
  }
  takeWhatRan()
  const timer = setInterval(() => {
    const at = performance.now()
    const from = last
    const ms = Math.max(0, at - last - checkEveryMs)
    last = at
    const { running, heldBy } = takeWhatRan()
    if (pending) say(pending)
    pending = undefined
    pauses = pauses.filter((pause) => pause.start >= from - checkEveryMs)
    if (ms > longest.ms) longest = { ms, running, heldBy, collectedMs: collectedIn(from - checkEveryMs, at) }
    if (ms >= stallMs) pending = { from: from - checkEveryMs, to: at, ms, running, heldBy }
  }, checkEveryMs)
  // The watch never keeps a process alive on its own.
  timer.unref()
  return {
    delay,
    takeLongest() {
      const taken = longest
      longest = { ms: 0, running: [], heldBy: [], collectedMs: 0 }
      return taken
    },
    stop() {
      clearInterval(timer)
      if (pending) say(pending)
      pending = undefined
      collections.disconnect()
      delay.disable()
    },
  }
}
