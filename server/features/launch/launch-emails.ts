// The launch's emails (issue 22): an invitation from a wave, and its one reminder. Each is one React Email
// component beside this file, sent as a list email (platform/mail/list-email.ts).
import { createElement, type ReactElement } from 'react'
import { invitePagePath } from '../../../shared/consent-paths'
import { expiresOnWords, inWords } from '../../../shared/rules'
import { listEmail, tokenLink, type EmailLinks } from '../../platform/mail/list-email'
import type { OutgoingMail } from '../../platform/mail/mailer'
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
