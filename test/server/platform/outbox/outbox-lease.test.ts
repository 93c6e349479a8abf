// @vitest-environment node
// A batch is leased as a whole but sent one email at a time: a slow mail server must not let the last emails
// of a batch outlive the lease, or a second instance would claim and send them too. Two senders on one
// PostgreSQL, separate pools, a 1 s lease; one sender's mail server takes 300 ms a message.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { emailKinds } from '../../../../server/email-kinds'
import { startOutboxSender } from '../../../../server/platform/outbox/outbox-sender'
import { outboxStore } from '../../../../server/platform/outbox/outbox-store'
import { memoryMailer } from '../../../../tools/memory-mailer'
import { until } from '../../../../tools/until'
import type { Stores } from '../../../../tools/open-store'
import { openStore } from '../../../../tools/open-store'
import { startPostgres, type TestPostgres } from '../../../../tools/postgres'
import { validSignup } from '../../harness'
import { systemClock } from '../../../../server/platform/clock/system-clock'
import { onlyOn } from '../../../utils/store-suite'

onlyOn('postgres', 'several instances on one database, which only PostgreSQL serves; this file starts a cluster of its own')

let cluster: TestPostgres
const stores: Stores[] = []
beforeAll(async () => void (cluster = await startPostgres()), 60_000)
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()))
  cluster.destroy()
})

it('sends each email once when one sender is slower than its lease allows for a whole batch', async () => {
  const databaseUrl = await cluster.createDatabase()
  const [a, b] = [await openStore(databaseUrl), await openStore(databaseUrl)]
  stores.push(a, b)
  const addresses = Array.from({ length: 10 }, (_, index) => `slow-${index}@example.com`)
  for (const email of addresses) await a.add({ ...validSignup, email, emailNormalized: email, submissionId: null })
  const [slowMailer, fastMailer] = [memoryMailer({ delayMs: 300 }), memoryMailer({ delayMs: 5 })]
  const sent = () => [...slowMailer.sent, ...fastMailer.sent].map((mail) => mail.to)
  const links = { siteUrl: 'http://127.0.0.1:3000', apiUrl: 'http://127.0.0.1:3000' }
  const outbox = () => a.database.db.selectFrom('outbox').select(['claimed_until', 'finished_at']).execute()
  const slow = startOutboxSender({ outbox: outboxStore(a.database), kinds: emailKinds(a.database, { links }), mailer: slowMailer, leaseMs: 1000, pollMs: 50, now: systemClock })
  const senders = [slow]
  // Both are stopped whether or not the waits succeed: a sender left polling would run on into the next file.
  try {
    await until(async () => (await outbox()).some((entry) => entry.claimed_until !== null), 5000, 'the slow sender to claim its batch')
    const fast = startOutboxSender({ outbox: outboxStore(b.database), kinds: emailKinds(b.database, { links }), mailer: fastMailer, leaseMs: 1000, pollMs: 50, now: systemClock })
    senders.push(fast)
    await until(async () => (await outbox()).every((entry) => entry.finished_at !== null), 15_000, 'every email to be sent')
    // Once both are idle, no send is in flight and none is left to claim: no late double can come.
    await Promise.all([slow.idle(), fast.idle()])
  } finally {
    await Promise.all(senders.map((sender) => sender.stop()))
  }
  expect(sent().sort()).toEqual([...addresses].sort())
})
