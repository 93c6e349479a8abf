// @vitest-environment node
// The platform's events inside a transaction: subscribers hear an event in the order the composition
// subscribed them, each event's locks are taken before its publisher's own rows, and an event published
// without its locks fails at once rather than as a rare deadlock.
import { describe, expect, it } from 'vitest'
import type { Db } from '../../../../server/platform/database/database'
import { transactionEvents } from '../../../../server/platform/events/transaction-events'

type Events = { done: { id: number }; gone: { id: number } }
const transaction = () => ({}) as Db

describe('transaction events', () => {
  it('takes the locks of an event, then runs its subscribers, in the order they subscribed', async () => {
    const heard: string[] = []
    const events = transactionEvents<Events>()
    events.subscribe({ done: { lock: async () => void heard.push('first locks'), handle: async (_, { id }) => void heard.push(`first hears ${id}`) } })
    events.subscribe({ gone: { handle: async () => void heard.push('second hears gone') } })
    events.subscribe({ done: { handle: async (_, { id }) => void heard.push(`third hears ${id}`) } })
    const trx = transaction()
    await events.lock(trx, 'done')
    await events.publish(trx, 'done', { id: 7 })
    expect(heard).toEqual(['first locks', 'first hears 7', 'third hears 7'])
  })

  it('hands each subscriber the publisher’s own transaction', async () => {
    const seen: Db[] = []
    const events = transactionEvents<Events>()
    events.subscribe({ gone: { lock: async (trx) => void seen.push(trx), handle: async (trx) => void seen.push(trx) } })
    const trx = transaction()
    await events.lock(trx, 'gone')
    await events.publish(trx, 'gone', { id: 1 })
    expect(seen).toEqual([trx, trx])
  })

  it('refuses an event published in a transaction that did not take its locks', async () => {
    const events = transactionEvents<Events>()
    events.subscribe({ done: { handle: async () => {} } })
    const trx = transaction()
    await expect(events.publish(trx, 'done', { id: 1 })).rejects.toThrow('"done" published in a transaction that did not take its locks first')
    // Another event's locks, or another transaction's, are not this one's.
    await events.lock(trx, 'gone')
    await events.lock(transaction(), 'done')
    await expect(events.publish(trx, 'done', { id: 1 })).rejects.toThrow()
  })
})
