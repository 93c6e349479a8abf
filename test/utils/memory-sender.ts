// The composition's outbox sender over a real store of the run's engine (harness.ts), mailing into memory
// (memory-mailer.ts), for tests of what the sender does with each entry. `memorySenders()` at the top of a file registers the clean-up and gives
// the function that starts one; its poll is far away, so the sender looks only when a test pokes it or asks
// for idle(). Without the per-inbox budget, as these tests send one person several emails at once.
import { afterEach } from 'vitest'
import type { OutboxStore } from '../../server/platform/outbox/outbox-store'
import type { OutboxSender } from '../../server/platform/outbox/outbox-sender'
import type { OutgoingMail } from '../../server/platform/mail/mailer'
import { freshDatabase, makeTempDir } from '../server/harness'
import { memoryMailer } from '../../tools/memory-mailer'
import { openStore, type Stores } from '../../tools/open-store'

export type MemorySender = { store: Stores; sender: OutboxSender; sent: OutgoingMail[] }

export function memorySenders() {
  const open: { store: Stores; remove: () => Promise<void> }[] = []
  afterEach(async () => {
    for (const { store, remove } of open.splice(0)) {
      await store.close()
      await remove()
    }
  })
  /** `outbox` may wrap the outbox's store (to count its calls); `links` are the emails' addresses. */
  return async function start(options: { outbox?: (outbox: OutboxStore) => OutboxStore; links?: { siteUrl: string; apiUrl: string } } = {}): Promise<MemorySender> {
    const temp = await makeTempDir()
    const mailer = memoryMailer()
    const store = await openStore(await freshDatabase(temp.dir), { mailer })
    open.push({ store, remove: temp.remove })
    const sender = await store.startSender({
      pollMs: 60_000,
      budget: undefined,
      ...(options.outbox && { outbox: options.outbox }),
      ...(options.links && { links: options.links }),
    })
    await sender.idle()
    return { store, sender, sent: mailer.sent }
  }
}
