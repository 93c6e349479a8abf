// What the console reads and writes: one contract, kept by both storage engines (admin-store-sqlite.ts and
// admin-store-postgres.ts, on the signup store's own connection; their tables are in the engines' migrations).
// Every signup store carries one as `store.admin`. Sessions and sign-in tokens are stored by their SHA-256 only.
// Erasing a person is the consent store's (server/consent): the same erasure as the person's own request.
import type { StoredSignup } from '../store/contract'

export type AdminSignup = { id: number; createdAt: string; email: string; firstName: string; source: string; status: string }
export type SortKey = 'createdAt' | 'email' | 'firstName' | 'source'
export type SignupQuery = { search: string; sort: SortKey; direction: 'asc' | 'desc'; page: number; pageSize: number }
export type AuditAction = 'sign-in' | 'sign-out' | 'export' | 'erase'
export type AuditEntry = { at: string; actor: string; action: AuditAction; detail: string }
export type Totals = { all: number; pending: number; confirmed: number; unsubscribed: number }
export type Summary = { totals: Totals; perDay: { day: string; count: number }[]; bySource: { source: string; count: number }[] }

export interface AdminStore {
  saveSignInToken(tokenHash: string, email: string, expiresAt: Date): Promise<void>
  /** Deletes the token (single use) and returns its email if it had not expired. */
  takeSignInToken(tokenHash: string, now: Date): Promise<string | undefined>
  createSession(sessionHash: string, email: string, expiresAt: Date): Promise<void>
  findSession(sessionHash: string, now: Date): Promise<{ email: string; expiresAt: Date } | undefined>
  deleteSession(sessionHash: string): Promise<void>
  audit(actor: string, action: AuditAction, detail: string): Promise<void>
  auditLog(limit: number): Promise<AuditEntry[]>
  summary(now: Date, days: number): Promise<Summary>
  searchSignups(query: SignupQuery): Promise<{ rows: AdminSignup[]; total: number }>
  exportSignups(search: string): AsyncIterable<StoredSignup>
}

export const sortKeys: readonly SortKey[] = ['createdAt', 'email', 'firstName', 'source']

/** A search term as a LIKE pattern that matches it anywhere, with LIKE's own wildcards taken literally. */
export const likePattern = (search: string) => `%${search.trim().toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** The `days` calendar days (UTC) that end today, each with its count (0 where `counted` has none). */
export function lastDays(now: Date, days: number, counted: Map<string, number>) {
  const first = Date.parse(new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10))
  return Array.from({ length: days }, (_, index) => {
    const day = new Date(first + index * 86_400_000).toISOString().slice(0, 10)
    return { day, count: counted.get(day) ?? 0 }
  })
}
