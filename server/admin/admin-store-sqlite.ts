// The console's store on SQLite, on the signup store's own connection (server/store/sqlite.ts).
import type { Client, InValue } from '@libsql/client'
import { storedSignupColumns, storedSignupOf } from '../store/contract'
import { lastDays, likePattern, type AdminSignup, type AdminStore, type AuditAction, type SortKey } from './admin-store'

const sortColumns: Record<SortKey, string> = { createdAt: 'created_at', email: 'email_normalized', firstName: 'lower(first_name)', source: 'source' }

export function sqliteAdminStore(client: Client): AdminStore {
  const matching = (search: string): { sql: string; args: InValue[] } =>
    search.trim()
      ? { sql: "(email_normalized LIKE ? ESCAPE '\\' OR lower(first_name) LIKE ? ESCAPE '\\')", args: [likePattern(search), likePattern(search)] }
      : { sql: '1 = 1', args: [] }
  const toSignup = (row: Record<string, unknown>): AdminSignup => ({
    id: Number(row.id),
    createdAt: String(row.created_at),
    email: String(row.email),
    firstName: String(row.first_name),
    source: String(row.source),
    status: String(row.status ?? ''),
  })

  return {
    async saveSignInToken(tokenHash, email, expiresAt) {
      await client.batch(
        [
          { sql: 'DELETE FROM admin_sign_in_tokens WHERE expires_at <= ?', args: [new Date().toISOString()] },
          { sql: 'INSERT INTO admin_sign_in_tokens (token_hash, email, expires_at) VALUES (?, ?, ?)', args: [tokenHash, email, expiresAt.toISOString()] },
        ],
        'write',
      )
    },
    async takeSignInToken(tokenHash, now) {
      // DELETE … RETURNING: of two requests racing with the same link, exactly one gets the row.
      const { rows } = await client.execute({ sql: 'DELETE FROM admin_sign_in_tokens WHERE token_hash = ? RETURNING email, expires_at', args: [tokenHash] })
      const row = rows[0]
      return row && String(row.expires_at) > now.toISOString() ? String(row.email) : undefined
    },
    async createSession(sessionHash, email, expiresAt) {
      const now = new Date().toISOString()
      await client.batch(
        [
          { sql: 'DELETE FROM admin_sessions WHERE expires_at <= ?', args: [now] },
          { sql: 'INSERT INTO admin_sessions (session_hash, email, created_at, expires_at) VALUES (?, ?, ?, ?)', args: [sessionHash, email, now, expiresAt.toISOString()] },
        ],
        'write',
      )
    },
    async findSession(sessionHash, now) {
      const { rows } = await client.execute({ sql: 'SELECT email, expires_at FROM admin_sessions WHERE session_hash = ? AND expires_at > ?', args: [sessionHash, now.toISOString()] })
      return rows[0] ? { email: String(rows[0].email), expiresAt: new Date(String(rows[0].expires_at)) } : undefined
    },
    async deleteSession(sessionHash) {
      await client.execute({ sql: 'DELETE FROM admin_sessions WHERE session_hash = ?', args: [sessionHash] })
    },
    async audit(actor, action, detail) {
      await client.execute({ sql: 'INSERT INTO admin_audit (at, actor, action, detail) VALUES (?, ?, ?, ?)', args: [new Date().toISOString(), actor, action, detail] })
    },
    async auditLog(limit) {
      const { rows } = await client.execute({ sql: 'SELECT at, actor, action, detail FROM admin_audit ORDER BY id DESC LIMIT ?', args: [limit] })
      return rows.map((row) => ({ at: String(row.at), actor: String(row.actor), action: String(row.action) as AuditAction, detail: String(row.detail) }))
    },
    async summary(now, days) {
      const since = lastDays(now, days, new Map())[0]!.day
      const byStatus = ", sum(status = 'pending') AS pending, sum(status = 'confirmed') AS confirmed, sum(status = 'unsubscribed') AS unsubscribed"
      const [totals, perDay, bySource] = await client.batch(
        [
          `SELECT count(*) AS all_count${byStatus} FROM signups`,
          { sql: 'SELECT substr(created_at, 1, 10) AS day, count(*) AS n FROM signups WHERE created_at >= ? GROUP BY day', args: [since] },
          'SELECT source, count(*) AS n FROM signups GROUP BY source ORDER BY n DESC, source',
        ],
        'read',
      )
      const row: Record<string, unknown> = totals!.rows[0] ?? {}
      const count = (value: unknown) => Number(value ?? 0)
      return {
        totals: { all: Number(row.all_count ?? 0), pending: count(row.pending), confirmed: count(row.confirmed), unsubscribed: count(row.unsubscribed) },
        perDay: lastDays(now, days, new Map(perDay!.rows.map((day) => [String(day.day), Number(day.n)]))),
        bySource: bySource!.rows.map((source) => ({ source: String(source.source), count: Number(source.n) })),
      }
    },
    async searchSignups({ search, sort, direction, page, pageSize }) {
      const where = matching(search)
      const order = direction === 'asc' ? 'ASC' : 'DESC'
      const [rows, total] = await client.batch(
        [
          {
            sql: `SELECT id, created_at, email, first_name, source, status FROM signups WHERE ${where.sql}
                  ORDER BY ${sortColumns[sort]} ${order}, id ${order} LIMIT ? OFFSET ?`,
            args: [...where.args, pageSize, (page - 1) * pageSize],
          },
          { sql: `SELECT count(*) AS n FROM signups WHERE ${where.sql}`, args: where.args },
        ],
        'read',
      )
      return { rows: rows!.rows.map(toSignup), total: Number(total!.rows[0]?.n ?? 0) }
    },
    async *exportSignups(search) {
      const where = matching(search)
      let after = 0
      for (;;) {
        const page = await client.execute({
          sql: `SELECT id, ${storedSignupColumns()} FROM signups WHERE ${where.sql} AND id > ? ORDER BY id LIMIT 500`,
          args: [...where.args, after],
        })
        for (const row of page.rows) {
          yield storedSignupOf(row)
          after = Number(row.id)
        }
        if (page.rows.length < 500) return
      }
    },
  }
}
