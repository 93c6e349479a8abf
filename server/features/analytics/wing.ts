// The analytics' wing (platform/wing/wing.ts): visits counted without cookies (the beacon's route), the signups
// joined to their visits, the console's report, and the clock that counts them every ANALYTICS_COUNT_SECONDS.
import type { Context } from 'hono'
import { analyticsPath } from '../../../shared/analytics'
import { every } from '../../platform/clock/every'
import type { Wing } from '../../platform/wing/wing'
import { waitlistPath } from '../signup/public'
import { analyticsConsoleRoutes } from './analytics-console'
import { analyticsReader } from './analytics-report'
import { analyticsRoutes, defaultAnalyticsRateLimit } from './analytics-routes'
import { analyticsStore, type AnalyticsStore } from './analytics-store'
import { analyticsMigrations } from './migrations'

/** What the clock does every ANALYTICS_COUNT_SECONDS; the tests run it themselves, with no clock. */
type CountVisits = (at: Date) => Promise<{ rolledUp: number }>

declare module '../../platform/wing/wing' {
  interface WingLimits {
    analytics: Limit
  }
  interface Ports {
    analytics: AnalyticsStore
    countVisits: CountVisits
  }
}

export const analyticsWing: Wing = {
  migrations: analyticsMigrations,
  build({ database, config, admin, now, log, limits }) {
    const analytics = analyticsStore(database)
    const report = analyticsReader(database)
    // Roll up finished days and drop old raw views, count today so far, then read the console's ranges as of that
    // count, ahead of the team's look.
    const countVisits: CountVisits = async (at) => {
      const done = await analytics.rollUp(at, config.analytics.rawDays)
      await analytics.countToday(at)
      await report.refresh(at)
      return done
    }
    // The site's host, read once: every beacon hashes it.
    const publicHost = URL.canParse(admin.publicUrl) ? new URL(admin.publicUrl).host : undefined
    const siteHost = (c: Context) => publicHost ?? c.req.header('host') ?? ''
    return {
      offers: { analytics, countVisits },
      routes: ({ clientKey, originCheck, rateLimiter }) => {
        const limiter = rateLimiter(limits.analytics ?? defaultAnalyticsRateLimit)
        const { routes, afterSignup } = analyticsRoutes({ clientKey, originCheck, store: analytics, enabled: config.analytics.enabled, limiter, site: siteHost, now, log })
        // What joins a signup to its visit goes in front of the signup's route.
        return { before: [{ at: waitlistPath, handler: afterSignup }], api: [{ at: analyticsPath, app: routes }] }
      },
      consoleRoutes: [({ audit, now: at }) => analyticsConsoleRoutes({ reader: report, settings: config.analytics, audit, now: at })],
      clocks: [
        {
          name: 'analytics',
          everyMs: config.analytics.countEverySeconds * 1000,
          start: ({ everyMs }) =>
            every({
              name: 'analytics',
              everyMs,
              run: countVisits,
              done: ({ rolledUp }) => rolledUp > 0 && log.info({ rolledUp }, `analytics: ${rolledUp} finished day(s) rolled up into daily counts`),
              failure: 'analytics: cannot roll up the finished days now; will try again',
              now,
              log,
            }),
        },
      ],
    }
  },
}
