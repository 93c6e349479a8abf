// A store whose every operation fails with `error`: what the endpoint meets when its database is away (a
// StoreUnavailableError) or broken (any other error). Its rate limiter counts in memory, so requests reach
// the operation that fails.
import type { AdminStore } from '../../server/features/console/admin-store'
import type { ConsentStore } from '../../server/features/consent/consent-store'
import type { Invitations } from '../../server/features/launch/invitations'
import type { Line } from '../../server/features/referral/line'
import { createRateLimiter } from '../../server/platform/http/rate-limit'
import type { Database } from '../../server/platform/database/database'
import type { Stores } from './open-store'

export function failingStore(error: Error): Stores {
  const failing = <T extends object>() => new Proxy({} as T, { get: () => () => Promise.reject(error) })
  return {
    engine: 'sqlite',
    // Every operation fails; its errors are read as given (a StoreUnavailableError already says the database is away).
    database: new Proxy({} as Database, { get: (_, key) => (key === 'classify' ? (given: unknown) => given : () => Promise.reject(error)) }),
    add: () => Promise.reject(error),
    all: async function* () {},
    rateLimiter: createRateLimiter,
    admin: failing<AdminStore>(),
    consent: failing<ConsentStore>(),
    line: failing<Line>(),
    invitations: failing<Invitations>(),
    healthCheck: () => Promise.reject(error),
    settled: async () => {},
    close: async () => {},
  }
}
