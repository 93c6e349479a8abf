// @vitest-environment node
// A batch is leased as a whole but sent one email at a time: a slow mail server must not let the last emails
// of a batch outlive the lease, or a second instance would claim and send them too. Two senders on one
// PostgreSQL, separate pools, a 1 s lease; one sender's mail server takes 300 ms a message.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { emailKinds } from '../../../../server/email-kinds'
import { startOutboxSender } from '../../../../server/platform/outbox/outbox-sender'
import { outboxStore } from '../../../../server/platform/outbox/outbox-store'
import type { Mailer, OutgoingMail } from '../../../../server/platform/mail/mailer'
import type { Stores } from '../../../utils/open-store'
import { openStore } from '../../../utils/open-store'
import { startPostgres, type TestPostgres } from '../../../utils/postgres'
import { validSignup } from '../../harness'

let cluster: TestPostgres
const stores: Stores[] = []
beforeAll(async () => void (cluster = await startPostgres()), 60_000)
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()))
  cluster.destroy()
})

const recordingMailer = (sent: string[], delayMs: number): Mailer => ({
  destination: 'memory',
  async send(mail: OutgoingMail) {
    await new Promise((resolve) => setTimeout(resolve, delayMs))
    sent.push(mail.to)
  },
  close: () => {},
})

it('sends each email once when one sender is slower than its lease allows for a whole batch', async () => {
  const databaseUrl = await cluster.createDatabase()
  const [a, b] = [await openStore(databaseUrl), await openStore(databaseUrl)]
  stores.push(a, b)
  const addresses = Array.from({ length: 10 }, (_, index) => `slow-${index}@example.com`)
  for (const email of addresses) await a.add({ ...validSignup, email, emailNormalized: email, submissionId: null })
  const sent: string[] = []
  const links = { siteUrl: 'http://127.0.0.1:3000', apiUrl: 'http://127.0.0.1:3000' }
  const slow = startOutboxSender({ outbox: outboxStore(a.database), kinds: emailKinds(a.database, { links }), mailer: recordingMailer(sent, 300), leaseMs: 1000, pollMs: 50 })
  await new Promise((resolve) => setTimeout(resolve, 100))
  const fast = startOutboxSender({ outbox: outboxStore(b.database), kinds: emailKinds(b.database, { links }), mailer: recordingMailer(sent, 5), leaseMs: 1000, pollMs: 50 })
  const deadline = Date.now() + 15_000
  while (new Set(sent).size < addresses.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
  await new Promise((resolve) => setTimeout(resolve, 1500)) // time for a late double
  await Promise.all([slow.stop(), fast.stop()])
  expect([...sent].sort()).toEqual([...addresses].sort())
})
