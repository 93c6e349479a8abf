// What every store shares, whichever engine holds it: the engine's name and the two errors a store may answer
// with. `openDatabase` (open.ts) opens the database DATABASE_URL names (sqlite.ts, postgres.ts); each feature's
// stores are written once over it, and server/compose.ts composes them.

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
