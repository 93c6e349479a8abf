// An outbox sender over a real SQLite store that mails into memory, for tests of what the sender does with
// each entry. `memorySenders()` at the top of a file registers the clean-up and gives the function that starts
// one; its poll is far away, so the sender looks only when a test pokes it or asks for idle().
import { afterEach } from 'vitest'
import { emailKinds } from '../../server/email-kinds'
import { startOutboxSender, type OutboxSender } from '../../server/platform/outbox/outbox-sender'
import { outboxStore, type OutboxStore } from '../../server/platform/outbox/outbox-store'
import type { Mailer, OutgoingMail } from '../../server/platform/mail/mailer'
import { makeTempDir } from '../server/harness'
import { openStore, type Stores } from './open-store'

export type MemorySender = { store: Stores; sender: OutboxSender; sent: OutgoingMail[] }

export function memorySenders() {
  const open: { store: Stores; sender: OutboxSender; remove: () => Promise<void> }[] = []
  afterEach(async () => {
    for (const { store, sender, remove } of open.splice(0)) {
      await sender.stop()
      await store.close()
      await remove()
    }
  })
  /** `outbox` may wrap the outbox's store (to count its calls); `links` are the emails' addresses. */
  return async function start(options: { outbox?: (outbox: OutboxStore) => OutboxStore; links?: { siteUrl: string; apiUrl: string } } = {}): Promise<MemorySender> {
    const temp = await makeTempDir()
    const store = await openStore(`file:${temp.dir}/waitlist.db`)
    const sent: OutgoingMail[] = []
    const mailer: Mailer = { destination: 'memory', send: async (mail: OutgoingMail) => void sent.push(mail), close: () => {} }
    const links = options.links ?? { siteUrl: 'http://127.0.0.1:3000', apiUrl: 'http://127.0.0.1:3000' }
    const outbox = outboxStore(store.database)
    const sender = startOutboxSender({ outbox: options.outbox?.(outbox) ?? outbox, kinds: emailKinds(store.database, { links }), mailer, pollMs: 60_000 })
    open.push({ store, sender, remove: temp.remove })
    await sender.idle()
    return { store, sender, sent }
  }
}
