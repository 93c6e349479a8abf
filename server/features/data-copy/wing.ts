// The copy's wing (platform/wing/wing.ts, issue 51): a person's own copy of everything held about them, asked for
// by address like an erasure, opened from a single-use link, read from every wing's part of their record (each
// wing's `personRecord`), so the copy, the console's page and the erasure cover the same data. The console's
// person page makes the same file (copy-console.ts), audited.
import type { Wing } from '../../platform/wing/wing'
import { copyConsoleRoutes } from './copy-console'
import { copyEmailKindsOf } from './copy-emails'
import { copyFollowsConsent } from './copy-follows-consent'
import { copyRoutes, defaultCopyRateLimit } from './copy-routes'
import { copyStore } from './copy-store'
import { copyMigrations } from './migrations'

declare module '../../platform/wing/wing' {
  interface WingLimits {
    copy: Limit
  }
}

export const copyWing: Wing = {
  migrations: copyMigrations,
  emailKinds: (database, { links }) => copyEmailKindsOf(database, links),
  build({ database, admin, now, limits, poke, personRecord }) {
    const store = copyStore(database)
    return {
      follows: { consent: copyFollowsConsent },
      routes: ({ clientKey, originCheck, publicSiteUrl, rateLimiter }) => {
        const { api, pages } = copyRoutes({
          store,
          personRecord,
          limiter: rateLimiter(limits.copy ?? defaultCopyRateLimit),
          clientKey,
          originCheck,
          publicSiteUrl,
          siteUrl: admin.publicUrl,
          onQueued: poke,
          now,
        })
        return { api: [{ at: '/', app: api }], pages: [{ at: '/', app: pages }] }
      },
      consoleRoutes: [({ audit, now: at }) => copyConsoleRoutes({ personRecord, audit, now: at })],
    }
  },
}
