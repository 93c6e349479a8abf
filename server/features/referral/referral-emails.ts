// The referral's email: the welcome that a first confirmation sends, with the person's place in line and their
// share link. One React Email component beside this file, sent as a list email (platform/mail/list-email.ts)
// through the outbox, as a kind this feature registers.
import { createElement } from 'react'
import { placePagePath } from '../../../shared/consent-paths'
import { shareLinkOf } from '../../../shared/referral-code'
import { inWords, placeLinkLifetimeMs } from '../../../shared/rules'
import type { Database } from '../../platform/database/database'
import { listEmail, tokenLink, withUnsubscribe, type EmailLinks } from '../../platform/mail/list-email'
import type { OutgoingMail } from '../../platform/mail/mailer'
import { peopleOf, type OutboxKind, type Recipient } from '../../platform/outbox/outbox-kinds'
import { issueLinkTokens } from '../../platform/secrets/link-tokens'
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

type Welcomed = Recipient & { id: number; firstName: string; status: string; referralCode: string | null }

/** The welcome as a kind of email (platform/outbox/outbox-kinds.ts): it goes only to someone confirmed (an
 * unsubscribed person gets no email) who has their referral code. */
export function welcomeEmailKind(database: Database, links: EmailLinks, boostPlaces: number): OutboxKind<Welcomed> {
  const { db } = database
  return {
    name: 'welcome',
    async load(entries) {
      const people = await peopleOf(entries, (ids) =>
        db.selectFrom('signups').select(['id', 'email', 'first_name', 'status', 'referral_code']).where('id', 'in', ids).execute(),
      )
      // Sent only once its owner confirmed the address, so counted as theirs (sends).
      return people.map((person) => person && { id: person.id, address: person.email, vouched: true, firstName: person.first_name, status: person.status, referralCode: person.referral_code })
    },
    sends: (person) => person.status === 'confirmed' && person.referralCode !== null,
    render: async (person, now) =>
      welcomeEmail(
        { email: person.address, firstName: person.firstName },
        links,
        await issueLinkTokens(db, person.id, now, withUnsubscribe({ place: placeLinkLifetimeMs })),
        person.referralCode!,
        boostPlaces,
      ),
  }
}
