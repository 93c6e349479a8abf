// The tokens in emails' links (confirm, unsubscribe, erase, a place, an invitation): a secret handed out once in
// the link and only its SHA-256 kept (tokens.ts), for one purpose and one person, until its end. Every feature
// that mails a link stores its tokens here when its email is sent, and its routes take them here, once. Each
// feature says how long its own links live (shared/rules.ts), so this module names no purpose.
import type { Database, Db } from '../database/database'
import { hashSecret, newSecret } from './tokens'

export type LinkToken = { hash: string; purpose: string; personId: number; expiresAt: Date }

export async function saveLinkTokens(db: Db, tokens: LinkToken[]): Promise<void> {
  if (tokens.length === 0) return
  await db
    .insertInto('consent_tokens')
    .values(tokens.map((token) => ({ token_hash: token.hash, purpose: token.purpose, signup_id: token.personId, expires_at: token.expiresAt.toISOString() })))
    .execute()
}

/** One new secret per purpose for the person, each ending its lifetime after `now`: stored by hash in one write,
 * and handed out here only. */
export async function issueLinkTokens<P extends string>(db: Db, personId: number, now: Date, lifetimesMs: Record<P, number>): Promise<Record<P, string>> {
  const issued = (Object.entries(lifetimesMs) as [P, number][]).map(([purpose, lifetimeMs]) => ({ purpose, lifetimeMs, secret: newSecret() }))
  await saveLinkTokens(
    db,
    issued.map(({ purpose, lifetimeMs, secret }) => ({ hash: hashSecret(secret), purpose, personId, expiresAt: new Date(now.getTime() + lifetimeMs) })),
  )
  return Object.fromEntries(issued.map(({ purpose, secret }) => [purpose, secret])) as Record<P, string>
}

// DELETE … RETURNING: of two requests racing with one token, exactly one gets the row. Single use: the token
// goes whatever happens next (expired, or a move the caller does not allow). The person's id when it was valid.
export async function takeLinkToken(trx: Db, purpose: string, tokenHash: string, now: Date): Promise<number | undefined> {
  return (await takeLinkTokenOf(trx, [purpose], tokenHash, now))?.personId
}

/** The same for a link that may carry a token of any of several purposes (an unsubscribe link, whichever
 * purpose of email it came in): the person's id and the token's purpose, which says what the link does. */
export async function takeLinkTokenOf(trx: Db, purposes: readonly string[], tokenHash: string, now: Date): Promise<{ personId: number; purpose: string } | undefined> {
  const token = await trx
    .deleteFrom('consent_tokens')
    .where('token_hash', '=', tokenHash)
    .where('purpose', 'in', purposes)
    .returning(['signup_id', 'expires_at', 'purpose'])
    .executeTakeFirst()
  return token && token.expires_at > now.toISOString() ? { personId: token.signup_id, purpose: token.purpose } : undefined
}

/** Removes up to `limit` tokens that ended before `endedBefore`, along consent_tokens_expiry, and says how many:
 * one batch of the retention sweep (platform/retention/retention.ts). An ended token is worth nothing: every
 * reader (takeLinkToken, the features' looks at a place or an invitation link) refuses it as an unknown one.
 * Rows another instance is removing are passed over. */
export async function removeEndedLinkTokens(database: Database, endedBefore: Date, limit: number): Promise<number> {
  const { db, lockRows } = database
  const ended = db.selectFrom('consent_tokens').select('token_hash').where('expires_at', '<', endedBefore.toISOString()).orderBy('expires_at').limit(limit)
  const removed = await db.deleteFrom('consent_tokens').where('token_hash', 'in', lockRows(ended, { skipLocked: true })).executeTakeFirst()
  return Number(removed.numDeletedRows)
}
