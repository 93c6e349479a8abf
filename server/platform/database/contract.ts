// What the stores share, whichever engine holds them: a signup as the export reads it, how signups are added in
// batches, and the two errors a store may answer with. `openDatabase` (open.ts) opens the database DATABASE_URL
// names (sqlite.ts, postgres.ts); the stores are written once over it (signup-store.ts, features/consent/consent-store.ts,
// features/console/admin-store.ts), and server/compose.ts composes them.
import { groupCommit } from './group-commit'
import { afterReplyDelay } from '../http/after-reply'
import { silentLogger, type Logger } from '../observability/logger'
import type { Selectable } from 'kysely'
import type { Tables } from './schema'

/** The columns the export reads, in the order of the CSV's columns (server/platform/http/csv.ts): the person, where they came
 * from, and their consent record (issue 12). */
export const storedSignupColumns = [
  'created_at',
  'email',
  'first_name',
  'source',
  'status',
  'consent_version',
  'confirmed_at',
  'unsubscribed_at',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'referrer_origin',
] as const

/** A signup as the export reads it, timestamps as ISO 8601 text on both engines. */
export type StoredSignup = Pick<Selectable<Tables['signups']>, (typeof storedSignupColumns)[number]>

export type Engine = 'sqlite' | 'postgres'

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

/** How both engines add signups, in the same work whether or not the address is listed, so the time to the
 * reply says nothing (issue 19). A batch of them is inserted at once (`insertBatch` says which were added: the
 * others are listed or erased) in one write transaction that always writes, so a repeat costs the same commit
 * as a new signup. Every caller is answered after its batch; only then, a random moment later
 * (platform/http/after-reply.ts), is each signup looked up again and the repeats signed up again (`signUpAgain`: a
 * confirmation re-sent as the consent machine says). That
 * courtesy is the one thing a crash at that moment could lose, and the person can simply ask again. A signup is
 * whatever the signup store keeps (features/signup/validate.ts): the platform knows no feature. */
export function batchedAdd<Signup>(
  insertBatch: (signups: Signup[]) => Promise<boolean[]>,
  signUpAgain: (lookUp: Signup[], repeats: Signup[]) => Promise<void>,
  classify: (error: unknown) => unknown,
  log: Pick<Logger, 'error'> = silentLogger,
): { add: (signup: Signup) => Promise<AddResult>; settled: () => Promise<void> } {
  const pending = new Set<Promise<void>>()
  const add = groupCommit<Signup, AddResult>(async (signups) => {
    const added = await insertBatch(signups)
    // Every signup of the batch is looked up, new or not, so that the work after the reply (which a next
    // request may wait behind) is the same too; only the repeats are acted on.
    const repeats = signups.filter((_, index) => !added[index])
    const later = new Promise<void>((resolve) => setTimeout(resolve, afterReplyDelay()))
      .then(() => signUpAgain(signups, repeats))
      .catch((error: unknown) => log.error({ err: error }, 'waitlist: a repeat signup was not re-sent its email'))
      .finally(() => pending.delete(later))
    pending.add(later)
    return signups.map((_, index) => (added[index] ? 'added' : 'duplicate'))
  })
  return {
    add: (signup) =>
      add(signup).catch((error: unknown) => {
        throw classify(error)
      }),
    settled: async () => void (await Promise.all(pending)),
  }
}
