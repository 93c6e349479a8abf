// Builds the wings of the list, in its order, over one context (wing.ts): each is given the ports the wings
// before it offered, and what it offers joins them. Then every wing's subscriptions are made, in the list's
// order, so the subscribers of an event take their locks in that order (platform/events/transaction-events.ts).
import type { Clock } from '../clock/every'
import { transactionEvents, type TransactionEvents } from '../events/transaction-events'
import type { EventBuses, Ports, Wing, WingContext, WingEvents, WingParts } from './wing'

export function buildWings(wings: readonly Wing[], context: Omit<WingContext, 'ports' | 'events'>): { ports: Ports; events: EventBuses; parts: WingParts[] } {
  const buses = new Map<keyof WingEvents, TransactionEvents<unknown>>()
  const events = {
    of: (name) => buses.get(name) ?? buses.set(name, transactionEvents()).get(name)!,
  } as EventBuses
  const offered: Record<string, unknown> = {}
  // A port asked for before its wing was built is a mistake in the list's order: said at once, by name.
  const ports = new Proxy(offered, {
    get: (target, name) => {
      if (typeof name === 'string' && !(name in target)) throw new Error(`No wing before this one offers "${name}": move it up in server/wings.ts`)
      return target[name as string]
    },
  }) as unknown as Ports
  const parts = wings.map((wing) => {
    const built = wing.build({ ...context, ports, events })
    Object.assign(offered, built.offers)
    return built
  })
  for (const { follows = {} } of parts)
    for (const [name, subscriber] of Object.entries(follows)) events.of(name as keyof WingEvents).subscribe(subscriber as never)
  return { ports: offered as unknown as Ports, events, parts }
}

/** The wings' clocks as one list, which starting, poking and stopping all read: stopped in the list's order, each
 * waiting for its run in flight. */
export function wingClocks(parts: readonly WingParts[]) {
  let running: { clock: Clock; poked: boolean }[] = []
  const stop = async () => {
    for (const { clock } of running) await clock.stop()
  }
  return {
    /** Starts every clock, each at its period, and gives back what stops them. */
    start(): { stop(): Promise<void> } {
      running = parts.flatMap((wing) => wing.clocks ?? []).map(({ everyMs, poked = false, start }) => ({ clock: start({ everyMs }), poked }))
      return { stop }
    },
    poke() {
      for (const { clock, poked } of running) if (poked) clock.poke()
    },
    stop,
  }
}
