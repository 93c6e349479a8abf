// The consent flows' store on SQLite, on the signup store's own connection (server/store/sqlite.ts). One
// process owns the file, so leases only guard against a send that outlives its process (released at start).
import type { Client, InStatement, InValue } from '@libsql/client'
import type { ConsentStatus } from '../../machines/signup-consent-machine'
import { tokenMove } from './consent-rules'
import { erasedEmailHash, type ConsentStore, type OutboxEntry, type OutboxKind } from './consent-store'
import { resendAfterMs } from '../../shared/rules'

export function sqliteConsentStore(client: Client, salt: string): ConsentStore {
  const iso = (date: Date) => date.toISOString()
  // No interactive transactions here: with one connection, a transaction held across awaits would make every
  // signup arriving meanwhile fail. Each change is one atomic batch whose statements check their own
  // preconditions (a token still there, a status still allowed); a racing second use finds nothing to do.

  // Deletes the signup, its tokens and every email queued for it, and keeps the salted hash of its address;
  // only while `stillValid` (SQL) holds, so a token used twice at once erases once.
  async function erase(signupId: number, emailNormalized: string, now: Date, stillValid = '1 = 1', validArgs: InValue[] = []): Promise<boolean> {
    const gone = 'NOT EXISTS (SELECT 1 FROM signups WHERE id = ?)'
    const results = await client.batch(
      [
        {
          sql: `INSERT INTO erased_emails (email_hash, erased_at) SELECT ?, ? WHERE ${stillValid} ON CONFLICT DO NOTHING`,
          args: [erasedEmailHash(salt, emailNormalized), iso(now), ...validArgs],
        },
        { sql: `DELETE FROM signups WHERE id = ? AND ${stillValid}`, args: [signupId, ...validArgs] },
        { sql: `DELETE FROM outbox WHERE signup_id = ? AND ${gone}`, args: [signupId, signupId] },
        { sql: `DELETE FROM consent_tokens WHERE signup_id = ? AND ${gone}`, args: [signupId, signupId] },
      ],
      'write',
    )
    return results[1]?.rowsAffected === 1
  }

  return {
    async claimOutbox(now, limit, leaseMs) {
      const { rows } = await client.execute({
        sql: `UPDATE outbox SET claimed_until = ?, attempts = attempts + 1
              WHERE id IN (SELECT id FROM outbox WHERE finished_at IS NULL AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)
                           ORDER BY id LIMIT ?)
              RETURNING id, kind, signup_id, attempts`,
        args: [iso(new Date(now.getTime() + leaseMs)), iso(now), iso(now), limit],
      })
      if (rows.length === 0) return []
      const ids = rows.map((row) => Number(row.signup_id))
      const signups = await client.execute({
        sql: `SELECT id, email, first_name, status FROM signups WHERE id IN (${ids.map(() => '?').join(', ')})`,
        args: ids,
      })
      const byId = new Map(signups.rows.map((row) => [Number(row.id), row]))
      return rows
        .map((row): OutboxEntry => {
          const signup = byId.get(Number(row.signup_id))
          return {
            id: Number(row.id),
            kind: String(row.kind) as OutboxKind,
            attempts: Number(row.attempts),
            signup: signup && { id: Number(signup.id), email: String(signup.email), firstName: String(signup.first_name), status: String(signup.status) as ConsentStatus },
          }
        })
        .sort((a, b) => a.id - b.id)
    },
    async finishOutbox(id, now, outcome, error) {
      await client.execute({
        sql: 'UPDATE outbox SET finished_at = ?, outcome = ?, last_error = ?, claimed_until = NULL WHERE id = ?',
        args: [iso(now), outcome, error ?? null, id],
      })
    },
    async retryOutbox(id, at, error) {
      await client.execute({ sql: 'UPDATE outbox SET next_attempt_at = ?, last_error = ?, claimed_until = NULL WHERE id = ?', args: [iso(at), error, id] })
    },
    async releaseOutboxLeases() {
      await client.execute('UPDATE outbox SET claimed_until = NULL WHERE finished_at IS NULL AND claimed_until IS NOT NULL')
    },
    async saveTokens(tokens) {
      if (tokens.length === 0) return
      await client.batch(
        tokens.map(
          (token): InStatement => ({
            sql: 'INSERT INTO consent_tokens (token_hash, purpose, signup_id, expires_at) VALUES (?, ?, ?, ?)',
            args: [token.hash, token.purpose, token.signupId, iso(token.expiresAt)],
          }),
        ),
        'write',
      )
    },
    async useToken(purpose, tokenHash, now) {
      const move = tokenMove(purpose === 'confirm' ? 'CONFIRM' : 'UNSUBSCRIBE')
      const stamp = purpose === 'confirm' ? 'confirmed_at' : 'unsubscribed_at'
      const results = await client.batch(
        [
          {
            sql: `UPDATE signups SET status = ?, ${stamp} = ?
                  WHERE id = (SELECT signup_id FROM consent_tokens WHERE token_hash = ? AND purpose = ? AND expires_at > ?)
                  AND status IN (${move.from.map(() => '?').join(', ')})`,
            args: [move.to, iso(now), tokenHash, purpose, iso(now), ...move.from],
          },
          // Withdrawn consent ends the confirmation links already sent: only signing up anew brings one back.
          {
            sql: `DELETE FROM consent_tokens WHERE purpose = 'confirm' AND signup_id IN
                  (SELECT id FROM signups WHERE status = 'unsubscribed' AND id = (SELECT signup_id FROM consent_tokens WHERE token_hash = ?))`,
            args: [tokenHash],
          },
          // Single use: the token goes whatever happened (expired, or the move was not allowed).
          { sql: 'DELETE FROM consent_tokens WHERE token_hash = ? AND purpose = ?', args: [tokenHash, purpose] },
        ],
        'write',
      )
      return results[0]?.rowsAffected === 1
    },
    async requestErasure(emailNormalized, now) {
      // The counter makes a request for an unlisted address commit like one for a listed address: this runs
      // after the reply, but a next request could still wait behind a longer commit.
      await client.batch(
        [
          {
            sql: `INSERT INTO outbox (kind, signup_id, created_at, next_attempt_at)
                  SELECT 'erase', s.id, ?, ? FROM signups s WHERE s.email_normalized = ?
                  AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.kind = 'erase' AND o.signup_id = s.id AND o.created_at > ?)`,
            args: [iso(now), iso(now), emailNormalized, iso(new Date(now.getTime() - resendAfterMs))],
          },
          'INSERT INTO signup_commits (shard, commits) VALUES (1, 1) ON CONFLICT (shard) DO UPDATE SET commits = commits + 1',
        ],
        'write',
      )
    },
    async eraseByToken(tokenHash, now) {
      const valid = "EXISTS (SELECT 1 FROM consent_tokens WHERE token_hash = ? AND purpose = 'erase' AND expires_at > ?)"
      const { rows } = await client.execute({
        sql: `SELECT s.id, s.email_normalized FROM consent_tokens t JOIN signups s ON s.id = t.signup_id
              WHERE t.token_hash = ? AND t.purpose = 'erase' AND t.expires_at > ?`,
        args: [tokenHash, iso(now)],
      })
      const row = rows[0]
      const erased = row !== undefined && (await erase(Number(row.id), String(row.email_normalized), now, valid, [tokenHash, iso(now)]))
      await client.execute({ sql: "DELETE FROM consent_tokens WHERE token_hash = ? AND purpose = 'erase'", args: [tokenHash] })
      return erased
    },
    async eraseById(id, now) {
      const { rows } = await client.execute({ sql: 'SELECT email_normalized FROM signups WHERE id = ?', args: [id] })
      return rows[0] !== undefined && erase(id, String(rows[0].email_normalized), now)
    },
    async statusOf(emailNormalized) {
      const { rows } = await client.execute({ sql: 'SELECT status FROM signups WHERE email_normalized = ?', args: [emailNormalized] })
      if (rows[0]) return String(rows[0].status) as ConsentStatus
      const erased = await client.execute({ sql: 'SELECT 1 FROM erased_emails WHERE email_hash = ?', args: [erasedEmailHash(salt, emailNormalized)] })
      return erased.rows.length > 0 ? 'erased' : undefined
    },
    async unfinishedOutbox() {
      const { rows } = await client.execute('SELECT count(*) AS n FROM outbox WHERE finished_at IS NULL')
      return Number(rows[0]?.n ?? 0)
    },
  }
}

/** The database's own random salt for erased addresses, created once by whichever process gets there first. */
export async function sqliteErasureSalt(client: Client, fresh: string): Promise<string> {
  await client.execute({ sql: "INSERT INTO consent_settings (key, value) VALUES ('erasure_salt', ?) ON CONFLICT DO NOTHING", args: [fresh] })
  const { rows } = await client.execute("SELECT value FROM consent_settings WHERE key = 'erasure_salt'")
  return String(rows[0]!.value)
}
