// The launch's emails (issue 22): an invitation from a wave, and its one reminder. Each is one React Email
// component beside this file, sent as a list email (platform/mail/list-email.ts) through the outbox, as a kind
// this feature registers.
import { createElement, type ReactElement } from 'react'
import { invitePagePath } from '../../../shared/consent-paths'
import { expiresOnWords, inWords, reminderAfterMs } from '../../../shared/rules'
import type { Database } from '../../platform/database/database'
import { listEmail, tokenLink, withUnsubscribe, type EmailLinks } from '../../platform/mail/list-email'
import type { OutgoingMail } from '../../platform/mail/mailer'
import { subjectsOf, type OutboxKind, type QueuedEmail, type Recipient } from '../../platform/outbox/outbox-kinds'
import { issueLinkTokens } from '../../platform/secrets/link-tokens'
import { addresseesOf, type Addressee } from '../consent/public'
import { InvitationEmail, invitationSubject, type InvitationLinkProps } from './invitation-email'
import { InvitationReminderEmail, invitationReminderSubject } from './invitation-reminder-email'

type Invitee = { email: string; firstName: string }
type InviteTokens = { invite: string; unsubscribe: string }

/** The invitation and its reminder are one kind of email: the personal claim link (a page this server serves, so
 * on the API's address) and the day the invitation ends; each adds how long, in its own words. */
function invitationMail(
  to: Invitee,
  links: EmailLinks,
  tokens: InviteTokens,
  expiresAt: Date,
  subject: string,
  email: (props: InvitationLinkProps) => ReactElement,
): OutgoingMail {
  const inviteUrl = tokenLink(links.apiUrl, invitePagePath, tokens.invite)
  const expiresOn = expiresOnWords(expiresAt)
  return listEmail(to.email, subject, links, tokens.unsubscribe, [{ label: 'Claim', url: inviteUrl }], (unsubscribeUrl) =>
    email({ firstName: to.firstName, inviteUrl, unsubscribeUrl, expiresOn }),
  )
}

/** An invitation from a wave: how long its link works, in words from the lifetime the invitation was given. */
export function invitationEmail(to: Invitee, links: EmailLinks, tokens: InviteTokens, invitation: { expiresAt: Date; lifetimeMs: number }): OutgoingMail {
  const lifetime = inWords(invitation.lifetimeMs)
  return invitationMail(to, links, tokens, invitation.expiresAt, invitationSubject, (props) => createElement(InvitationEmail, { ...props, lifetime }))
}

/** Time left, to the nearest day (or hour, or minute, below one): a reminder that a retry sends a little late
 * still says "3 days", where inWords of the exact time would say "4319 minutes". Its date says exactly when. */
function roundedLeft(ms: number) {
  const unit = ms >= 86_400_000 ? 86_400_000 : ms >= 3_600_000 ? 3_600_000 : 60_000
  return Math.max(1, Math.round(ms / unit)) * unit
}

/** An invitation's one reminder: the same claim link and day, and how long is left, rounded (roundedLeft). */
export function invitationReminderEmail(to: Invitee, links: EmailLinks, tokens: InviteTokens, invitation: { expiresAt: Date; leftMs: number }): OutgoingMail {
  const left = inWords(roundedLeft(invitation.leftMs))
  return invitationMail(to, links, tokens, invitation.expiresAt, invitationReminderSubject, (props) =>
    createElement(InvitationReminderEmail, { ...props, left }),
  )
}

type Invited = Addressee & Recipient & { invitation: { id: number; expiresAt: Date; open: boolean } | undefined }

/** The invitation and its reminder as kinds of email (platform/outbox/outbox-kinds.ts). Each goes only to someone
 * invited whose invitation is still open (not claimed, expired, unsubscribed from or erased) and not past its
 * end; its link ends with the invitation. Each delivery is a step of the wave's funnel: delivered, reminded. */
export function launchEmailKinds(database: Database, links: EmailLinks, lifetimeMs: number): OutboxKind<Invited>[] {
  const { db } = database
  async function load(entries: readonly QueuedEmail[]): Promise<(Invited | undefined)[]> {
    const people = await addresseesOf(db, entries)
    const invitations = await subjectsOf(entries, (ids) =>
      db.selectFrom('invitations').select(['id', 'expires_at', 'claimed_at', 'expired_at', 'unsubscribed_at', 'erased_at']).where('id', 'in', ids).execute(),
    )
    return people.map((person, index) => {
      const invitation = invitations[index]
      return (
        person && {
          ...person,
          // Sent only to someone invited, who confirmed the address before (sends).
          vouched: true,
          invitation: invitation && {
            id: invitation.id,
            expiresAt: new Date(invitation.expires_at),
            open: invitation.claimed_at === null && invitation.expired_at === null && invitation.unsubscribed_at === null && invitation.erased_at === null,
          },
        }
      )
    })
  }
  const sends = (person: Invited, now: Date) => person.status === 'invited' && person.invitation !== undefined && person.invitation.open && person.invitation.expiresAt > now
  const invitee = (person: Invited) => ({ email: person.address, firstName: person.firstName })
  const tokens = (person: Invited, now: Date) => issueLinkTokens(db, person.id, now, withUnsubscribe({ invite: person.invitation!.expiresAt.getTime() - now.getTime() }))
  return [
    {
      name: 'invite',
      // A wave's emails, counted by the warm-up's daily cap (platform/mail/send-pace.ts).
      bulk: true,
      load,
      sends,
      render: async (person, now) => invitationEmail(invitee(person), links, await tokens(person, now), { expiresAt: person.invitation!.expiresAt, lifetimeMs }),
      async delivered(trx, person, now) {
        await trx.updateTable('invitations').set({ delivered_at: now.toISOString() }).where('id', '=', person.invitation!.id).execute()
      },
    },
    {
      name: 'reminder',
      bulk: true,
      load,
      sends,
      render: async (person, now) =>
        invitationReminderEmail(invitee(person), links, await tokens(person, now), { expiresAt: person.invitation!.expiresAt, leftMs: lifetimeMs - reminderAfterMs(lifetimeMs) }),
      async delivered(trx, person, now) {
        await trx.updateTable('invitations').set({ reminded_at: now.toISOString() }).where('id', '=', person.invitation!.id).execute()
      },
    },
  ]
}
