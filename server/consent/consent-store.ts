// What the consent flows read and write (issue 12): one contract, kept by both engines (consent-store-sqlite.ts,
// consent-store-postgres.ts) on the signup store's own connection. Tokens are stored by their SHA-256 only;
// an erased address leaves only its salted hash (erasedEmailHash). Every status change is one the consent
// machine allows (consent-rules.ts).
import { createHmac } from 'node:crypto'
import type { ConsentStatus } from '../../machines/signup-consent-machine'
import { linkLifetimesMs } from '../../shared/rules'

export type TokenPurpose = 'confirm' | 'unsubscribe' | 'erase'
export type OutboxKind = 'confirm' | 'erase'
export type OutboxEntry = {
  id: number
  kind: OutboxKind
  attempts: number
  /** Absent when the signup is gone (erased) since the entry was queued. */
  signup: { id: number; email: string; firstName: string; status: ConsentStatus } | undefined
}
export type NewToken = { hash: string; purpose: TokenPurpose; signupId: number; expiresAt: Date }

export interface ConsentStore {
  /** Leases up to `limit` due entries for `leaseMs` (an entry leased by another instance is skipped), oldest first. */
  claimOutbox(now: Date, limit: number, leaseMs: number): Promise<OutboxEntry[]>
  finishOutbox(id: number, now: Date, outcome: 'sent' | 'skipped' | 'failed', error?: string): Promise<void>
  /** Gives the entry back, to be tried again at `at`. */
  retryOutbox(id: number, at: Date, error: string): Promise<void>
  /** Ends every lease: only for one process that owns the database (SQLite), at its start. */
  releaseOutboxLeases(): Promise<void>
  saveTokens(tokens: NewToken[]): Promise<void>
  /** Uses a confirm or unsubscribe token (deleting it) and moves the signup as the consent machine says;
   * false when the token is unknown, expired or used, or the move is not allowed from the signup's status. */
  useToken(purpose: 'confirm' | 'unsubscribe', tokenHash: string, now: Date): Promise<boolean>
  /** Queues an erasure-verification email when the address is listed (and none was queued in the last 10
   * minutes). Says nothing back: the caller's reply must not depend on it. */
  requestErasure(emailNormalized: string, now: Date): Promise<void>
  /** Uses an erase token: deletes the signup, its tokens and its emails, and keeps the salted hash. */
  eraseByToken(tokenHash: string, now: Date): Promise<boolean>
  /** The same erasure, by the team (the console). */
  eraseById(id: number, now: Date): Promise<boolean>
  /** The address's status, 'erased' when only its hash is left, undefined when never listed. */
  statusOf(emailNormalized: string): Promise<ConsentStatus | undefined>
  /** Emails in the outbox not yet finished (sent, skipped or failed). */
  unfinishedOutbox(): Promise<number>
}

/** The salted hash an erasure leaves: HMAC-SHA256 keyed by the database's own random salt, so the list of
 * hashes alone cannot be checked against a list of addresses. */
export const erasedEmailHash = (salt: string, emailNormalized: string) => createHmac('sha256', salt).update(emailNormalized, 'utf8').digest('hex')

/** The hashes an erasure of this signup's address may have left: its canonical address, and the key the
 * older rule gave what was typed (store/canonical-addresses.ts). */
export const erasedHashesOf = (salt: string, signup: { emailNormalized: string; formerKey?: string }): [string, string] => [
  erasedEmailHash(salt, signup.emailNormalized),
  erasedEmailHash(salt, signup.formerKey ?? signup.emailNormalized),
]

export const tokenLifetimesMs: Record<TokenPurpose, number> = { confirm: linkLifetimesMs.confirm, erase: linkLifetimesMs.erase, unsubscribe: linkLifetimesMs.unsubscribe }
