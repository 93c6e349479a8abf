// The emails of the consent flows: confirm your signup, confirm your erasure, the welcome that a first
// confirmation sends (your place in line, your share link), and at launch an invitation and its one reminder
// (issue 22). Each is one React Email component (server/mail/emails/), rendered to its HTML and plain text; this
// module gives it its links and the RFC 8058 one-click unsubscribe headers.
import { createElement } from 'react'
import { consentApi, consentPages, invitePagePath, placePagePath } from '../../shared/consent-paths'
import { shareLinkOf } from '../../shared/referral-code'
import { expiresOnWords, inWords, placeLinkLifetimeMs } from '../../shared/rules'
import type { OutgoingMail } from '../mail/mailer'
import { renderEmail } from '../mail/render-email'
import { ConfirmationEmail, confirmationSubject } from '../mail/emails/confirmation-email'
import { ErasureEmail, erasureSubject } from '../mail/emails/erasure-email'
import { InvitationEmail, invitationSubject } from '../mail/emails/invitation-email'
import { InvitationReminderEmail, invitationReminderSubject } from '../mail/emails/invitation-reminder-email'
import { WelcomeEmail, welcomeSubject } from '../mail/emails/welcome-email'

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

export function confirmationEmail(to: { email: string; firstName: string }, links: EmailLinks, tokens: { confirm: string; unsubscribe: string }): OutgoingMail {
  const confirmUrl = link(links.siteUrl, consentPages.confirm, tokens.confirm)
  const unsubscribeUrl = link(links.siteUrl, consentPages.unsubscribe, tokens.unsubscribe)
  return {
    to: to.email,
    subject: confirmationSubject,
    ...renderEmail(createElement(ConfirmationEmail, { firstName: to.firstName, confirmUrl, unsubscribeUrl })),
    headers: unsubscribeHeaders(links, tokens.unsubscribe),
    links: [
      { label: 'Confirm', url: confirmUrl },
      { label: 'Unsubscribe', url: unsubscribeUrl },
    ],
  }
}

export function erasureEmail(to: { email: string }, links: EmailLinks, tokens: { erase: string; unsubscribe: string }): OutgoingMail {
  const eraseUrl = link(links.siteUrl, consentPages.eraseConfirm, tokens.erase)
  const unsubscribeUrl = link(links.siteUrl, consentPages.unsubscribe, tokens.unsubscribe)
  return {
    to: to.email,
    subject: erasureSubject,
    ...renderEmail(createElement(ErasureEmail, { eraseUrl, unsubscribeUrl })),
    headers: unsubscribeHeaders(links, tokens.unsubscribe),
    links: [
      { label: 'Delete', url: eraseUrl },
      { label: 'Unsubscribe', url: unsubscribeUrl },
    ],
  }
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
  const unsubscribeUrl = link(links.siteUrl, consentPages.unsubscribe, tokens.unsubscribe)
  return {
    to: to.email,
    subject: welcomeSubject,
    ...renderEmail(createElement(WelcomeEmail, { firstName: to.firstName, placeUrl, shareUrl, unsubscribeUrl, placeLinkLifetime: inWords(placeLinkLifetimeMs), boostPlaces })),
    headers: unsubscribeHeaders(links, tokens.unsubscribe),
    links: [
      { label: 'Your place', url: placeUrl },
      { label: 'Share', url: shareUrl },
      { label: 'Unsubscribe', url: unsubscribeUrl },
    ],
  }
}

/** An invitation from a wave: the personal claim link (a page this server serves, so on the API's address), how
 * long it works, in words from the lifetime the invitation was given, and the day it ends. */
export function invitationEmail(
  to: { email: string; firstName: string },
  links: EmailLinks,
  tokens: { invite: string; unsubscribe: string },
  invitation: { expiresAt: Date; lifetimeMs: number },
): OutgoingMail {
  const inviteUrl = link(links.apiUrl, invitePagePath, tokens.invite)
  const unsubscribeUrl = link(links.siteUrl, consentPages.unsubscribe, tokens.unsubscribe)
  const lifetime = inWords(invitation.lifetimeMs)
  const expiresOn = expiresOnWords(invitation.expiresAt)
  return {
    to: to.email,
    subject: invitationSubject,
    ...renderEmail(createElement(InvitationEmail, { firstName: to.firstName, inviteUrl, unsubscribeUrl, lifetime, expiresOn })),
    headers: unsubscribeHeaders(links, tokens.unsubscribe),
    links: [
      { label: 'Claim', url: inviteUrl },
      { label: 'Unsubscribe', url: unsubscribeUrl },
    ],
  }
}

/** Time left, to the nearest day (or hour, or minute, below one): a reminder that a retry sends a little late
 * still says "3 days", where inWords of the exact time would say "4319 minutes". Its date says exactly when. */
function roundedLeft(ms: number) {
  const unit = ms >= 86_400_000 ? 86_400_000 : ms >= 3_600_000 ? 3_600_000 : 60_000
  return Math.max(1, Math.round(ms / unit)) * unit
}

/** An invitation's one reminder: the same kind of claim link, how long is left and the day it ends. */
export function invitationReminderEmail(
  to: { email: string; firstName: string },
  links: EmailLinks,
  tokens: { invite: string; unsubscribe: string },
  invitation: { expiresAt: Date; leftMs: number },
): OutgoingMail {
  const inviteUrl = link(links.apiUrl, invitePagePath, tokens.invite)
  const unsubscribeUrl = link(links.siteUrl, consentPages.unsubscribe, tokens.unsubscribe)
  const left = inWords(roundedLeft(invitation.leftMs))
  const expiresOn = expiresOnWords(invitation.expiresAt)
  return {
    to: to.email,
    subject: invitationReminderSubject,
    ...renderEmail(createElement(InvitationReminderEmail, { firstName: to.firstName, inviteUrl, unsubscribeUrl, left, expiresOn })),
    headers: unsubscribeHeaders(links, tokens.unsubscribe),
    links: [
      { label: 'Claim', url: inviteUrl },
      { label: 'Unsubscribe', url: unsubscribeUrl },
    ],
  }
}
