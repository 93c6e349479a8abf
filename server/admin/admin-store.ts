// What the console reads and writes, behind one small interface. This module is the SQLite engine (through
// @libsql/client, like server/store.ts); the console's own tables have their own migration counter
// (admin_schema), so they never collide with the signups schema's PRAGMA user_version.
// Sessions and sign-in tokens are stored by their SHA-256 only (see tokens.ts).
import { createClient, type Client, type InValue } from '@libsql/client'

export type AdminSignup = { id: number; createdAt: string; email: string; firstName: string; source: string; status: string }
export type SortKey = 'createdAt' | 'email' | 'firstName' | 'source'
export type SignupQuery = { search: string; sort: SortKey; direction: 'asc' | 'desc'; page: number; pageSize: number }
export type AuditAction = 'sign-in' | 'sign-out' | 'export' | 'erase'
export type AuditEntry = { at: string; actor: string; action: AuditAction; detail: string }
export type Totals = { all: number; pending: number | null; confirmed: number | null; unsubscribed: number | null }
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
  exportSignups(search: string): AsyncIterable<AdminSignup>
  /** Deletes the person's signup; false when no such signup exists (already erased). */
  eraseSignup(id: number): Promise<boolean>
  close(): void
}

const migrations: readonly (readonly string[])[] = [
  [
    `CREATE TABLE IF NOT EXISTS admin_sign_in_tokens (token_hash TEXT PRIMARY KEY, email TEXT NOT NULL, expires_at TEXT NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS admin_sessions (session_hash TEXT PRIMARY KEY, email TEXT NOT NULL, created_at TEXT NOT NULL, expires_at TEXT NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS admin_audit (id INTEGER PRIMARY KEY, at TEXT NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL, detail TEXT NOT NULL)`,
  ],
]

const sortColumns: Record<SortKey, string> = { createdAt: 'created_at', email: 'email_normalized', firstName: 'lower(first_name)', source: 'source' }

export async function openAdminStore(databaseUrl: string, authToken?: string): Promise<AdminStore> {
  const local = databaseUrl.startsWith('file:')
  const client = createClient({ url: databaseUrl, authToken, ...(local ? { concurrency: 1, timeout: 5000 } : {}) })
  try {
    if (local) await client.execute('PRAGMA busy_timeout = 5000')
    await client.execute('CREATE TABLE IF NOT EXISTS admin_schema (version INTEGER NOT NULL)')
    const current = Number((await client.execute('SELECT max(version) FROM admin_schema')).rows[0]?.[0] ?? 0)
    for (let version = current + 1; version <= migrations.length; version++)
      await client.batch([...(migrations[version - 1] ?? []), { sql: 'INSERT INTO admin_schema (version) VALUES (?)', args: [version] }], 'write')
  } catch (error) {
    client.close()
    throw error
  }
  return sqliteAdminStore(client)
}

function sqliteAdminStore(client: Client): AdminStore {
  // The consent issue adds signups.status; until a database has it every signup counts in "all" only.
  let hasStatus: boolean | undefined
  const statusKnown = async () =>
    (hasStatus ??= (await client.execute('PRAGMA table_info(signups)')).rows.some((row) => row.name === 'status'))
  const status = async () => ((await statusKnown()) ? 'status' : "''")

  const where = (search: string): { sql: string; args: InValue[] } => {
    const term = search.trim().toLowerCase()
    if (!term) return { sql: '', args: [] }
    const like = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    return { sql: "WHERE email_normalized LIKE ? ESCAPE '\\' OR lower(first_name) LIKE ? ESCAPE '\\'", args: [like, like] }
  }
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
      const result = await client.execute({ sql: 'DELETE FROM admin_sign_in_tokens WHERE token_hash = ? RETURNING email, expires_at', args: [tokenHash] })
      const row = result.rows[0]
      if (!row || String(row.expires_at) <= now.toISOString()) return undefined
      return String(row.email)
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
      const result = await client.execute({ sql: 'SELECT email, expires_at FROM admin_sessions WHERE session_hash = ? AND expires_at > ?', args: [sessionHash, now.toISOString()] })
      const row = result.rows[0]
      return row ? { email: String(row.email), expiresAt: new Date(String(row.expires_at)) } : undefined
    },
    async deleteSession(sessionHash) {
      await client.execute({ sql: 'DELETE FROM admin_sessions WHERE session_hash = ?', args: [sessionHash] })
    },
    async audit(actor, action, detail) {
      await client.execute({ sql: 'INSERT INTO admin_audit (at, actor, action, detail) VALUES (?, ?, ?, ?)', args: [new Date().toISOString(), actor, action, detail] })
    },
    async auditLog(limit) {
      const result = await client.execute({ sql: 'SELECT at, actor, action, detail FROM admin_audit ORDER BY id DESC LIMIT ?', args: [limit] })
      return result.rows.map((row) => ({ at: String(row.at), actor: String(row.actor), action: String(row.action) as AuditAction, detail: String(row.detail) }))
    },
    async summary(now, days) {
      const since = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10)
      const statusSql = (await statusKnown())
        ? ", sum(status = 'pending') AS pending, sum(status = 'confirmed') AS confirmed, sum(status = 'unsubscribed') AS unsubscribed"
        : ''
      const [totals, perDay, bySource] = await client.batch(
        [
          `SELECT count(*) AS all_count${statusSql} FROM signups`,
          { sql: 'SELECT substr(created_at, 1, 10) AS day, count(*) AS n FROM signups WHERE created_at >= ? GROUP BY day ORDER BY day', args: [since] },
          'SELECT source, count(*) AS n FROM signups GROUP BY source ORDER BY n DESC, source',
        ],
        'read',
      )
      const row: Record<string, unknown> = totals!.rows[0] ?? {}
      const count = (value: unknown) => (value === undefined ? null : Number(value ?? 0))
      const counted = new Map(perDay!.rows.map((day) => [String(day.day), Number(day.n)]))
      return {
        totals: { all: Number(row.all_count ?? 0), pending: count(row.pending), confirmed: count(row.confirmed), unsubscribed: count(row.unsubscribed) },
        perDay: Array.from({ length: days }, (_, index) => {
          const day = new Date(Date.parse(since) + index * 86_400_000).toISOString().slice(0, 10)
          return { day, count: counted.get(day) ?? 0 }
        }),
        bySource: bySource!.rows.map((source) => ({ source: String(source.source), count: Number(source.n) })),
      }
    },
    async searchSignups({ search, sort, direction, page, pageSize }) {
      const filter = where(search)
      const order = `${sortColumns[sort]} ${direction === 'asc' ? 'ASC' : 'DESC'}, id ${direction === 'asc' ? 'ASC' : 'DESC'}`
      const [rows, total] = await client.batch(
        [
          { sql: `SELECT id, created_at, email, first_name, source, ${await status()} AS status FROM signups ${filter.sql} ORDER BY ${order} LIMIT ? OFFSET ?`, args: [...filter.args, pageSize, (page - 1) * pageSize] },
          { sql: `SELECT count(*) AS n FROM signups ${filter.sql}`, args: filter.args },
        ],
        'read',
      )
      return { rows: rows!.rows.map(toSignup), total: Number(total!.rows[0]?.n ?? 0) }
    },
    async *exportSignups(search) {
      const filter = where(search)
      const statusColumn = await status()
      let after = 0
      for (;;) {
        const conjunction = filter.sql ? `${filter.sql.replace('WHERE', 'WHERE (')}) AND` : 'WHERE'
        const page = await client.execute({
          sql: `SELECT id, created_at, email, first_name, source, ${statusColumn} AS status FROM signups ${conjunction} id > ? ORDER BY id LIMIT 500`,
          args: [...filter.args, after],
        })
        for (const row of page.rows) {
          yield toSignup(row)
          after = Number(row.id)
        }
        if (page.rows.length < 500) return
      }
    },
    async eraseSignup(id) {
      const result = await client.execute({ sql: 'DELETE FROM signups WHERE id = ?', args: [id] })
      return result.rowsAffected === 1
    },
    close: () => client.close(),
  }
}
