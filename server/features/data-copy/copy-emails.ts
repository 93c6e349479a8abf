// The copy's kinds of email (platform/outbox/outbox-kinds.ts). The link goes to someone on the list, as a list
// email (platform/mail/list-email.ts: its unsubscribe link and headers), its link made when it is sent. The note
// that we hold nothing goes to an address that is not on the list: its entry names the copy_requests row that
// holds the address, and the row goes in the transaction that marks the email sent or ended.
import { createElement } from 'react'
import { copyPagePath } from '../../../shared/consent-paths'
import { linkLifetimesMs } from '../../../shared/rules'
import type { Database, Db } from '../../platform/database/database'
import type { OutgoingMail } from '../../platform/mail/mailer'
import { listEmail, tokenLink, withUnsubscribe, type EmailLinks } from '../../platform/mail/list-email'
import { renderEmail } from '../../platform/mail/render-email'
import { subjectsOf, type OutboxKind, type QueuedEmail, type Recipient } from '../../platform/outbox/outbox-kinds'
import { issueLinkTokens } from '../../platform/secrets/link-tokens'
import { addresseesOf, type Addressee } from '../consent/public'
import { CopyEmail, copySubject } from './copy-email'
import { NothingHeldEmail, nothingHeldSubject } from './nothing-held-email'
import { copyEmailKinds, copyTokenPurposes } from './copy-store'

/** The link to a person's copy, with its unsubscribe link, as every list email. */
export function copyEmail(to: { email: string }, links: EmailLinks, tokens: { [copyTokenPurposes.link]: string; unsubscribe: string }): OutgoingMail {
  const copyUrl = tokenLink(links.apiUrl, copyPagePath, tokens[copyTokenPurposes.link])
  return listEmail(to.email, copySubject, links, tokens.unsubscribe, [{ label: 'See my data', url: copyUrl }], (unsubscribeUrl) => createElement(CopyEmail, { copyUrl, unsubscribeUrl }))
}

/** The note that we hold nothing about the address. */
export function nothingHeldEmail(to: { email: string }, links: EmailLinks): OutgoingMail {
  const privacyUrl = new URL('/legal#privacy-policy', links.siteUrl).href
  return { to: to.email, subject: nothingHeldSubject, ...renderEmail(createElement(NothingHeldEmail, { privacyUrl })), links: [{ label: 'Privacy Policy', url: privacyUrl }] }
}

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
        return copyEmail({ email: person.address }, links, await issueLinkTokens(db, person.id, now, withUnsubscribe({ [copyTokenPurposes.link]: linkLifetimesMs.copy })))
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
      render: async (asker) => nothingHeldEmail({ email: asker.address }, links),
      delivered: (trx, asker) => forget(trx, asker),
      ended: (trx, asker) => forget(trx, asker),
    },
  ]
}
