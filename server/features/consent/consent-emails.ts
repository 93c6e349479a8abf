// The consent flows' emails: confirm your signup, and confirm your erasure. Each is one React Email component
// beside this file, sent as a list email (platform/mail/list-email.ts: the unsubscribe link and headers) through
// the outbox, as a kind this feature registers.
import { createElement } from 'react'
import { consentPages } from '../../../shared/consent-paths'
import { linkLifetimesMs } from '../../../shared/rules'
import type { Database } from '../../platform/database/database'
import { listEmail, tokenLink, withUnsubscribe, type EmailLinks } from '../../platform/mail/list-email'
import type { OutgoingMail } from '../../platform/mail/mailer'
import type { OutboxKind, QueuedEmail, Recipient } from '../../platform/outbox/outbox-kinds'
import { issueLinkTokens } from '../../platform/secrets/link-tokens'
import { addresseesOf, type Addressee } from './addressees'
import { ConfirmationEmail, confirmationSubject } from './confirmation-email'
import { ErasureEmail, erasureSubject } from './erasure-email'

export function confirmationEmail(to: { email: string; firstName: string }, links: EmailLinks, tokens: { confirm: string; unsubscribe: string }): OutgoingMail {
  const confirmUrl = tokenLink(links.siteUrl, consentPages.confirm, tokens.confirm)
  return listEmail(to.email, confirmationSubject, links, tokens.unsubscribe, [{ label: 'Confirm', url: confirmUrl }], (unsubscribeUrl) =>
    createElement(ConfirmationEmail, { firstName: to.firstName, confirmUrl, unsubscribeUrl }),
  )
}

export function erasureEmail(to: { email: string }, links: EmailLinks, tokens: { erase: string; unsubscribe: string }): OutgoingMail {
  const eraseUrl = tokenLink(links.siteUrl, consentPages.eraseConfirm, tokens.erase)
  return listEmail(to.email, erasureSubject, links, tokens.unsubscribe, [{ label: 'Delete', url: eraseUrl }], (unsubscribeUrl) =>
    createElement(ErasureEmail, { eraseUrl, unsubscribeUrl }),
  )
}

type Person = Addressee & Recipient

/** The consent flows' kinds of email (platform/outbox/outbox-kinds.ts): a confirmation goes only to someone still
 * pending; an erasure link to anyone listed, whatever their status. */
export function consentEmailKinds(database: Database, links: EmailLinks): OutboxKind<Person>[] {
  const { db } = database
  async function load(entries: readonly QueuedEmail[]): Promise<(Person | undefined)[]> {
    // Anyone can make a pending signup; any other status took a link from the inbox, so its owner vouched for
    // the address.
    return (await addresseesOf(db, entries)).map((person) => person && { ...person, vouched: person.status !== 'pending' })
  }
  const recipient = (person: Person) => ({ email: person.address, firstName: person.firstName })
  return [
    {
      name: 'confirm',
      // A new signup asked for it: it goes even to a suppressed address (platform/suppression/outbox-gate.ts).
      answersOwnRequest: true,
      load,
      sends: (person) => person.status === 'pending',
      render: async (person, now) => confirmationEmail(recipient(person), links, await issueLinkTokens(db, person.id, now, withUnsubscribe({ confirm: linkLifetimesMs.confirm }))),
    },
    {
      name: 'erase',
      answersOwnRequest: true,
      load,
      sends: () => true,
      render: async (person, now) => erasureEmail(recipient(person), links, await issueLinkTokens(db, person.id, now, withUnsubscribe({ erase: linkLifetimesMs.erase }))),
    },
  ]
}
