// The signup's wing (platform/wing/wing.ts): the signups table, and POST /api/waitlist, each within the
// signup's rate limit (RATE_LIMIT_*). It offers where signups go; its work after the replies (a repeat signed up
// again) ends when the composition stops.
import { defaultRateLimit } from '../../platform/http/rate-limit'
import type { Wing } from '../../platform/wing/wing'
import { countedSignups } from './counted-signups'
import { signupMigrations } from './migrations'
import { signupPerson } from './signup-person'
import { signupRoutes, waitlistPath } from './signup-routes'
import { signupStore, type Signups } from './signup-store'

declare module '../../platform/wing/wing' {
  interface Ports {
    signups: Signups
  }
  interface WingOverrides {
    /** A test's wait between a batch's replies and the second look at its repeats (batched-add.ts): none, where
     * nothing is timed and a test would only wait for it. */
    signupLaterDelay: () => number
  }
}

export const signupWing: Wing = {
  migrations: signupMigrations,
  build({ database, config, now, log, metrics, overrides, poke }) {
    const store = signupStore(database, now, log, overrides.signupLaterDelay)
    const signups = metrics ? countedSignups(store, metrics) : store
    return {
      offers: { signups },
      routes: ({ clientKey, originCheck, publicSiteUrl, rateLimiter }) => ({
        api: [
          {
            at: waitlistPath,
            app: signupRoutes({ clientKey, originCheck, publicSiteUrl, onQueued: poke, signups, limiter: rateLimiter(config.rateLimit ?? defaultRateLimit) }),
          },
        ],
      }),
      personRecord: signupPerson,
      settled: () => signups.settled(),
    }
  },
}
