// The console's store on PostgreSQL, on the signup store's own pool (server/store/postgres.ts). Sessions and
// tokens live in the database, so every instance behind a load balancer knows every session.
import type pg from 'pg'
import { postgresIsoText, storedSignupColumns, storedSignupOf } from '../store/contract'
import { lastDays, likePattern, type AdminSignup, type AdminStore, type AuditAction, type SortKey } from './admin-store'

const sortColumns: Record<SortKey, string> = { createdAt: 'created_at', email: 'email_normalized', firstName: 'lower(first_name)', source: 'source' }
type Row = { id: string; created_at: Date; email: string; first_name: string; source: string; status: string | null }

export function postgresAdminStore(pool: pg.Pool): AdminStore {
  // $1 is always the search pattern (NULL for no search), so every query keeps its parameter numbering.
  const where = '($1::text IS NULL OR email_normalized ILIKE $1 OR first_name ILIKE $1)'
  const pattern = (search: string) => (search.trim() ? likePattern(search) : null)
  const toSignup = (row: Row): AdminSignup => ({
    id: Number(row.id),
    createdAt: row.created_at.toISOString(),
    email: row.email,
    firstName: row.first_name,
    source: row.source,
    status: row.status ?? '',
  })

  return {
    async saveSignInToken(tokenHash, email, expiresAt) {
      await pool.query('DELETE FROM admin_sign_in_tokens WHERE expires_at <= now()')
      await pool.query('INSERT INTO admin_sign_in_tokens (token_hash, email, expires_at) VALUES ($1, $2, $3)', [tokenHash, email, expiresAt])
    },
    async takeSignInToken(tokenHash, now) {
      const { rows } = await pool.query<{ email: string; expires_at: Date }>('DELETE FROM admin_sign_in_tokens WHERE token_hash = $1 RETURNING email, expires_at', [tokenHash])
      const row = rows[0]
      return row && row.expires_at.getTime() > now.getTime() ? row.email : undefined
    },
    async createSession(sessionHash, email, expiresAt) {
      await pool.query('DELETE FROM admin_sessions WHERE expires_at <= now()')
      await pool.query('INSERT INTO admin_sessions (session_hash, email, expires_at) VALUES ($1, $2, $3)', [sessionHash, email, expiresAt])
    },
    async findSession(sessionHash, now) {
      const { rows } = await pool.query<{ email: string; expires_at: Date }>('SELECT email, expires_at FROM admin_sessions WHERE session_hash = $1 AND expires_at > $2', [sessionHash, now])
      return rows[0] ? { email: rows[0].email, expiresAt: rows[0].expires_at } : undefined
    },
    async deleteSession(sessionHash) {
      await pool.query('DELETE FROM admin_sessions WHERE session_hash = $1', [sessionHash])
    },
    async audit(actor, action, detail) {
      await pool.query('INSERT INTO admin_audit (actor, action, detail) VALUES ($1, $2, $3)', [actor, action, detail])
    },
    async auditLog(limit) {
      const { rows } = await pool.query<{ at: Date; actor: string; action: string; detail: string }>('SELECT at, actor, action, detail FROM admin_audit ORDER BY id DESC LIMIT $1', [limit])
      return rows.map((row) => ({ at: row.at.toISOString(), actor: row.actor, action: row.action as AuditAction, detail: row.detail }))
    },
    async summary(now, days) {
      const since = lastDays(now, days, new Map())[0]!.day
      const byStatus =
        ", count(*) FILTER (WHERE status = 'pending') AS pending, count(*) FILTER (WHERE status = 'confirmed') AS confirmed, count(*) FILTER (WHERE status = 'unsubscribed') AS unsubscribed"
      const [totals, perDay, bySource] = await Promise.all([
        pool.query<Record<string, string>>(`SELECT count(*) AS all_count${byStatus} FROM signups`),
        pool.query<{ day: string; n: string }>(
          `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS n FROM signups
           WHERE created_at >= ($1::date)::timestamp AT TIME ZONE 'UTC' GROUP BY day`,
          [since],
        ),
        pool.query<{ source: string; n: string }>('SELECT source, count(*) AS n FROM signups GROUP BY source ORDER BY n DESC, source'),
      ])
      const row = totals.rows[0] ?? {}
      const count = (value: string | undefined) => Number(value ?? 0)
      return {
        totals: { all: Number(row.all_count ?? 0), pending: count(row.pending), confirmed: count(row.confirmed), unsubscribed: count(row.unsubscribed) },
        perDay: lastDays(now, days, new Map(perDay.rows.map((day) => [day.day, Number(day.n)]))),
        bySource: bySource.rows.map((source) => ({ source: source.source, count: Number(source.n) })),
      }
    },
    async searchSignups({ search, sort, direction, page, pageSize }) {
      const order = direction === 'asc' ? 'ASC' : 'DESC'
      const [rows, total] = await Promise.all([
        pool.query<Row>(
          `SELECT id, created_at, email, first_name, source, status FROM signups WHERE ${where}
           ORDER BY ${sortColumns[sort]} ${order}, id ${order} LIMIT $2 OFFSET $3`,
          [pattern(search), pageSize, (page - 1) * pageSize],
        ),
        pool.query<{ n: string }>(`SELECT count(*) AS n FROM signups WHERE ${where}`, [pattern(search)]),
      ])
      return { rows: rows.rows.map(toSignup), total: Number(total.rows[0]?.n ?? 0) }
    },
    async *exportSignups(search) {
      let after = '0'
      for (;;) {
        const page = await pool.query<{ id: string } & Record<string, unknown>>(
          `SELECT id, ${storedSignupColumns(postgresIsoText)} FROM signups WHERE ${where} AND id > $2 ORDER BY id LIMIT 500`,
          [pattern(search), after],
        )
        for (const row of page.rows) {
          yield storedSignupOf(row)
          after = row.id
        }
        if (page.rows.length < 500) return
      }
    },
  }
}
