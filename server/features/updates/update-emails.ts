// How an update becomes an email: the draft's Markdown rendered (update-markdown.ts) into the update's React Email
// component, both parts from one render (platform/mail/render-email.ts). Three readers, one render:
// - the console's preview: what a person on the list reads, but for their own unsubscribe link;
// - a test to the team member who asked (the outbox kind below): marked as a test, with no unsubscribe, since
//   its reader is nobody on the list;
// - the list (issue 31's sending, not built yet): `updateMail` with the reader's "news and updates" unsubscribe,
//   which the consent feature issues (the footer's link and RFC 8058's one-click URL); the sending slice wires it.
import { createElement } from 'react'
import { brand } from '../../../shared/brand'
import type { UpdateInput } from '../../../shared/update-rows'
import type { Database } from '../../platform/database/database'
import type { OutgoingMail } from '../../platform/mail/mailer'
import { renderEmail, type RenderedEmail } from '../../platform/mail/render-email'
import type { OutboxKind, QueuedEmail, Recipient } from '../../platform/outbox/outbox-kinds'
import { UpdateEmail } from './update-email'
import { markdownToEmailHtml } from './update-markdown'

/** A reader's way out of news and updates, made for them when their email is sent: the page the footer links to,
 * and the URL a mail app POSTs `List-Unsubscribe=One-Click` to (RFC 8058). */
export type UpdateUnsubscribe = { pageUrl: string; oneClickUrl: string }

/** Who reads it: someone on the list (their unsubscribe absent only in the console's preview), or the team member
 * who asked for a test. */
export type UpdateReader = { kind: 'list'; unsubscribe?: UpdateUnsubscribe } | { kind: 'test'; to: string }

const listReason = `Sent by ${brand.legalName} because this address, confirmed on the waitlist at ${new URL(brand.siteUrl).hostname}, asked for news and updates.`
const testReason = (to: string) =>
  `A test of an update, sent from the console to ${to} because you asked for it. Sent to the list, this line says why the email came and links to unsubscribe from news and updates.`

/** The subject a test carries, so that it is never taken for the update itself. */
export const testSubject = (subject: string) => `[Test] ${subject}`

/** Both parts of the update as its reader gets them. */
export function renderUpdate(update: UpdateInput, reader: UpdateReader): RenderedEmail {
  return renderEmail(
    createElement(UpdateEmail, {
      preheader: update.preheader,
      bodyHtml: markdownToEmailHtml(update.body),
      sentBecause: reader.kind === 'test' ? testReason(reader.to) : listReason,
      unsubscribeUrl: reader.kind === 'list' ? reader.unsubscribe?.pageUrl : undefined,
    }),
  )
}

/** The update to one person on the list, with their unsubscribe in the footer and in the RFC 8058 headers. */
export function updateMail(to: string, update: UpdateInput, unsubscribe: UpdateUnsubscribe): OutgoingMail {
  return {
    to,
    subject: update.subject,
    ...renderUpdate(update, { kind: 'list', unsubscribe }),
    headers: { 'List-Unsubscribe': `<${unsubscribe.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    links: [{ label: 'Unsubscribe', url: unsubscribe.pageUrl }],
  }
}

/** A test of the update to the team member who asked for it. */
export function testMail(to: string, update: UpdateInput): OutgoingMail {
  return { to, subject: testSubject(update.subject), ...renderUpdate(update, { kind: 'test', to }), links: [] }
}

/** The outbox's kind of a test (platform/outbox/outbox-kinds.ts). */
export const updateTestKind = 'update-test'

type Test = Recipient & { update: UpdateInput }

/** A test as a kind of email: its entry names the test (update_tests), which names the draft and the address.
 * The draft is read when the test is sent, so a test that waited for its inbox's budget carries the latest
 * words; a test whose draft was deleted meanwhile goes nowhere. */
export function updateTestEmailKind(database: Database): OutboxKind<Test> {
  const { db } = database
  return {
    name: updateTestKind,
    async load(entries: readonly QueuedEmail[]) {
      const ids = entries.flatMap((entry) => (entry.subjectId === null ? [] : [entry.subjectId]))
      const rows =
        ids.length === 0
          ? []
          : await db
              .selectFrom('update_tests')
              .innerJoin('updates', 'updates.id', 'update_tests.update_id')
              .select(['update_tests.id', 'update_tests.sent_to', 'updates.subject', 'updates.preheader', 'updates.body'])
              .where('update_tests.id', 'in', ids)
              .execute()
      return entries.map((entry) => {
        const row = rows.find((candidate) => candidate.id === entry.subjectId)
        // A team address on ADMIN_EMAILS: its owner has shown they read it, so it has a budget of its own.
        return row && { address: row.sent_to, vouched: true, update: { subject: row.subject, preheader: row.preheader, body: row.body } }
      })
    },
    sends: () => true,
    render: async (test) => testMail(test.address, test.update),
  }
}
