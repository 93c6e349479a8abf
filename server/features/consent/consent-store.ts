// What the consent flows read and write (issue 12), written once for both engines (platform/database/database.ts): the
// use of the tokens in emails (platform/secrets/link-tokens.ts), erasure requests and erasure. An erased address
// leaves only its salted hash (erasedEmailHash). Every status change is one the consent machine allows
// (consent-rules.ts). Changes that must hold together run in one transaction; on PostgreSQL, where several
// instances share the tables, the rows they depend on are locked first (Database.lockRows). Emails are queued in
// the outbox (platform/outbox/outbox-queue.ts) inside the same transactions.
import { createHmac, randomInt } from 'node:crypto'
import { resendAfterMs } from '../../../shared/rules'
import { isStoredStatus, type ConsentStatus } from '../../../shared/stored-statuses'
import type { Database, Db } from '../../platform/database/database'
import { dropQueued, enqueue, isQueued } from '../../platform/outbox/outbox-queue'
import { takeLinkToken } from '../../platform/secrets/link-tokens'
import type { ConsentEventBus, HeldInvitationOf } from './consent-events'
import { consentMove } from './consent-rules'

export interface ConsentStore {
  /** Uses a confirm or unsubscribe token (deleting it) and moves the signup as the consent machine says, telling
   * the other features (consent-events.ts: a first confirmation takes a place in line, someone back after
   * unsubscribing returns to the invitation they hold); the signup's id, or undefined when the token is
   * unknown, expired or used, or the move is not allowed from the signup's status. */
  useToken(purpose: 'confirm' | 'unsubscribe', tokenHash: string, now: Date): Promise<{ signupId: number } | undefined>
  /** Queues an erasure-verification email when the address is listed (and none was queued in the last 10
   * minutes, and none is still waiting to be sent). Says nothing back: the caller's reply must not depend on it. */
  requestErasure(emailNormalized: string, now: Date): Promise<void>
  /** Uses an erase token: deletes the signup, its tokens and its emails, and keeps the salted hash; every
   * feature that keeps facts about the signup forgets them in the same transaction (the `erased` event). */
  eraseByToken(tokenHash: string, now: Date): Promise<boolean>
  /** The same erasure, by the team (the console). */
  eraseById(id: number, now: Date): Promise<boolean>
  /** The address's status, 'erased' when only its hash is left, undefined when never listed. */
  statusOf(emailNormalized: string): Promise<ConsentStatus | undefined>
}

/** The salted hash an erasure leaves: HMAC-SHA256 keyed by the database's own random salt, so the list of
 * hashes alone cannot be checked against a list of addresses. */
export const erasedEmailHash = (salt: string, emailNormalized: string) => createHmac('sha256', salt).update(emailNormalized, 'utf8').digest('hex')

/** The hashes an erasure of this signup's address may have left: its canonical address, and the key the
 * older rule gave what was typed (features/signup/canonical-addresses.ts). */
export const erasedHashesOf = (salt: string, signup: { emailNormalized: string; formerKey?: string }): [string, string] => [
  erasedEmailHash(salt, signup.emailNormalized),
  erasedEmailHash(salt, signup.formerKey ?? signup.emailNormalized),
]

/** `events` tells the features the composition subscribed (the line, the invitations) of each confirmation,
 * unsubscribe and erasure, in its transaction; `heldInvitation` says whether a confirming person holds an
 * invitation, which they return to. */
export function consentStore(database: Database, events: ConsentEventBus, heldInvitation: HeldInvitationOf): ConsentStore {
  const { db, lockRows, erasureSalt } = database
  const iso = (date: Date) => date.toISOString()

  // Deletes the signup, its tokens and every email queued for it, and keeps the salted hash of its address.
  async function erase(trx: Db, signupId: number, now: Date): Promise<boolean> {
    await events.lock(trx, 'erased')
    const signup = await lockRows(trx.selectFrom('signups').select('email_normalized').where('id', '=', signupId)).executeTakeFirst()
    if (!signup) return false
    await trx
      .insertInto('erased_emails')
      .values({ email_hash: erasedEmailHash(erasureSalt, signup.email_normalized), erased_at: iso(now) })
      .onConflict((conflict) => conflict.doNothing())
      .execute()
    await trx.deleteFrom('consent_tokens').where('signup_id', '=', signupId).execute()
    await dropQueued(trx, signupId)
    await events.publish(trx, 'erased', { signupId, now })
    const deleted = await trx.deleteFrom('signups').where('id', '=', signupId).executeTakeFirst()
    return deleted.numDeletedRows === 1n
  }

  return {
    useToken(purpose, tokenHash, now) {
      return db.transaction().execute(async (trx) => {
        await events.lock(trx, purpose === 'confirm' ? 'confirmed' : 'unsubscribed')
        const signupId = await takeLinkToken(trx, purpose, tokenHash, now)
        if (signupId === undefined) return undefined
        const signup = await lockRows(trx.selectFrom('signups').select('status').where('id', '=', signupId)).executeTakeFirst()
        if (!signup || !isStoredStatus(signup.status)) return undefined
        // Someone back after unsubscribing confirms into the invitation they hold, if a wave took them before.
        const held = purpose === 'confirm' && signup.status === 'pending' ? await heldInvitation(trx, signupId, now) : undefined
        const move = consentMove(signup.status, purpose === 'confirm' ? { type: 'CONFIRM', invitation: held?.stands } : { type: 'UNSUBSCRIBE' })
        if (!move) return undefined
        const updated = await trx
          .updateTable('signups')
          .set({ status: move.status, [purpose === 'confirm' ? 'confirmed_at' : 'unsubscribed_at']: iso(now) })
          .where('id', '=', signupId)
          .where('status', '=', signup.status)
          .executeTakeFirst()
        // Withdrawn consent ends the confirmation links already sent: only signing up anew brings one back.
        if (updated.numUpdatedRows !== 1n) return undefined
        if (purpose === 'unsubscribe') {
          await trx.deleteFrom('consent_tokens').where('signup_id', '=', signupId).where('purpose', '=', 'confirm').execute()
          await events.publish(trx, 'unsubscribed', { signupId, now })
        } else await events.publish(trx, 'confirmed', { signupId, now, invitation: held })
        return { signupId }
      })
    },
    async requestErasure(emailNormalized, now) {
      // The signup's row lock makes two requests at once queue one email. The counter makes a request for an
      // unlisted address commit like one for a listed address: this runs after the reply, but a next request
      // could still wait behind a longer commit.
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('signup_commits')
          .values({ shard: randomInt(16), commits: 1 })
          .onConflict((conflict) => conflict.column('shard').doUpdateSet({ commits: (eb) => eb('signup_commits.commits', '+', 1) }))
          .execute()
        const signup = await lockRows(trx.selectFrom('signups').select('id').where('email_normalized', '=', emailNormalized)).executeTakeFirst()
        // Asked for an unlisted address too (id 0 matches nothing): the same statements either way. One still
        // waiting (for its inbox's budget, platform/mail/mailbox-budget.ts) answers this ask too: its link is made
        // when it is sent, so asks never pile up behind it.
        const recent = await isQueued(trx, { kind: 'erase', personId: signup?.id ?? 0, since: new Date(now.getTime() - resendAfterMs) })
        if (signup && !recent) await enqueue(trx, { kind: 'erase', personId: signup.id, at: now })
      })
    },
    eraseByToken(tokenHash, now) {
      return db.transaction().execute(async (trx) => {
        const signupId = await takeLinkToken(trx, 'erase', tokenHash, now)
        return signupId !== undefined && erase(trx, signupId, now)
      })
    },
    eraseById(id, now) {
      return db.transaction().execute((trx) => erase(trx, id, now))
    },
    async statusOf(emailNormalized) {
      const row = await db.selectFrom('signups').select('status').where('email_normalized', '=', emailNormalized).executeTakeFirst()
      if (row) return row.status
      const erased = await db.selectFrom('erased_emails').select('email_hash').where('email_hash', '=', erasedEmailHash(erasureSalt, emailNormalized)).executeTakeFirst()
      return erased ? 'erased' : undefined
    },
  }
}
