// @vitest-environment node
// Every signup pokes the outbox sender, new or repeat. A burst of pokes must cost one look at the outbox, not one
// each: on SQLite the looks share the one connection with the signups, and looks run back to back held a
// benchmark's repeats to a fifth of their speed. And a poke must still send a new email at once.
import { expect, it } from 'vitest'
import type { OutboxStore } from '../../../../server/platform/outbox/outbox-store'
import { memorySenders } from '../../../utils/memory-sender'
import { until } from '../../../../tools/until'
import { validSignup } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

const startSender = memorySenders()

async function start() {
  let looks = 0
  const counting = (outbox: OutboxStore): OutboxStore => ({
    ...outbox,
    claim: (...args) => {
      looks++
      return outbox.claim(...args)
    },
  })
  const { store, sender, sent } = await startSender({ outbox: counting })
  return { store, sender, sent: { includes: (email: string) => sent.some((mail) => mail.to === email) }, looks: () => looks }
}

it('looks at an empty outbox once for a burst of pokes, not once a poke', async () => {
  const { sender, looks } = await start()
  const before = looks()
  for (let burst = 0; burst < 10; burst++) {
    for (let poke = 0; poke < 100; poke++) sender.poke()
    await new Promise((resolve) => setImmediate(resolve))
  }
  // Idle once the looks the burst asked for are over: the one running, and any it still owes after it.
  await sender.idle()
  // 1,000 pokes within a few milliseconds: one look for them, and perhaps one more for those that came during it.
  expect(looks() - before).toBeGreaterThanOrEqual(1)
  expect(looks() - before).toBeLessThanOrEqual(3)
})

it('sends a new signup’s email on the poke, without waiting for the poll', async () => {
  const { store, sender, sent } = await start()
  await store.add({ ...validSignup, email: 'poked@example.com', emailNormalized: 'poked@example.com', submissionId: null })
  sender.poke()
  await until(() => sent.includes('poked@example.com'), 2000, 'the poked email to be sent')
  // And again for the next one, once the first look is over.
  await store.add({ ...validSignup, email: 'next@example.com', emailNormalized: 'next@example.com', submissionId: null })
  sender.poke()
  await until(() => sent.includes('next@example.com'), 2000, 'the next poked email to be sent')
})
