// What the console reads and writes, written once for both engines (store/database.ts; the tables are in the
// engines' migrations). Sessions and sign-in tokens are stored by their SHA-256 only, in the database, so every
// instance behind a load balancer knows every session. Erasing a person is the consent store's
// (server/consent): the same erasure as the person's own request.
import { sql, type ExpressionBuilder } from 'kysely'
import { exportPageSize, storedSignupColumns, type StoredSignup } from '../store/contract'
import type { Database } from '../store/database'
import type { Tables } from '../store/schema'

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

const sortColumns = { createdAt: sql.ref('created_at'), email: sql.ref('email_normalized'), firstName: sql`lower(first_name)`, source: sql.ref('source') }

export function adminStore(database: Database): AdminStore {
  const { db } = database
  const iso = (date: Date) => date.toISOString()
  // The search, in the signup's canonical address or first name, case-insensitively (lower() on both sides).
  const matching = (search: string) => (eb: ExpressionBuilder<Tables, 'signups'>) =>
    search.trim()
      ? eb.or([sql<boolean>`email_normalized LIKE ${likePattern(search)} ESCAPE '\\'`, sql<boolean>`lower(first_name) LIKE ${likePattern(search)} ESCAPE '\\'`])
      : eb.lit(true)

  return {
    async saveSignInToken(tokenHash, email, expiresAt) {
      await db.deleteFrom('admin_sign_in_tokens').where('expires_at', '<=', iso(new Date())).execute()
      await db.insertInto('admin_sign_in_tokens').values({ token_hash: tokenHash, email, expires_at: iso(expiresAt) }).execute()
    },
    async takeSignInToken(tokenHash, now) {
      // DELETE … RETURNING: of two requests racing with the same link, exactly one gets the row.
      const row = await db.deleteFrom('admin_sign_in_tokens').where('token_hash', '=', tokenHash).returning(['email', 'expires_at']).executeTakeFirst()
      return row && row.expires_at > iso(now) ? row.email : undefined
    },
    async createSession(sessionHash, email, expiresAt) {
      const now = iso(new Date())
      await db.deleteFrom('admin_sessions').where('expires_at', '<=', now).execute()
      await db.insertInto('admin_sessions').values({ session_hash: sessionHash, email, created_at: now, expires_at: iso(expiresAt) }).execute()
    },
    async findSession(sessionHash, now) {
      const row = await db
        .selectFrom('admin_sessions')
        .select(['email', 'expires_at'])
        .where('session_hash', '=', sessionHash)
        .where('expires_at', '>', iso(now))
        .executeTakeFirst()
      return row && { email: row.email, expiresAt: new Date(row.expires_at) }
    },
    async deleteSession(sessionHash) {
      await db.deleteFrom('admin_sessions').where('session_hash', '=', sessionHash).execute()
    },
    async audit(actor, action, detail) {
      await db.insertInto('admin_audit').values({ at: iso(new Date()), actor, action, detail }).execute()
    },
    async auditLog(limit) {
      const rows = await db.selectFrom('admin_audit').select(['at', 'actor', 'action', 'detail']).orderBy('id', 'desc').limit(limit).execute()
      return rows.map((row) => ({ ...row, action: row.action as AuditAction }))
    },
    async summary(now, days) {
      const since = `${lastDays(now, days, new Map())[0]!.day}T00:00:00.000Z`
      const counted = (status: string) => sql<number>`count(CASE WHEN status = ${status} THEN 1 END)`
      const [totals, perDay, bySource] = await Promise.all([
        db
          .selectFrom('signups')
          .select((eb) => [eb.fn.countAll<number>().as('all'), counted('pending').as('pending'), counted('confirmed').as('confirmed'), counted('unsubscribed').as('unsubscribed')])
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('signups')
          .select((eb) => [database.utcDay('created_at').as('day'), eb.fn.countAll<number>().as('n')])
          .where('created_at', '>=', database.instant(since))
          .groupBy('day')
          .execute(),
        db
          .selectFrom('signups')
          .select((eb) => ['source', eb.fn.countAll<number>().as('n')])
          .groupBy('source')
          .orderBy('n', 'desc')
          .orderBy('source')
          .execute(),
      ])
      return {
        totals: { all: Number(totals.all), pending: Number(totals.pending), confirmed: Number(totals.confirmed), unsubscribed: Number(totals.unsubscribed) },
        perDay: lastDays(now, days, new Map(perDay.map((day) => [day.day, Number(day.n)]))),
        bySource: bySource.map((source) => ({ source: source.source, count: Number(source.n) })),
      }
    },
    async searchSignups({ search, sort, direction, page, pageSize }) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('signups')
          .select(['id', 'created_at', 'email', 'first_name', 'source', 'status'])
          .where(matching(search))
          .orderBy(sortColumns[sort], direction)
          .orderBy('id', direction)
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        db.selectFrom('signups').select((eb) => eb.fn.countAll<number>().as('n')).where(matching(search)).executeTakeFirstOrThrow(),
      ])
      return {
        rows: rows.map((row) => ({ id: row.id, createdAt: row.created_at, email: row.email, firstName: row.first_name, source: row.source, status: row.status })),
        total: Number(total.n),
      }
    },
    async *exportSignups(search) {
      for (let after = 0; ; ) {
        const page = await db
          .selectFrom('signups')
          .select(['id', ...storedSignupColumns])
          .where(matching(search))
          .where('id', '>', after)
          .orderBy('id')
          .limit(exportPageSize)
          .execute()
        for (const { id, ...signup } of page) {
          yield signup
          after = id
        }
        if (page.length < exportPageSize) return
      }
    },
  }
}
