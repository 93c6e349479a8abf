// The tests' composition of the stores, as server/main.ts composes them over one database: the signups' own
// methods at the top (add, all, settled), the consent and console stores beside them, the database's limiter
// and health check, and one close that waits for the work after the replies.
import { adminStore, type AdminStore } from '../../server/admin/admin-store'
import { consentStore, type ConsentStore } from '../../server/consent/consent-store'
import { invitationDefaults, invitations, type InvitationSettings, type Invitations } from '../../server/launch/invitations'
import { line } from '../../server/referral/line'
import type { RateLimiter, RateLimitOptions } from '../../server/rate-limit'
import type { Engine } from '../../server/store/contract'
import type { Database } from '../../server/store/database'
import { healthCheck } from '../../server/store/health'
import type { HealthCheckFn } from '../../server/store/health-check'
import { openDatabase, type OpenOptions } from '../../server/store/open'
import { signupStore, type Signups } from '../../server/store/signup-store'

export type Stores = Signups & {
  engine: Engine
  database: Database
  consent: ConsentStore
  invitations: Invitations
  admin: AdminStore
  rateLimiter: (options: RateLimitOptions) => RateLimiter
  healthCheck: HealthCheckFn
  close(): Promise<void>
}

export function storesOver(database: Database, invitationSettings: InvitationSettings = invitationDefaults): Stores {
  const signups = signupStore(database)
  const theLine = line(database)
  return {
    ...signups,
    engine: database.engine,
    database,
    consent: consentStore(database, theLine),
    invitations: invitations(database, theLine, invitationSettings),
    admin: adminStore(database),
    rateLimiter: database.rateLimiter,
    healthCheck: healthCheck(database),
    close: async () => {
      await signups.settled()
      await database.close()
    },
  }
}

export const openStore = async (databaseUrl: string, options: OpenOptions & { invitations?: InvitationSettings } = {}): Promise<Stores> =>
  storesOver(await openDatabase(databaseUrl, options), options.invitations)

/** What createApp takes from the stores. */
export const appStores = (stores: Stores) => ({
  signups: stores,
  consent: stores.consent,
  invitations: stores.invitations,
  rateLimiter: stores.rateLimiter,
  healthCheck: stores.healthCheck,
  classifyStoreError: stores.database.classify,
})
