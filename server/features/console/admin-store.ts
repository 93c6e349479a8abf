// What the console reads and writes, written once for both engines (platform/database/database.ts; the tables are in the
// engines' migrations). Sessions and sign-in tokens are stored by their SHA-256 only, in the database, so every
// instance behind a load balancer knows every session. Erasing a person is the consent store's
// (features/consent): the same erasure as the person's own request.
//
// The place in line is the line's own reading (features/referral/line.ts placesOf), one person at a time, so the
// console reads it only for the rows it shows: a page of the list, a page of the export.
import { sql, type ExpressionBuilder } from 'kysely'
import type { AuditAction, AuditEntry, ConsoleSummary, SignupPage, SignupQuery } from '../../../shared/console-api'
import { recordOf } from '../../../shared/record-of'
import type { ConsoleSignup } from './console-csv'
import { exportPageSize, storedSignupColumns } from '../signup/public'
import type { Database } from '../../platform/database/database'
import type { Tables } from '../../platform/database/schema'
import { storedStatuses, type StoredStatus } from '../../../shared/stored-statuses'

/** The front page's figures but the outbox's, which admin-api.ts adds. */
export type Summary = Omit<ConsoleSummary, 'outbox'>

export interface AdminStore {
  saveSignInToken(tokenHash: string, email: string, expiresAt: Date): Promise<void>
  /** Deletes the token (single use) and returns its email if it had not expired. */
  takeSignInToken(tokenHash: string, now: Date): Promise<string | undefined>
  createSession(sessionHash: string, email: string, expiresAt: Date): Promise<void>
  findSession(sessionHash: string, now: Date): Promise<{ email: string; expiresAt: Date } | undefined>
  deleteSession(sessionHash: string): Promise<void>
  audit: Audit
  auditLog(limit: number): Promise<AuditEntry[]>
  summary(now: Date, days: number): Promise<Summary>
  searchSignups(query: SignupQuery): Promise<SignupPage>
  exportSignups(search: string): AsyncIterable<ConsoleSignup>
}

/** Records who did what in the console (the features' console routes audit through it too). */
export type Audit = (actor: string, action: AuditAction, detail: string) => Promise<void>

/** The places of the given people who have one (confirmed), by id: the line's reading (features/referral/line.ts
 * placesOf), which the composition hands in. */
export type PlacesOf = (people: { id: number; confirm_seq: number | null }[]) => Promise<Map<number, number>>

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

export function adminStore(database: Database, placesOf: PlacesOf): AdminStore {
  const { db } = database
  const iso = (date: Date) => date.toISOString()
  // A person's referrals waiting for the team, by the referrals_referrer index.
  const heldCount = (eb: ExpressionBuilder<Tables, 'signups'>) =>
    eb
      .selectFrom('referrals')
      .select((inner) => inner.fn.countAll<number>().as('n'))
      .whereRef('referrals.referrer_id', '=', 'signups.id')
      .where('referrals.outcome', '=', 'held')
      .as('held_referrals')
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
      return db.selectFrom('admin_audit').select(['at', 'actor', 'action', 'detail']).orderBy('id', 'desc').limit(limit).execute()
    },
    async summary(now, days) {
      const since = `${lastDays(now, days, new Map())[0]!.day}T00:00:00.000Z`
      const counted = (status: StoredStatus) => sql<number>`count(CASE WHEN status = ${status} THEN 1 END)`
      const [totals, perDay, bySource, referredPerDay, outcomes] = await Promise.all([
        db
          .selectFrom('signups')
          .select((eb) => [
            eb.fn.countAll<number>().as('all'),
            ...storedStatuses.map((status) => counted(status).as(status)),
            // The credits people on the list hold: what the top referrers add up to (topReferrers below).
            eb.fn.coalesce(eb.fn.sum<number>('referral_credits'), eb.lit(0)).as('credits'),
          ])
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
        // By the day they signed up, as the chart's other series, so it is the part of each day's signups that
        // came through a share link and went on to confirm (unsubscribed since or not).
        db
          .selectFrom('signups')
          .select((eb) => [database.utcDay('created_at').as('day'), eb.fn.countAll<number>().as('n')])
          .where('created_at', '>=', database.instant(since))
          .where('referred_by', 'is not', null)
          .where('confirmed_at', 'is not', null)
          .groupBy('day')
          .execute(),
        db
          .selectFrom('referrals')
          .select((eb) => ['outcome', eb.fn.countAll<number>().as('n')])
          .groupBy('outcome')
          .execute(),
      ])
      // Every decision counts, its friend erased since or not; an erased referrer's credits left with them.
      const decided = new Map(outcomes.map((row) => [row.outcome, Number(row.n)]))
      const held = decided.get('held') ?? 0
      const { credits, all, ...statuses } = totals
      return {
        totals: { all: Number(all), ...recordOf(storedStatuses, (status) => Number(statuses[status])) },
        perDay: lastDays(now, days, new Map(perDay.map((day) => [day.day, Number(day.n)]))),
        bySource: bySource.map((source) => ({ source: source.source, count: Number(source.n) })),
        referrals: {
          perDay: lastDays(now, days, new Map(referredPerDay.map((day) => [day.day, Number(day.n)]))),
          credited: Number(credits),
          held,
          refused: [...decided].reduce((sum, [outcome, count]) => (outcome === 'credited' || outcome === 'held' ? sum : sum + count), 0),
        },
      }
    },
    async searchSignups({ search, sort, direction, page, pageSize }) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('signups')
          .select(['id', 'created_at', 'email', 'first_name', 'source', 'status', 'confirm_seq', 'referral_credits', 'referred_by', heldCount])
          .where(matching(search))
          .orderBy(sortColumns[sort], direction)
          .orderBy('id', direction)
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        db.selectFrom('signups').select((eb) => eb.fn.countAll<number>().as('n')).where(matching(search)).executeTakeFirstOrThrow(),
      ])
      const places = await placesOf(rows)
      return {
        rows: rows.map((row) => ({
          id: row.id,
          createdAt: row.created_at,
          email: row.email,
          firstName: row.first_name,
          source: row.source,
          status: row.status,
          place: places.get(row.id) ?? null,
          credits: Number(row.referral_credits),
          heldReferrals: Number(row.held_referrals ?? 0),
          referredBy: row.referred_by,
        })),
        total: Number(total.n),
      }
    },
    async *exportSignups(search) {
      for (let after = 0; ; ) {
        const page = await db
          .selectFrom('signups')
          .select(['id', ...storedSignupColumns, 'confirm_seq', 'referral_credits', 'referred_by', heldCount])
          .where(matching(search))
          .where('id', '>', after)
          .orderBy('id')
          .limit(exportPageSize)
          .execute()
        const places = await placesOf(page)
        for (const { id, confirm_seq: _, referral_credits: credits, held_referrals: held, ...signup } of page) {
          yield { ...signup, place: places.get(id) ?? null, referral_credits: Number(credits), held_referrals: Number(held ?? 0) }
          after = id
        }
        if (page.length < exportPageSize) return
      }
    },
  }
}
