// What the consent flows read and write (issue 12), written once for both engines (platform/database/database.ts): the
// outbox, the tokens in emails, and erasure. Tokens are stored by their SHA-256 only; an erased address leaves
// only its salted hash (erasedEmailHash). Every status change is one the consent machine allows
// (consent-rules.ts). Changes that must hold together run in one transaction; on PostgreSQL, where several
// instances share the tables, the rows they depend on are locked first (Database.lockRows), and the outbox is
// claimed with SKIP LOCKED leases so that two senders never take the same email. On SQLite one process owns
// the file, and a lease only guards against a send that outlives its process (released at start).
import { createHmac, randomInt } from 'node:crypto'
import { sql } from 'kysely'
import type { ConsentStatus } from '../../../machines/signup-consent-machine'
import { resendAfterMs } from '../../../shared/rules'
import type { Database, Db } from '../../platform/database/database'
import { dropQueued, enqueue, isQueued } from '../../platform/outbox/outbox-queue'
import { saveLinkTokens, takeLinkToken, type LinkToken } from '../../platform/secrets/link-tokens'
import type { Line, Place, YourPlace } from '../referral/line'
import { heldInvitation, takeBackInvitation } from '../launch/held-invitation'
import { consentMove, isConsentStatus } from './consent-rules'

export type OutboxKind = 'confirm' | 'erase' | 'welcome' | 'invite' | 'reminder'
export type OutboxEntry = {
  id: number
  kind: OutboxKind
  attempts: number
  /** Absent when the signup is gone (erased) since the entry was queued. */
  signup: { id: number; email: string; firstName: string; status: ConsentStatus; referralCode: string | null } | undefined
  /** The invitation an invitation or reminder email is about (server/features/launch/): when it ends, and whether it is
   * still open (not claimed, expired, unsubscribed from or erased). */
  invitation?: { id: number; expiresAt: Date; open: boolean }
}
/** How the outbox stands: what the metrics (platform/observability/metrics.ts) and the console's front page show. */
export type OutboxStats = {
  /** Emails not finished yet (sent, skipped or failed): due now, or waiting out a retry's backoff. */
  waiting: number
  /** When the oldest of them was queued. */
  oldestQueuedAt: Date | undefined
  /** Of those, the ones due now: nothing but the sender stands between them and their send. */
  due: number
  /** When the oldest of those was queued. */
  oldestDueQueuedAt: Date | undefined
}

export interface ConsentStore {
  /** Leases up to `limit` due entries for `leaseMs` (an entry leased by another instance is skipped), longest due first. */
  claimOutbox(now: Date, limit: number, leaseMs: number): Promise<OutboxEntry[]>
  /** Marks the entry finished; a sent invitation or reminder is recorded on its invitation too (the funnel's
   * delivered and reminded), in the same transaction. */
  finishOutbox(id: number, now: Date, outcome: 'sent' | 'skipped' | 'failed', error?: string, invitation?: { id: number; kind: 'invite' | 'reminder' }): Promise<void>
  /** Gives the entry back, to be tried again at `at`. */
  retryOutbox(id: number, at: Date, error: string): Promise<void>
  /** Moves the end of the entry's lease from `heldUntil` to `until`, if it still ends at `heldUntil` (nobody has
   * claimed it since) and it is unfinished: whether the lease is still the caller's. */
  renewOutboxLease(id: number, heldUntil: Date, until: Date): Promise<boolean>
  /** Ends every lease: only for one process that owns the database (SQLite), at its start. */
  releaseOutboxLeases(): Promise<void>
  saveTokens(tokens: LinkToken[]): Promise<void>
  /** Uses a confirm or unsubscribe token (deleting it) and moves the signup as the consent machine says (a first
   * confirmation also takes a place in line: features/referral/line.ts; someone back after unsubscribing returns to the
   * invitation they hold: features/launch/held-invitation.ts); the signup's id, or undefined when the token is
   * unknown, expired or used, or the move is not allowed from the signup's status. */
  useToken(purpose: 'confirm' | 'unsubscribe', tokenHash: string, now: Date): Promise<{ signupId: number } | undefined>
  /** A signup's place in line, or undefined when it has none. */
  placeOf(signupId: number): Promise<Place | undefined>
  /** What the private "your place" link shows (features/referral/line.ts), or undefined for an unknown or expired one. */
  yourPlace(tokenHash: string, now: Date): Promise<YourPlace | undefined>
  /** Queues an erasure-verification email when the address is listed (and none was queued in the last 10
   * minutes, and none is still waiting to be sent). Says nothing back: the caller's reply must not depend on it. */
  requestErasure(emailNormalized: string, now: Date): Promise<void>
  /** Uses an erase token: deletes the signup, its tokens and its emails, and keeps the salted hash. */
  eraseByToken(tokenHash: string, now: Date): Promise<boolean>
  /** The same erasure, by the team (the console). */
  eraseById(id: number, now: Date): Promise<boolean>
  /** The address's status, 'erased' when only its hash is left, undefined when never listed. */
  statusOf(emailNormalized: string): Promise<ConsentStatus | undefined>
  /** The outbox's depth and its oldest entries, in one read of the unfinished entries (an index covers them). */
  outboxStats(now: Date): Promise<OutboxStats>
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

/** `line` is the place in line the confirmations and erasures keep (features/referral/line.ts). */
export function consentStore(database: Database, line: Line): ConsentStore {
  const { db, lockRows, erasureSalt } = database
  const iso = (date: Date) => date.toISOString()

  // Deletes the signup, its tokens and every email queued for it, and keeps the salted hash of its address.
  async function erase(trx: Db, signupId: number, now: Date): Promise<boolean> {
    await line.lock(trx)
    const signup = await lockRows(trx.selectFrom('signups').select('email_normalized').where('id', '=', signupId)).executeTakeFirst()
    if (!signup) return false
    await trx
      .insertInto('erased_emails')
      .values({ email_hash: erasedEmailHash(erasureSalt, signup.email_normalized), erased_at: iso(now) })
      .onConflict((conflict) => conflict.doNothing())
      .execute()
    await trx.deleteFrom('consent_tokens').where('signup_id', '=', signupId).execute()
    await dropQueued(trx, signupId)
    // An invitation keeps its counts for the wave's funnel, and nothing of the person.
    await trx.updateTable('invitations').set({ erased_at: iso(now) }).where('signup_id', '=', signupId).where('claimed_at', 'is', null).where('expired_at', 'is', null).execute()
    await trx.updateTable('invitations').set({ signup_id: null }).where('signup_id', '=', signupId).execute()
    await line.leave(trx, signupId)
    const deleted = await trx.deleteFrom('signups').where('id', '=', signupId).executeTakeFirst()
    return deleted.numDeletedRows === 1n
  }

  return {
    async claimOutbox(now, limit, leaseMs) {
      const due = db
        .selectFrom('outbox')
        .select('id')
        .where('finished_at', 'is', null)
        .where('next_attempt_at', '<=', iso(now))
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', iso(now))]))
        // Soonest due first, along outbox_next: a wave's emails waiting for their turn, and reminders waiting
        // for their day, are never walked past.
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
      const claimed = await db
        .updateTable('outbox')
        .set((eb) => ({ claimed_until: iso(new Date(now.getTime() + leaseMs)), attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', lockRows(due, { skipLocked: true }))
        .returning(['id', 'kind', 'signup_id', 'attempts', 'invitation_id'])
        .execute()
      if (claimed.length === 0) return []
      const signups = await db
        .selectFrom('signups')
        .select(['id', 'email', 'first_name', 'status', 'referral_code'])
        .where('id', 'in', claimed.map((entry) => entry.signup_id))
        .execute()
      const invitationIds = claimed.flatMap((entry) => (entry.invitation_id === null ? [] : [entry.invitation_id]))
      const invitations =
        invitationIds.length === 0
          ? []
          : await db
              .selectFrom('invitations')
              .select(['id', 'expires_at', 'claimed_at', 'expired_at', 'unsubscribed_at', 'erased_at'])
              .where('id', 'in', invitationIds)
              .execute()
      return claimed
        .sort((a, b) => a.id - b.id)
        .map((entry) => {
          const signup = signups.find((row) => row.id === entry.signup_id)
          const invitation = invitations.find((row) => row.id === entry.invitation_id)
          return {
            id: entry.id,
            kind: entry.kind as OutboxKind,
            attempts: entry.attempts,
            signup: signup && {
              id: signup.id,
              email: signup.email,
              firstName: signup.first_name,
              status: signup.status as ConsentStatus,
              referralCode: signup.referral_code,
            },
            ...(invitation && {
              invitation: {
                id: invitation.id,
                expiresAt: new Date(invitation.expires_at),
                open: invitation.claimed_at === null && invitation.expired_at === null && invitation.unsubscribed_at === null && invitation.erased_at === null,
              },
            }),
          }
        })
    },
    async finishOutbox(id, now, outcome, error, invitation) {
      const finish = (db: Db) => db.updateTable('outbox').set({ finished_at: iso(now), outcome, last_error: error ?? null, claimed_until: null }).where('id', '=', id).execute()
      if (outcome !== 'sent' || !invitation) return void (await finish(db))
      await db.transaction().execute(async (trx) => {
        await finish(trx)
        await trx
          .updateTable('invitations')
          .set(invitation.kind === 'invite' ? { delivered_at: iso(now) } : { reminded_at: iso(now) })
          .where('id', '=', invitation.id)
          .execute()
      })
    },
    async retryOutbox(id, at, error) {
      await db.updateTable('outbox').set({ next_attempt_at: iso(at), last_error: error, claimed_until: null }).where('id', '=', id).execute()
    },
    async renewOutboxLease(id, heldUntil, until) {
      const renewed = await db
        .updateTable('outbox')
        .set({ claimed_until: iso(until) })
        .where('id', '=', id)
        .where('claimed_until', '=', iso(heldUntil))
        .where('finished_at', 'is', null)
        .executeTakeFirst()
      return renewed.numUpdatedRows === 1n
    },
    async releaseOutboxLeases() {
      await db.updateTable('outbox').set({ claimed_until: null }).where('finished_at', 'is', null).where('claimed_until', 'is not', null).execute()
    },
    saveTokens: (tokens) => saveLinkTokens(db, tokens),
    useToken(purpose, tokenHash, now) {
      return db.transaction().execute(async (trx) => {
        if (purpose === 'confirm') await line.lock(trx)
        const signupId = await takeLinkToken(trx, purpose, tokenHash, now)
        if (signupId === undefined) return undefined
        const signup = await lockRows(trx.selectFrom('signups').select('status').where('id', '=', signupId)).executeTakeFirst()
        if (!signup || !isConsentStatus(signup.status)) return undefined
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
          // An open invitation counts as unsubscribed from in its wave's funnel; its reminder will not go, and the
          // person may still claim it with the link they hold.
          await trx
            .updateTable('invitations')
            .set({ unsubscribed_at: iso(now) })
            .where('signup_id', '=', signupId)
            .where('claimed_at', 'is', null)
            .where('expired_at', 'is', null)
            .where('unsubscribed_at', 'is', null)
            .execute()
        } else if (held) await takeBackInvitation(trx, signupId, held, now)
        else await line.join(trx, signupId, now)
        return { signupId }
      })
    },
    placeOf: (signupId) => line.placeOf(signupId),
    yourPlace: (tokenHash, now) => line.yourPlace(tokenHash, now),
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
      if (row) return row.status as ConsentStatus
      const erased = await db.selectFrom('erased_emails').select('email_hash').where('email_hash', '=', erasedEmailHash(erasureSalt, emailNormalized)).executeTakeFirst()
      return erased ? 'erased' : undefined
    },
    async outboxStats(now) {
      const isDue = sql<boolean>`next_attempt_at <= ${database.instant(iso(now))}`
      const row = await db
        .selectFrom('outbox')
        .select((eb) => [
          eb.fn.countAll<number>().as('waiting'),
          eb.fn.min('created_at').as('oldest'),
          sql<number>`count(CASE WHEN ${isDue} THEN 1 END)`.as('due'),
          sql<string | null>`min(CASE WHEN ${isDue} THEN created_at END)`.as('oldest_due'),
        ])
        .where('finished_at', 'is', null)
        // A wave's emails count from their turn, and its reminders from their day (server/features/launch/): an email
        // queued for later is not waiting yet.
        .where('created_at', '<=', iso(now))
        .executeTakeFirstOrThrow()
      const date = (value: string | null) => (value === null ? undefined : new Date(value))
      return { waiting: Number(row.waiting), oldestQueuedAt: date(row.oldest), due: Number(row.due), oldestDueQueuedAt: date(row.oldest_due) }
    },
  }
}
