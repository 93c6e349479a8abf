// Consent's wing (platform/wing/wing.ts): confirmation, unsubscribing and erasure, their emails and their links'
// routes, each within consent's own rate limit. Consent publishes what it changes (`consent`: confirmed,
// unsubscribed, erased) and names none of its followers; they subscribe from their own wings.
import type { Wing } from '../../platform/wing/wing'
import { consentEmailKinds } from './consent-emails'
import { consentFollowsSuppression } from './consent-follows-suppression'
import { consentPerson } from './consent-person'
import type { ConsentEvents } from './consent-events'
import { consentRoutes, defaultConsentRateLimit } from './consent-routes'
import { consentStore, type ConsentStore } from './consent-store'
import { countedConsent } from './counted-consent'
import { consentMigrations } from './migrations'

declare module '../../platform/wing/wing' {
  interface Ports {
    consent: ConsentStore
  }
  interface WingEvents {
    consent: ConsentEvents
  }
  interface WingLimits {
    consent: Limit
  }
}

export const consentWing: Wing = {
  migrations: consentMigrations,
  emailKinds: (database, { links }) => consentEmailKinds(database, links),
  build({ database, now, metrics, ports, events, limits, poke }) {
    const store = consentStore(database, events.of('consent'), ports.heldInvitation)
    const consent = metrics ? countedConsent(store, metrics) : store
    return {
      offers: { consent },
      follows: { suppression: consentFollowsSuppression(store, events.of('consent')) },
      routes: ({ clientKey, originCheck, publicSiteUrl, rateLimiter }) => ({
        api: [
          {
            at: '/',
            app: consentRoutes({
              clientKey,
              originCheck,
              publicSiteUrl,
              onQueued: poke,
              store: consent,
              placeOf: ports.line.placeOf,
              // The questions' wing is built after this one: whether a question is asked is read at each confirmation.
              offerQuestions: async (signupId, at) => ((await ports.questions.asked()).length > 0 ? ports.questions.offer(signupId, at) : undefined),
              limiter: rateLimiter(limits.consent ?? defaultConsentRateLimit),
              now,
            }),
          },
        ],
      }),
      personRecord: consentPerson,
    }
  },
}
