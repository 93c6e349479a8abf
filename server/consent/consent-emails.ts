// The emails of the consent flows: confirm your signup, confirm your erasure, and the welcome that a first
// confirmation sends (your place in line, your share link). Each is one React Email
// component (server/mail/emails/), rendered to its HTML and plain text; this module gives it its links and the
// RFC 8058 one-click unsubscribe headers.
import { createElement } from 'react'
import { consentApi, consentPages, placePagePath } from '../../shared/consent-paths'
import { shareLinkOf } from '../../shared/referral-code'
import { inWords, placeLinkLifetimeMs } from '../../shared/rules'
import type { OutgoingMail } from '../mail/mailer'
import { renderEmail } from '../mail/render-email'
import { ConfirmationEmail, confirmationSubject } from '../mail/emails/confirmation-email'
import { ErasureEmail, erasureSubject } from '../mail/emails/erasure-email'
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
