// How an update becomes an email: the draft's Markdown rendered (update-markdown.ts) into the update's React Email
// component, both parts from one render (platform/mail/render-email.ts). Three readers, one render:
// - the console's preview: what a person on the list reads, but for their own unsubscribe link;
// - a test to the team member who asked (the outbox kind below): marked as a test, with no unsubscribe, since
//   its reader is nobody on the list;
// - the list (the outbox kind `update`, below): `updateMail`, a list email (platform/mail/list-email.ts) whose
//   unsubscribe, in the footer and in RFC 8058's headers, stops news and updates only.
import { createElement } from 'react'
import { brand } from '../../../shared/brand'
import type { SkipReason, UpdateInput } from '../../../shared/update-rows'
import type { Database } from '../../platform/database/database'
import { listEmail, listEmailTemplate, unsubscribeTokenPurposes, withUnsubscribe, type EmailLinks } from '../../platform/mail/list-email'
import type { OutgoingMail } from '../../platform/mail/mailer'
import { issueLinkTokens } from '../../platform/secrets/link-tokens'
import { renderEmail, type RenderedEmail } from '../../platform/mail/render-email'
import { subjectsOf, type OutboxKind, type QueuedEmail, type Recipient } from '../../platform/outbox/outbox-kinds'
import { UpdateEmail } from './update-email'
import { markdownToEmailHtml } from './update-markdown'
import { updateKind, type RecipientState } from './update-sends'

/** Who reads it: someone on the list (their unsubscribe absent only in the console's preview), or the team member
 * who asked for a test. */
export type UpdateReader = { kind: 'list'; unsubscribeUrl?: string } | { kind: 'test'; to: string }

const listReason = `Sent by ${brand.legalName} because this address, confirmed on the waitlist at ${new URL(brand.siteUrl).hostname}, asked for news and updates.`
const testReason = (to: string) =>
  `A test of an update, sent from the console to ${to} because you asked for it. Sent to the list, this line says why the email came and links to unsubscribe from news and updates.`

/** The subject a test carries, so that it is never taken for the update itself. */
export const testSubject = (subject: string) => `[Test] ${subject}`

const renderedUpdate = (update: UpdateInput, reader: UpdateReader) =>
  createElement(UpdateEmail, {
    preheader: update.preheader,
    bodyHtml: markdownToEmailHtml(update.body),
    sentBecause: reader.kind === 'test' ? testReason(reader.to) : listReason,
    unsubscribeUrl: reader.kind === 'list' ? reader.unsubscribeUrl : undefined,
  })

/** Both parts of the update as its reader gets them. */
export function renderUpdate(update: UpdateInput, reader: UpdateReader): RenderedEmail {
  return renderEmail(renderedUpdate(update, reader))
}

/** The update to one person on the list, with their unsubscribe from news and updates (a token of that purpose) in
 * the footer and in the RFC 8058 headers. */
export function updateMail(to: string, update: UpdateInput, links: EmailLinks, unsubscribeToken: string): OutgoingMail {
  return listEmail(to, update.subject, links, unsubscribeToken, [], (unsubscribeUrl) => renderedUpdate(update, { kind: 'list', unsubscribeUrl }))
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
      const tests = await subjectsOf(entries, (ids) =>
        db
          .selectFrom('update_tests')
          .innerJoin('updates', 'updates.id', 'update_tests.update_id')
          .select(['update_tests.id', 'update_tests.sent_to', 'updates.subject', 'updates.preheader', 'updates.body'])
          .where('update_tests.id', 'in', ids)
          .execute(),
      )
      // A team address on ADMIN_EMAILS: its owner has shown they read it, so it has a budget of its own.
      return tests.map((row) => row && { address: row.sent_to, vouched: true, update: { subject: row.subject, preheader: row.preheader, body: row.body } })
    },
    sends: () => true,
    render: async (test) => testMail(test.address, test.update),
  }
}

type ListReader = Recipient & {
  recipientId: number
  personId: number
  state: RecipientState
  holdsNews: boolean
  updateId: number
  update: UpdateInput
  /** The unsubscribe token `begin` made, in the write that marked the send begun. */
  unsubscribeToken?: string
}

const newsUnsubscribe = unsubscribeTokenPurposes.news

/** The update's email, rendered once for its whole send: each person's address and token filled in. */
export function updateMailTemplate(update: UpdateInput, links: EmailLinks): (to: string, unsubscribeToken: string) => OutgoingMail {
  return listEmailTemplate(update.subject, links, (unsubscribeUrl) => renderedUpdate(update, { kind: 'list', unsubscribeUrl }))
}

/** An update's email to one person on the list, as a kind of email: its entry names the person's update_recipients
 * row (update-sends.ts), which names the update. The update is rendered once per send, not per person
 * (updateMailTemplate: its words cannot change once it is sending), and the token its unsubscribe link carries is
 * made in the one write that marks the send begun. It goes once at most: `begin` marks it sending, committed before
 * it goes (with the other sends that begin meanwhile), only while it is still queued and the person still holds
 * news and updates; a send begun before (its instance stopped mid-send) is skipped as unknown. What became of it is the row's state: sent, refused (the mail
 * server refused it for good), or skipped and why. The words are read when it goes, and cannot change once the
 * update is sending (update-sends.ts whileDraft). */
export function updateEmailKind(database: Database, links: EmailLinks): OutboxKind<ListReader> {
  const { db } = database
  const holdsNews = (row: { news_given_at: string | null; news_withdrawn_at: string | null; status: string }) =>
    row.news_given_at !== null && row.news_withdrawn_at === null && row.status !== 'pending'
  // The templates of the updates being sent, by update (a few at most), their words compared too.
  const templates = new Map<number, { update: UpdateInput; fill: ReturnType<typeof updateMailTemplate> }>()
  const templateOf = (updateId: number, update: UpdateInput) => {
    const held = templates.get(updateId)
    if (held && held.update.subject === update.subject && held.update.preheader === update.preheader && held.update.body === update.body) return held.fill
    if (templates.size >= 8) templates.clear()
    const fill = updateMailTemplate(update, links)
    templates.set(updateId, { update, fill })
    return fill
  }
  return {
    name: updateKind,
    bulk: true,
    async load(entries: readonly QueuedEmail[]) {
      const recipients = await subjectsOf(entries, (ids) =>
        db
          .selectFrom('update_recipients')
          .innerJoin('signups', 'signups.id', 'update_recipients.signup_id')
          .innerJoin('updates', 'updates.id', 'update_recipients.update_id')
          .select([
            'update_recipients.id',
            'update_recipients.state',
            'signups.id as person',
            'signups.email',
            'signups.status',
            'signups.news_given_at',
            'signups.news_withdrawn_at',
            'updates.id as update',
            'updates.subject',
            'updates.preheader',
            'updates.body',
          ])
          .where('update_recipients.id', 'in', ids)
          .execute(),
      )
      return recipients.map(
        (row) =>
          row && {
            // Only people who confirmed their address and asked for news are taken into an audience.
            address: row.email,
            vouched: true,
            recipientId: Number(row.id),
            personId: Number(row.person),
            state: row.state,
            holdsNews: holdsNews(row),
            updateId: Number(row.update),
            update: { subject: row.subject, preheader: row.preheader, body: row.body },
          },
      )
    },
    sends: (reader) => reader.state === 'queued' && reader.holdsNews,
    async begin(trx, reader, now) {
      const begun = await trx
        .updateTable('update_recipients')
        .set({ state: 'sending', at: now.toISOString() })
        .where('id', '=', reader.recipientId)
        .where('state', '=', 'queued')
        // Still holding news and updates at this moment, not only when the batch was read.
        .where('signup_id', 'in', (eb) =>
          eb
            .selectFrom('signups')
            .select('id')
            .where('id', '=', reader.personId)
            .where('news_given_at', 'is not', null)
            .where('news_withdrawn_at', 'is', null)
            .where('status', '<>', 'pending'),
        )
        .executeTakeFirst()
      if (begun.numUpdatedRows !== 1n) return false
      // Its unsubscribe link's token, in the same commit as the mark.
      reader.unsubscribeToken = (await issueLinkTokens(trx, reader.personId, now, withUnsubscribe({}, 'news')))[newsUnsubscribe]
      return true
    },
    async release(reader) {
      await db.updateTable('update_recipients').set({ state: 'queued' }).where('id', '=', reader.recipientId).where('state', '=', 'sending').execute()
    },
    async render(reader, now) {
      const token = reader.unsubscribeToken ?? (await issueLinkTokens(db, reader.personId, now, withUnsubscribe({}, 'news')))[newsUnsubscribe]
      return templateOf(reader.updateId, reader.update)(reader.address, token)
    },
    async delivered(trx, reader, now) {
      await trx.updateTable('update_recipients').set({ state: 'sent', at: now.toISOString() }).where('id', '=', reader.recipientId).execute()
    },
    async ended(trx, reader, outcome, now) {
      if (outcome === 'suppressed') {
        await trx.updateTable('update_recipients').set({ state: 'skipped', reason: 'suppressed', at: now.toISOString() }).where('id', '=', reader.recipientId).where('state', 'in', ['queued', 'sending']).execute()
        return
      }
      if (outcome === 'failed') {
        await trx.updateTable('update_recipients').set({ state: 'refused', at: now.toISOString() }).where('id', '=', reader.recipientId).where('state', 'in', ['queued', 'sending']).execute()
        return
      }
      // Skipped: a send begun before is unknown (it may have arrived); otherwise they took back news and updates.
      // One already skipped (by an unsubscribe, an erasure or a cancel) keeps its reason.
      const skip = (from: RecipientState, reason: SkipReason) =>
        trx.updateTable('update_recipients').set({ state: 'skipped', reason, at: now.toISOString() }).where('id', '=', reader.recipientId).where('state', '=', from).execute()
      await skip('sending', 'unknown')
      await skip('queued', 'unsubscribed')
    },
  }
}
