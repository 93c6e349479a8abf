// The one contract every storage engine keeps. The endpoint, the CSV export and the tests speak only to this
// interface; `openStore` (open.ts) picks the engine from DATABASE_URL. Each engine keeps its own versioned
// migrations (migrations/<engine>.ts) and runs them at open.
import type { AdminStore } from '../admin/admin-store'
import type { ConsentStore } from '../consent/consent-store'
import type { RateLimiter, RateLimitOptions } from '../rate-limit'
import { groupCommit } from '../group-commit'
import type { Signup } from '../validate'

/** A signup as the export reads it: the person, where they came from, and their consent record (issue 12). */
export type StoredSignup = {
  createdAt: string
  email: string
  firstName: string
  source: string
  status: string
  consentVersion: string | null
  confirmedAt: string | null
  unsubscribedAt: string | null
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
  referrerOrigin: string | null
}

/** A PostgreSQL timestamp column as the ISO 8601 text SQLite stores (…T…Z, milliseconds). */
export const postgresIsoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** The columns both engines read for a StoredSignup (timestamps as ISO 8601 text on both). */
export const storedSignupColumns = (timestamp: (column: string) => string = (column) => column) =>
  [
    `${timestamp('created_at')} AS created_at`,
    'email',
    'first_name',
    'source',
    'status',
    'consent_version',
    `${timestamp('confirmed_at')} AS confirmed_at`,
    `${timestamp('unsubscribed_at')} AS unsubscribed_at`,
    'utm_source',
    'utm_medium',
    'utm_campaign',
    'referrer_origin',
  ].join(', ')

export function storedSignupOf(row: Record<string, unknown>): StoredSignup {
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value))
  return {
    createdAt: String(row.created_at),
    email: String(row.email),
    firstName: String(row.first_name),
    source: String(row.source),
    status: String(row.status),
    consentVersion: text(row.consent_version),
    confirmedAt: text(row.confirmed_at),
    unsubscribedAt: text(row.unsubscribed_at),
    utmSource: text(row.utm_source),
    utmMedium: text(row.utm_medium),
    utmCampaign: text(row.utm_campaign),
    referrerOrigin: text(row.referrer_origin),
  }
}

export type Engine = 'sqlite' | 'postgres'

export interface SignupStore {
  readonly engine: Engine
  /** Resolves once the signup is durably committed; 'duplicate' when that email was already on the list. */
  add(signup: Signup): Promise<'added' | 'duplicate'>
  /** Every signup in the order they arrived, read a page at a time. */
  all(): AsyncIterable<StoredSignup>
  /** A per-client limiter: in memory for one process on SQLite, shared by every instance on PostgreSQL. */
  rateLimiter(options: RateLimitOptions): RateLimiter
  /** What the team's console reads and writes (server/admin), on this store's connection. Both engines
   * provide it; it is optional only so that a test's failing stand-in for the signup path need not. */
  readonly admin?: AdminStore
  /** The consent flows' tables (server/consent): the outbox, tokens and erasure. Both engines provide it. */
  readonly consent?: ConsentStore
  close(): Promise<void>
}

/** The database cannot be reached or refused the work for now: the visitor is told to try again (503). */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`the database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
    this.name = 'StoreUnavailableError'
  }
}

/** Opening failed for a reason an operator must fix: one line, safe to print (no password, no stack). */
export class StoreOpenError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StoreOpenError'
  }
}

export const exportPageSize = 500

export type AddResult = 'added' | 'duplicate'

/** How both engines add signups: a batch of them is inserted at once (`insertBatch` says which were added;
 * the others hit a UNIQUE constraint), then the conflicts are settled together (`settleConflicts`: a listed
 * email, or a submission id reused for another email). Every caller is answered after its batch. */
export function batchedAdd(
  insertBatch: (signups: Signup[]) => Promise<boolean[]>,
  settleConflicts: (signups: Signup[]) => Promise<AddResult[]>,
  classify: (error: unknown) => unknown,
): (signup: Signup) => Promise<AddResult> {
  const add = groupCommit<Signup, AddResult>(async (signups) => {
    const added = await insertBatch(signups)
    const conflicts = signups.filter((_, index) => !added[index])
    const settled = conflicts.length > 0 ? await settleConflicts(conflicts) : []
    return signups.map((_, index) => (added[index] ? 'added' : settled.shift()!))
  })
  return (signup) =>
    add(signup).catch((error: unknown) => {
      throw classify(error)
    })
}
