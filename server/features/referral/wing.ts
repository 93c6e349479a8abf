// The referral's wing (platform/wing/wing.ts): the place in line, kept by the confirmations and erasures it
// follows and by the team's reviews of held referrals; the welcome email; the private "your place" page. It
// offers the line, which the waves take people from and the console's table reads.
import { referralRules } from '../../../shared/rules'
import type { Wing } from '../../platform/wing/wing'
import { line, type Line } from './line'
import { lineFollowsConsent } from './line-follows-consent'
import { referralMigrations } from './migrations'
import { referralPerson } from './referral-person'
import { placeRoutes } from './place-routes'
import { welcomeEmailKind } from './referral-emails'
import type { ReferralEvents } from './referral-events'
import { referralReviews } from './referral-reviews'
import { reviewRoutes } from './review-routes'

declare module '../../platform/wing/wing' {
  interface Ports {
    line: Line
  }
  interface WingEvents {
    referral: ReferralEvents
  }
}

export const referralWing: Wing = {
  migrations: referralMigrations,
  emailKinds: (database, { links, config }) => [welcomeEmailKind(database, links, config?.placeBoost ?? referralRules.boostPlaces)],
  build({ database, config, admin, now, ports, events }) {
    const placeInLine = line(database, { boostPlaces: config.placeBoost }, events.of('referral'))
    return {
      offers: { line: placeInLine },
      // The line takes its counter row first, before the signup's (line-follows-consent.ts).
      follows: { consent: lineFollowsConsent(placeInLine) },
      routes: () => ({
        // It reads, and only with the link's token; its choice of news and updates is consent's, with a token
        // consent makes for it.
        pages: [
          {
            at: '/',
            app: placeRoutes({
              yourPlace: placeInLine.yourPlace,
              offerNewsChoice: (signupId, at) => ports.consent.offerNewsChoice(signupId, at),
              // The questions' wing is built after this one: its offer is read at each request.
              offerQuestions: (signupId, at) => ports.questions.offer(signupId, at),
              siteUrl: admin.publicUrl,
              // The launch's link, offered after this wing is built and read at each request (launch/invite-url.ts).
              inviteUrl: () => ports.inviteUrl.url(),
              now,
            }),
          },
        ],
      }),
      personRecord: referralPerson(placeInLine),
      consoleRoutes: [({ audit, now: at }) => reviewRoutes({ reviews: referralReviews(database, placeInLine), audit, now: at })],
    }
  },
}
