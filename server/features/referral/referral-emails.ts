// The referral's email: the welcome that a first confirmation sends, with the person's place in line and their
// share link. One React Email component beside this file, sent as a list email (platform/mail/list-email.ts).
import { createElement } from 'react'
import { placePagePath } from '../../../shared/consent-paths'
import { shareLinkOf } from '../../../shared/referral-code'
import { inWords, placeLinkLifetimeMs } from '../../../shared/rules'
import { listEmail, tokenLink, type EmailLinks } from '../../platform/mail/list-email'
import type { OutgoingMail } from '../../platform/mail/mailer'
import { WelcomeEmail, welcomeSubject } from './welcome-email'

/** The welcome at a first confirmation: the private link to the person's place (a page this server serves,
 * so on the API's address) and their share link (on the site's). */
export function welcomeEmail(
  to: { email: string; firstName: string },
  links: EmailLinks,
  tokens: { place: string; unsubscribe: string },
  referralCode: string,
  boostPlaces: number,
): OutgoingMail {
  const placeUrl = tokenLink(links.apiUrl, placePagePath, tokens.place)
  const shareUrl = shareLinkOf(links.siteUrl, referralCode)
  const actions = [
    { label: 'Your place', url: placeUrl },
    { label: 'Share', url: shareUrl },
  ]
  return listEmail(to.email, welcomeSubject, links, tokens.unsubscribe, actions, (unsubscribeUrl) =>
    createElement(WelcomeEmail, { firstName: to.firstName, placeUrl, shareUrl, unsubscribeUrl, placeLinkLifetime: inWords(placeLinkLifetimeMs), boostPlaces }),
  )
}
