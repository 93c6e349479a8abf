// The tests' composition of the stores, as server/main.ts composes them over one database: the signups' own
// methods at the top (add, all, settled), the consent and console stores beside them, the database's limiter
// and health check, and one close that waits for the work after the replies.
import { adminStore, type AdminStore } from '../../server/features/console/admin-store'
import type { ConsentEvents } from '../../server/features/consent/consent-events'
import { consentStore, type ConsentStore } from '../../server/features/consent/consent-store'
import { invitationDefaults, invitations, type InvitationSettings, type Invitations } from '../../server/features/launch/invitations'
import { invitationsFollowConsent } from '../../server/features/launch/invitations-follow-consent'
import { line, type Line } from '../../server/features/referral/line'
import { lineFollowsConsent } from '../../server/features/referral/line-follows-consent'
import { transactionEvents } from '../../server/platform/events/transaction-events'
import type { RateLimiter, RateLimitOptions } from '../../server/platform/http/rate-limit'
import type { Engine } from '../../server/platform/database/contract'
import type { Database } from '../../server/platform/database/database'
import { healthCheck } from '../../server/platform/database/health'
import type { HealthCheckFn } from '../../server/platform/database/health-check'
import { openDatabase, type OpenOptions } from '../../server/platform/database/open'
import { featureMigrations } from '../../server/feature-migrations'
import { signupStore, type Signups } from '../../server/features/signup/signup-store'

export type Stores = Signups & {
  engine: Engine
  database: Database
  consent: ConsentStore
  line: Line
  invitations: Invitations
  admin: AdminStore
  rateLimiter: (options: RateLimitOptions) => RateLimiter
  healthCheck: HealthCheckFn
  close(): Promise<void>
}

export function storesOver(database: Database, invitationSettings: InvitationSettings = invitationDefaults): Stores {
  const signups = signupStore(database)
  const theLine = line(database)
  const consentEvents = transactionEvents<ConsentEvents>()
  consentEvents.subscribe(invitationsFollowConsent)
  consentEvents.subscribe(lineFollowsConsent(theLine))
  return {
    ...signups,
    engine: database.engine,
    database,
    consent: consentStore(database, consentEvents),
    line: theLine,
    invitations: invitations(database, theLine, invitationSettings),
    admin: adminStore(database, theLine.placesOf),
    rateLimiter: database.rateLimiter,
    healthCheck: healthCheck(database),
    close: async () => {
      await signups.settled()
      await database.close()
    },
  }
}

export const openStore = async (databaseUrl: string, options: Partial<OpenOptions> & { invitations?: InvitationSettings } = {}): Promise<Stores> =>
  storesOver(await openDatabase(databaseUrl, { migrations: featureMigrations, ...options }), options.invitations)

/** What createApp takes from the stores. */
export const appStores = (stores: Stores) => ({
  signups: stores,
  consent: stores.consent,
  line: stores.line,
  invitations: stores.invitations,
  rateLimiter: stores.rateLimiter,
  healthCheck: stores.healthCheck,
  classifyStoreError: stores.database.classify,
})
