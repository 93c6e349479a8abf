// The consent flows' store on PostgreSQL, on the signup store's pool (server/store/postgres.ts). Any number of
// instances share the outbox: a claim takes due entries with FOR UPDATE SKIP LOCKED and leases them, so two
// senders never take the same entry, and an entry whose sender died is taken again once its lease ends.
import type pg from 'pg'
import type { ConsentStatus } from '../../machines/signup-consent-machine'
import { tokenMove } from './consent-rules'
import { erasedEmailHash, type ConsentStore, type OutboxKind } from './consent-store'
import { resendAfterMs } from '../../shared/rules'

type OutboxRow = { id: string; kind: OutboxKind; signup_id: string; attempts: number; email: string | null; first_name: string | null; status: string | null }

export function postgresConsentStore(pool: pg.Pool, salt: string): ConsentStore {
  async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect()
    try {
      await client.query('BEGIN')
      const result = await work(client)
      await client.query('COMMIT')
      return result
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {})
      throw error
    } finally {
      client.release()
    }
  }

  // Deletes the signup (locked by the caller), its tokens and every email queued for it, and keeps the salted
  // hash of its address.
  async function erase(client: pg.PoolClient, signupId: string, emailNormalized: string, now: Date): Promise<boolean> {
    await client.query('INSERT INTO erased_emails (email_hash, erased_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [erasedEmailHash(salt, emailNormalized), now])
    await client.query('DELETE FROM consent_tokens WHERE signup_id = $1', [signupId])
    await client.query('DELETE FROM outbox WHERE signup_id = $1', [signupId])
    const deleted = await client.query('DELETE FROM signups WHERE id = $1', [signupId])
    return deleted.rowCount === 1
  }

  return {
    async claimOutbox(now, limit, leaseMs) {
      const { rows } = await pool.query<OutboxRow>(
        `WITH claimed AS (
           UPDATE outbox SET claimed_until = $2, attempts = attempts + 1
           WHERE id IN (SELECT id FROM outbox WHERE finished_at IS NULL AND next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
                        ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
           RETURNING id, kind, signup_id, attempts)
         SELECT c.id, c.kind, c.signup_id, c.attempts, s.email, s.first_name, s.status
         FROM claimed c LEFT JOIN signups s ON s.id = c.signup_id ORDER BY c.id`,
        [now, new Date(now.getTime() + leaseMs), limit],
      )
      return rows.map((row) => ({
        id: Number(row.id),
        kind: row.kind,
        attempts: row.attempts,
        signup:
          row.email === null ? undefined : { id: Number(row.signup_id), email: row.email, firstName: row.first_name ?? '', status: row.status as ConsentStatus },
      }))
    },
    async finishOutbox(id, now, outcome, error) {
      await pool.query('UPDATE outbox SET finished_at = $1, outcome = $2, last_error = $3, claimed_until = NULL WHERE id = $4', [now, outcome, error ?? null, id])
    },
    async retryOutbox(id, at, error) {
      await pool.query('UPDATE outbox SET next_attempt_at = $1, last_error = $2, claimed_until = NULL WHERE id = $3', [at, error, id])
    },
    async releaseOutboxLeases() {
      await pool.query('UPDATE outbox SET claimed_until = NULL WHERE finished_at IS NULL AND claimed_until IS NOT NULL')
    },
    async saveTokens(tokens) {
      if (tokens.length === 0) return
      await pool.query(
        `INSERT INTO consent_tokens (token_hash, purpose, signup_id, expires_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::timestamptz[])`,
        [tokens.map((t) => t.hash), tokens.map((t) => t.purpose), tokens.map((t) => t.signupId), tokens.map((t) => t.expiresAt)],
      )
    },
    useToken(purpose, tokenHash, now) {
      const move = tokenMove(purpose === 'confirm' ? 'CONFIRM' : 'UNSUBSCRIBE')
      const stamp = purpose === 'confirm' ? 'confirmed_at' : 'unsubscribed_at'
      return inTransaction(async (client) => {
        // DELETE … RETURNING: of two requests racing with one token, exactly one gets the row. Single use: the
        // token goes whatever happens next (expired, or a move the machine does not allow).
        const taken = await client.query<{ signup_id: string; expires_at: Date }>(
          'DELETE FROM consent_tokens WHERE token_hash = $1 AND purpose = $2 RETURNING signup_id, expires_at',
          [tokenHash, purpose],
        )
        const token = taken.rows[0]
        if (!token || token.expires_at <= now) return false
        const updated = await client.query(`UPDATE signups SET status = $1, ${stamp} = $2 WHERE id = $3 AND status = ANY($4::text[])`, [
          move.to,
          now,
          token.signup_id,
          move.from,
        ])
        // Withdrawn consent ends the confirmation links already sent: only signing up anew brings one back.
        if (purpose === 'unsubscribe' && updated.rowCount === 1)
          await client.query("DELETE FROM consent_tokens WHERE signup_id = $1 AND purpose = 'confirm'", [token.signup_id])
        return updated.rowCount === 1
      })
    },
    async requestErasure(emailNormalized, now) {
      // The signup's row lock makes two requests at once queue one email. The counter makes a request for an
      // unlisted address commit like one for a listed address: this runs after the reply, but a next request
      // could still wait behind a longer commit.
      await inTransaction(async (client) => {
        await client.query(
          'INSERT INTO signup_commits (shard, commits) VALUES (floor(random() * 16)::int, 1) ON CONFLICT (shard) DO UPDATE SET commits = signup_commits.commits + 1',
        )
        const { rows } = await client.query<{ id: string }>('SELECT id FROM signups WHERE email_normalized = $1 FOR UPDATE', [emailNormalized])
        const signup = rows[0]
        if (!signup) return
        await client.query(
          `INSERT INTO outbox (kind, signup_id, created_at, next_attempt_at)
           SELECT 'erase', $1, $2, $2 WHERE NOT EXISTS (SELECT 1 FROM outbox WHERE kind = 'erase' AND signup_id = $1 AND created_at > $3)`,
          [signup.id, now, new Date(now.getTime() - resendAfterMs)],
        )
      })
    },
    eraseByToken(tokenHash, now) {
      return inTransaction(async (client) => {
        const taken = await client.query<{ signup_id: string; expires_at: Date }>(
          "DELETE FROM consent_tokens WHERE token_hash = $1 AND purpose = 'erase' RETURNING signup_id, expires_at",
          [tokenHash],
        )
        const token = taken.rows[0]
        if (!token || token.expires_at <= now) return false
        const { rows } = await client.query<{ email_normalized: string }>('SELECT email_normalized FROM signups WHERE id = $1 FOR UPDATE', [token.signup_id])
        return rows[0] !== undefined && erase(client, token.signup_id, rows[0].email_normalized, now)
      })
    },
    eraseById(id, now) {
      return inTransaction(async (client) => {
        const { rows } = await client.query<{ email_normalized: string }>('SELECT email_normalized FROM signups WHERE id = $1 FOR UPDATE', [id])
        return rows[0] !== undefined && erase(client, String(id), rows[0].email_normalized, now)
      })
    },
    async statusOf(emailNormalized) {
      const { rows } = await pool.query<{ status: ConsentStatus }>('SELECT status FROM signups WHERE email_normalized = $1', [emailNormalized])
      if (rows[0]) return rows[0].status
      const erased = await pool.query('SELECT 1 FROM erased_emails WHERE email_hash = $1', [erasedEmailHash(salt, emailNormalized)])
      return erased.rowCount ? 'erased' : undefined
    },
    async unfinishedOutbox() {
      const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM outbox WHERE finished_at IS NULL')
      return Number(rows[0]?.n ?? 0)
    },
  }
}

/** The database's own random salt for erased addresses, created once by whichever instance gets there first. */
export async function postgresErasureSalt(pool: pg.Pool, fresh: string): Promise<string> {
  await pool.query("INSERT INTO consent_settings (key, value) VALUES ('erasure_salt', $1) ON CONFLICT DO NOTHING", [fresh])
  const { rows } = await pool.query<{ value: string }>("SELECT value FROM consent_settings WHERE key = 'erasure_salt'")
  return rows[0]!.value
}
