// The copy's kinds of email (platform/outbox/outbox-kinds.ts). The link goes to someone on the list, as a list
// email (platform/mail/list-email.ts: its unsubscribe link and headers), its link made when it is sent. The note
// that we hold nothing goes to an address that is not on the list: its entry names the copy_requests row that
// holds the address, and the row goes in the transaction that marks the email sent or ended.
import { createElement } from 'react'
import { copyPagePath } from '../../../shared/consent-paths'
import { linkLifetimesMs } from '../../../shared/rules'
import type { Database, Db } from '../../platform/database/database'
import { listEmail, tokenLink, withUnsubscribe, type EmailLinks } from '../../platform/mail/list-email'
import { renderEmail } from '../../platform/mail/render-email'
import { subjectsOf, type OutboxKind, type QueuedEmail, type Recipient } from '../../platform/outbox/outbox-kinds'
import { issueLinkTokens } from '../../platform/secrets/link-tokens'
import { addresseesOf, type Addressee } from '../consent/public'
import { CopyEmail, copySubject, NothingHeldEmail, nothingHeldSubject } from './copy-email'
import { copyEmailKinds, copyTokenPurposes } from './copy-store'

type Person = Addressee & Recipient
type Asker = Recipient & { requestId: number }

export function copyEmailKindsOf(database: Database, links: EmailLinks): [OutboxKind<Person>, OutboxKind<Asker>] {
  const { db } = database
  const forget = async (trx: Db, asker: Asker) => {
    await trx.deleteFrom('copy_requests').where('id', '=', asker.requestId).execute()
  }
  return [
    {
      name: copyEmailKinds.link,
      // Its owner asked for it: it goes even to a suppressed address (platform/suppression/outbox-gate.ts).
      answersOwnRequest: true,
      async load(entries: readonly QueuedEmail[]) {
        return (await addresseesOf(db, entries)).map((person) => person && { ...person, vouched: person.status !== 'pending' })
      },
      sends: () => true,
      async render(person, now) {
        const tokens = await issueLinkTokens(db, person.id, now, withUnsubscribe({ [copyTokenPurposes.link]: linkLifetimesMs.copy }))
        const copyUrl = tokenLink(links.apiUrl, copyPagePath, tokens[copyTokenPurposes.link])
        return listEmail(person.address, copySubject, links, tokens.unsubscribe, [{ label: 'See my data', url: copyUrl }], (unsubscribeUrl) =>
          createElement(CopyEmail, { copyUrl, unsubscribeUrl }),
        )
      },
    },
    {
      name: copyEmailKinds.nothingHeld,
      answersOwnRequest: true,
      async load(entries: readonly QueuedEmail[]) {
        const rows = await subjectsOf(entries, (ids) => db.selectFrom('copy_requests').select(['id', 'email_normalized']).where('id', 'in', ids).execute())
        return rows.map((row) => row && { requestId: Number(row.id), address: row.email_normalized, vouched: false })
      },
      sends: () => true,
      render: async (asker) => ({ to: asker.address, subject: nothingHeldSubject, ...renderEmail(createElement(NothingHeldEmail)), links: [] }),
      delivered: (trx, asker) => forget(trx, asker),
      ended: (trx, asker) => forget(trx, asker),
    },
  ]
}
