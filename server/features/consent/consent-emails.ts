// The emails of the consent flows: confirm your signup, confirm your erasure, the welcome that a first
// confirmation sends (your place in line, your share link), and at launch an invitation and its one reminder
// (issue 22). Each is one React Email component (server/platform/mail/), rendered to its HTML and plain text; this
// module gives it its links and the RFC 8058 one-click unsubscribe headers.
import { createElement, type ReactElement } from 'react'
import { consentApi, consentPages, invitePagePath, placePagePath } from '../../../shared/consent-paths'
import { shareLinkOf } from '../../../shared/referral-code'
import { expiresOnWords, inWords, placeLinkLifetimeMs } from '../../../shared/rules'
import type { OutgoingMail } from '../../platform/mail/mailer'
import { renderEmail } from '../../platform/mail/render-email'
import { ConfirmationEmail, confirmationSubject } from './confirmation-email'
import { ErasureEmail, erasureSubject } from './erasure-email'
import { InvitationEmail, invitationSubject, type InvitationLinkProps } from '../launch/invitation-email'
import { InvitationReminderEmail, invitationReminderSubject } from '../launch/invitation-reminder-email'
import { WelcomeEmail, welcomeSubject } from '../referral/welcome-email'

export type EmailLinks = {
  /** Where the site's pages live (PUBLIC_SITE_URL, or this server). */
  siteUrl: string
  /** Where this endpoint answers (PUBLIC_API_URL, else the site's address). */
  apiUrl: string
}

const link = (base: string, path: string, token: string) => `${new URL(path, base).href}?token=${token}`

/** The RFC 8058 headers: a POST of List-Unsubscribe=One-Click to this URL unsubscribes, with no page. */
function unsubscribeHeaders(links: EmailLinks, unsubscribeToken: string) {
  return {
    'List-Unsubscribe': `<${link(links.apiUrl, consentApi.unsubscribe, unsubscribeToken)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}

/** What every email here is: its component, rendered with the unsubscribe page's link for its footer, the RFC 8058
 * headers for the same token, and the links a reader acts on, that unsubscribe link last. */
function consentMail(
  to: string,
  subject: string,
  links: EmailLinks,
  unsubscribeToken: string,
  actions: OutgoingMail['links'],
  email: (unsubscribeUrl: string) => ReactElement,
): OutgoingMail {
  const unsubscribeUrl = link(links.siteUrl, consentPages.unsubscribe, unsubscribeToken)
  return {
    to,
    subject,
    ...renderEmail(email(unsubscribeUrl)),
    headers: unsubscribeHeaders(links, unsubscribeToken),
    links: [...actions, { label: 'Unsubscribe', url: unsubscribeUrl }],
  }
}

export function confirmationEmail(to: { email: string; firstName: string }, links: EmailLinks, tokens: { confirm: string; unsubscribe: string }): OutgoingMail {
  const confirmUrl = link(links.siteUrl, consentPages.confirm, tokens.confirm)
  return consentMail(to.email, confirmationSubject, links, tokens.unsubscribe, [{ label: 'Confirm', url: confirmUrl }], (unsubscribeUrl) =>
    createElement(ConfirmationEmail, { firstName: to.firstName, confirmUrl, unsubscribeUrl }),
  )
}

export function erasureEmail(to: { email: string }, links: EmailLinks, tokens: { erase: string; unsubscribe: string }): OutgoingMail {
  const eraseUrl = link(links.siteUrl, consentPages.eraseConfirm, tokens.erase)
  return consentMail(to.email, erasureSubject, links, tokens.unsubscribe, [{ label: 'Delete', url: eraseUrl }], (unsubscribeUrl) =>
    createElement(ErasureEmail, { eraseUrl, unsubscribeUrl }),
  )
}

/** The welcome at a first confirmation: the private link to the person's place (a page this server serves,
 * so on the API's address) and their share link (on the site's). */
export function welcomeEmail(
  to: { email: string; firstName: string },
  links: EmailLinks,
  tokens: { place: string; unsubscribe: string },
  referralCode: string,
  boostPlaces: number,
): OutgoingMail {
  const placeUrl = link(links.apiUrl, placePagePath, tokens.place)
  const shareUrl = shareLinkOf(links.siteUrl, referralCode)
  const actions = [
    { label: 'Your place', url: placeUrl },
    { label: 'Share', url: shareUrl },
  ]
  return consentMail(to.email, welcomeSubject, links, tokens.unsubscribe, actions, (unsubscribeUrl) =>
    createElement(WelcomeEmail, { firstName: to.firstName, placeUrl, shareUrl, unsubscribeUrl, placeLinkLifetime: inWords(placeLinkLifetimeMs), boostPlaces }),
  )
}

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
  const inviteUrl = link(links.apiUrl, invitePagePath, tokens.invite)
  const expiresOn = expiresOnWords(expiresAt)
  return consentMail(to.email, subject, links, tokens.unsubscribe, [{ label: 'Claim', url: inviteUrl }], (unsubscribeUrl) =>
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
