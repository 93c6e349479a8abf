// Typed events that run inside the publisher's transaction (docs/architecture.md, "How features meet"). A
// feature that changes something other features keep facts about (a confirmation, an unsubscribe, an
// erasure) publishes it; each feature that keeps such facts subscribes in the composition. So the change and
// all it implies commit or roll back together, and the publisher names none of its subscribers: erasure
// reaches the line, the invitations and whatever comes next without a line of the erasure changing.
//
// A subscription may take a lock. The publisher takes every lock of an event first in its transaction, before
// its own rows, in the order the composition subscribed them: on PostgreSQL every transaction then takes its
// locks in one order, and none deadlocks. A publisher that forgets to lock fails at once (publish throws), so
// the mistake shows in any test rather than as a rare deadlock under load.
import type { Db } from '../database/database'

export type Subscription<Event> = {
  /** Taken first in any transaction that may publish the event, before the publisher touches its own rows. */
  lock?: (trx: Db) => Promise<void>
  /** The subscriber's part of the change, in the publisher's transaction, which it must not commit or end. */
  handle: (trx: Db, event: Event) => Promise<void>
}

/** What one feature does on some of a publisher's events. */
export type Subscriber<Events> = { [Name in keyof Events]?: Subscription<Events[Name]> }

export type TransactionEvents<Events> = {
  /** In the composition, once per subscribing feature: subscribers hear events, and take locks, in this order. */
  subscribe(subscriber: Subscriber<Events>): void
  /** Takes the locks of every subscription to `name`: first, in the transaction that may publish it. */
  lock(trx: Db, name: keyof Events): Promise<void>
  /** Runs every subscription to `name`, one after the other, in the transaction whose locks `lock` took. */
  publish<Name extends keyof Events>(trx: Db, name: Name, event: Events[Name]): Promise<void>
}

export function transactionEvents<Events>(): TransactionEvents<Events> {
  const subscribers: Subscriber<Events>[] = []
  const locked = new WeakMap<Db, Set<keyof Events>>()
  return {
    subscribe(subscriber) {
      subscribers.push(subscriber)
    },
    async lock(trx, name) {
      locked.set(trx, (locked.get(trx) ?? new Set()).add(name))
      for (const subscriber of subscribers) await subscriber[name]?.lock?.(trx)
    },
    async publish(trx, name, event) {
      if (!locked.get(trx)?.has(name)) throw new Error(`"${String(name)}" published in a transaction that did not take its locks first`)
      for (const subscriber of subscribers) await subscriber[name]?.handle(trx, event)
    },
  }
}
