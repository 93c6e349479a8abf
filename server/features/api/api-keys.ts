// API keys for servers (issue 33), made in the console: a name, scopes, and a secret shown once. The key is
// `wlk_` and a secret from the platform's one maker (platform/secrets/tokens.ts); only its SHA-256 is kept, and
// its first characters as a prefix the team recognises it by. A key is never deleted: revoked, it stays listed
// with when it was revoked, so the audit log's lines about it keep their meaning. Written once for both engines.
import { apiKeyMark, apiKeyPrefixLength, isApiScope, type ApiKeyRow, type ApiScope } from '../../../shared/api-keys'
import type { Database } from '../../platform/database/database'
import { hashSecret, isWellFormedSecret, newSecret } from '../../platform/secrets/tokens'

/** A key as a request presents it, found by its hash: what the bearer check needs. */
export type PresentedKey = { id: number; name: string; prefix: string; scopes: ApiScope[]; revoked: boolean; lastUsedAt: string | null }

export type ApiKeys = {
  make(key: { name: string; scopes: ApiScope[]; by: string; now: Date }): Promise<{ key: ApiKeyRow; secret: string }>
  list(): Promise<ApiKeyRow[]>
  /** The key, revoked now (or when it already was); undefined for an unknown id. */
  revoke(id: number, now: Date): Promise<{ key: ApiKeyRow; revokedNow: boolean } | undefined>
  /** The key a request's bearer names, revoked or not; undefined for one nobody made. */
  presented(secret: string): Promise<PresentedKey | undefined>
  /** Notes a use, at most once a minute per key; says whether it was the key's first use of the UTC day (which is
   * audited: one line per key and day, not one per request). */
  used(key: PresentedKey, now: Date): Promise<'first-of-day' | 'noted' | 'skipped'>
}

/** The only form of a key: anything else is refused as a made-up key would be. */
export const isWellFormedKey = (value: string) => value.startsWith(apiKeyMark) && isWellFormedSecret(value.slice(apiKeyMark.length))

type KeyRecord = { id: number; name: string; scopes: string; prefix: string; created_by: string; created_at: string; last_used_at: string | null; revoked_at: string | null }

const iso = (date: Date) => date.toISOString()
const scopesOf = (stored: string): ApiScope[] => stored.split(' ').filter(isApiScope)
const rowOf = (record: KeyRecord): ApiKeyRow => ({
  id: Number(record.id),
  name: record.name,
  scopes: scopesOf(record.scopes),
  prefix: record.prefix,
  createdBy: record.created_by,
  createdAt: new Date(record.created_at).toISOString(),
  lastUsedAt: record.last_used_at && new Date(record.last_used_at).toISOString(),
  revokedAt: record.revoked_at && new Date(record.revoked_at).toISOString(),
})
const columns = ['id', 'name', 'scopes', 'prefix', 'created_by', 'created_at', 'last_used_at', 'revoked_at'] as const

/** A key's uses are noted at most this often: a busy key writes once a minute, not once a request. */
export const lastUseEveryMs = 60_000

export function apiKeys(database: Database): ApiKeys {
  const { db } = database
  return {
    async make({ name, scopes, by, now }) {
      const secret = `${apiKeyMark}${newSecret()}`
      const prefix = secret.slice(0, apiKeyMark.length + apiKeyPrefixLength)
      const record = await db
        .insertInto('api_keys')
        .values({ name, scopes: scopes.join(' '), prefix, key_hash: hashSecret(secret), created_by: by, created_at: iso(now) })
        .returning(columns)
        .executeTakeFirstOrThrow()
      return { key: rowOf(record), secret }
    },
    async list() {
      return (await db.selectFrom('api_keys').select(columns).orderBy('id', 'desc').execute()).map(rowOf)
    },
    async revoke(id, now) {
      const revoked = await db.updateTable('api_keys').set({ revoked_at: iso(now) }).where('id', '=', id).where('revoked_at', 'is', null).returning(columns).executeTakeFirst()
      if (revoked) return { key: rowOf(revoked), revokedNow: true }
      const record = await db.selectFrom('api_keys').select(columns).where('id', '=', id).executeTakeFirst()
      return record && { key: rowOf(record), revokedNow: false }
    },
    async presented(secret) {
      // One indexed read by hash, whatever the key: a made-up key and a revoked one cost the same.
      const record = await db.selectFrom('api_keys').select(columns).where('key_hash', '=', hashSecret(secret)).executeTakeFirst()
      if (!record) return undefined
      return { id: Number(record.id), name: record.name, prefix: record.prefix, scopes: scopesOf(record.scopes), revoked: record.revoked_at !== null, lastUsedAt: record.last_used_at }
    },
    async used(key, now) {
      const last = key.lastUsedAt === null ? undefined : new Date(key.lastUsedAt)
      if (last && now.getTime() - last.getTime() < lastUseEveryMs) return 'skipped'
      const dayStart = `${iso(now).slice(0, 10)}T00:00:00.000Z`
      // Conditional on what is stored, so that of two instances noting the same minute (or the day's first use) one
      // writes and says so.
      const firstOfDay = await db
        .updateTable('api_keys')
        .set({ last_used_at: iso(now) })
        .where('id', '=', key.id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', dayStart)]))
        .executeTakeFirst()
      if (firstOfDay.numUpdatedRows === 1n) return 'first-of-day'
      const noted = await db
        .updateTable('api_keys')
        .set({ last_used_at: iso(now) })
        .where('id', '=', key.id)
        .where('last_used_at', '<=', iso(new Date(now.getTime() - lastUseEveryMs)))
        .executeTakeFirst()
      return noted.numUpdatedRows === 1n ? 'noted' : 'skipped'
    },
  }
}
