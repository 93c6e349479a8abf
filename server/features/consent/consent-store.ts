// What the consent flows read and write (issue 12), written once for both engines (platform/database/database.ts): the
// use of the tokens in emails (platform/secrets/link-tokens.ts), erasure requests and erasure. An erased address
// leaves only its salted hash (erasedEmailHash). Every status change is one the consent machine allows
// (consent-rules.ts). Changes that must hold together run in one transaction; on PostgreSQL, where several
// instances share the tables, the rows they depend on are locked first (Database.lockRows). Emails are queued in
// the outbox (platform/outbox/outbox-queue.ts) inside the same transactions.
import { randomInt } from 'node:crypto'
import { newsConsentVersion, type EmailPurpose, type NewsChoice, type UnsubscribeScope } from '../../../shared/email-purposes'
import { linkLifetimesMs, resendAfterMs } from '../../../shared/rules'
import { isStoredStatus, type ConsentStatus } from '../../../shared/stored-statuses'
import type { Database, Db } from '../../platform/database/database'
import { emailPurposeOfToken, unsubscribeTokenPurposes } from '../../platform/mail/list-email'
import { dropQueued, enqueue, isQueued } from '../../platform/outbox/outbox-queue'
import { addressHash } from '../../platform/secrets/address-hash'
import { issueLinkTokens, takeLinkToken, takeLinkTokenOf } from '../../platform/secrets/link-tokens'
import type { ConsentEventBus, HeldInvitationOf } from './consent-events'
import { consentMove } from './consent-rules'

/** What an unsubscribe link stopped, and which purposes the person still holds after it. */
export type Unsubscribed = { signupId: number; stopped: EmailPurpose[]; stillHeld: EmailPurpose[] }

/** A token that chooses news and updates for one person, and whether they hold it now. */
export type NewsChoiceOffer = { token: string; holdsNews: boolean }

/** The link-token purpose of a choice of news and updates (the token a confirmed page's form acts with). */
export const newsChoiceTokenPurpose = 'news-choice'

export interface ConsentStore {
  /** Uses a confirm or unsubscribe token (deleting it) and moves the signup as the consent machine says, telling
   * the other features (consent-events.ts: a first confirmation takes a place in line, someone back after
   * unsubscribing returns to the invitation they hold); the signup's id, or undefined when the token is
   * unknown, expired or used, or the move is not allowed from the signup's status. An unsubscribe token stops the
   * purpose of the email it came in (`unsubscribe` below, for that purpose). */
  useToken(purpose: 'confirm' | 'unsubscribe', tokenHash: string, now: Date): Promise<{ signupId: number } | undefined>
  /** Uses an unsubscribe token (of any purpose's link, deleting it): stops the purpose of the email it came in,
   * or, with `all`, every purpose the person holds. Early access stopped is the consent machine's UNSUBSCRIBE (as
   * useToken's); news and updates stopped keeps its record, with when it was taken back. Undefined when the token
   * is unknown, expired or used, or it stops nothing the person still held. */
  unsubscribe(tokenHash: string, scope: UnsubscribeScope, now: Date): Promise<Unsubscribed | undefined>
  /** A complaint (the suppression list's `suppressed`, features/consent/consent-follows-suppression.ts): the person
   * with this address, if any, is unsubscribed from every purpose they hold, in the caller's transaction, which took
   * the locks of unsubscribed and newsStopped. */
  unsubscribeEverywhere(trx: Db, emailNormalized: string, now: Date): Promise<void>
  /** A token of a day that chooses news and updates for a confirmed person (the confirmation's reply hands it to
   * the confirmed page; the "your place" page carries one in its form), and whether they hold it now. */
  offerNewsChoice(signupId: number, now: Date): Promise<NewsChoiceOffer>
  /** Uses a news-choice token (deleting it): `on` records news and updates with today's wording's version, `off`
   * takes it back. A new token comes back for the next choice, so the answer can offer the other one at once.
   * Undefined when the token is unknown, expired or used, or its person has no confirmed address. */
  chooseNews(tokenHash: string, choice: NewsChoice, now: Date): Promise<{ signupId: number; nextToken: string } | undefined>
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
export const erasedEmailHash = (salt: string, emailNormalized: string) => addressHash(salt, emailNormalized)

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

  // Early access stopped is the consent machine's move, and ends the confirmation links already sent (only
  // signing up anew brings one back); news and updates stopped is a date in the record. Early access is held
  // while the person has not unsubscribed (a pending person still gets their confirmation).
  async function unsubscribe(tokenHash: string, scope: UnsubscribeScope, now: Date): Promise<Unsubscribed | undefined> {
    return db.transaction().execute(async (trx) => {
      await events.lock(trx, 'unsubscribed')
      await events.lock(trx, 'newsStopped')
      const token = await takeLinkTokenOf(trx, Object.values(unsubscribeTokenPurposes), tokenHash, now)
      const from = token && emailPurposeOfToken(token.purpose)
      if (!token || !from) return undefined
      return stopPurposes(trx, token.personId, (purpose) => scope === 'all' || from === purpose, now)
    })
  }

  // Stops the purposes `stops` names that the person holds, in the caller's transaction (which took the locks of
  // unsubscribed and newsStopped): undefined when it stopped nothing.
  async function stopPurposes(trx: Db, signupId: number, stops: (purpose: EmailPurpose) => boolean, now: Date): Promise<Unsubscribed | undefined> {
    const signup = await lockRows(trx.selectFrom('signups').select(['status', 'news_given_at', 'news_withdrawn_at']).where('id', '=', signupId)).executeTakeFirst()
    if (!signup || !isStoredStatus(signup.status)) return undefined
    const move = stops('earlyAccess') ? consentMove(signup.status, { type: 'UNSUBSCRIBE' }) : undefined
    const heldNews = signup.news_given_at !== null && signup.news_withdrawn_at === null
    const stopsNews = heldNews && stops('news')
    if (!move && !stopsNews) return undefined
    const updated = await trx
      .updateTable('signups')
      .set({ ...(move && { status: move.status, unsubscribed_at: iso(now) }), ...(stopsNews && { news_withdrawn_at: iso(now) }) })
      .where('id', '=', signupId)
      .where('status', '=', signup.status)
      .executeTakeFirst()
    if (updated.numUpdatedRows !== 1n) return undefined
    if (move) {
      await trx.deleteFrom('consent_tokens').where('signup_id', '=', signupId).where('purpose', '=', 'confirm').execute()
      await events.publish(trx, 'unsubscribed', { signupId, now })
    }
    if (stopsNews) await events.publish(trx, 'newsStopped', { signupId, now })
    const stopped: EmailPurpose[] = [...(move ? (['earlyAccess'] as const) : []), ...(stopsNews ? (['news'] as const) : [])]
    const earlyAccessHeld = (move?.status ?? signup.status) !== 'unsubscribed'
    const stillHeld: EmailPurpose[] = [...(earlyAccessHeld ? (['earlyAccess'] as const) : []), ...(heldNews && !stopsNews ? (['news'] as const) : [])]
    return { signupId, stopped, stillHeld }
  }

  const issueNewsChoiceToken = async (trx: Db, signupId: number, now: Date) =>
    (await issueLinkTokens(trx, signupId, now, { [newsChoiceTokenPurpose]: linkLifetimesMs.newsChoice }))[newsChoiceTokenPurpose]

  return {
    unsubscribe,
    async unsubscribeEverywhere(trx, emailNormalized, now) {
      const signup = await trx.selectFrom('signups').select('id').where('email_normalized', '=', emailNormalized).executeTakeFirst()
      if (signup) await stopPurposes(trx, signup.id, () => true, now)
    },
    async offerNewsChoice(signupId, now) {
      const signup = await db.selectFrom('signups').select(['news_given_at', 'news_withdrawn_at']).where('id', '=', signupId).executeTakeFirst()
      return { token: await issueNewsChoiceToken(db, signupId, now), holdsNews: signup?.news_given_at != null && signup.news_withdrawn_at === null }
    },
    chooseNews(tokenHash, choice, now) {
      return db.transaction().execute(async (trx) => {
        await events.lock(trx, 'newsStopped')
        const signupId = await takeLinkToken(trx, newsChoiceTokenPurpose, tokenHash, now)
        if (signupId === undefined) return undefined
        const signup = await lockRows(trx.selectFrom('signups').select(['confirmed_at', 'news_given_at', 'news_withdrawn_at']).where('id', '=', signupId)).executeTakeFirst()
        // Asked only of a confirmed address: one that came back and is pending again confirms first.
        if (!signup || signup.confirmed_at === null) return undefined
        // Given again, the record takes the wording shown now; taken back, it keeps the one it was given under.
        if (choice === 'on') await trx.updateTable('signups').set({ news_consent_version: newsConsentVersion, news_given_at: iso(now), news_withdrawn_at: null }).where('id', '=', signupId).execute()
        else if (signup.news_given_at !== null && signup.news_withdrawn_at === null) {
          await trx.updateTable('signups').set({ news_withdrawn_at: iso(now) }).where('id', '=', signupId).execute()
          await events.publish(trx, 'newsStopped', { signupId, now })
        }
        return { signupId, nextToken: await issueNewsChoiceToken(trx, signupId, now) }
      })
    },
    async useToken(purpose, tokenHash, now) {
      // Today's callers of an unsubscribe token: the one-click link of an email, for its own purpose.
      if (purpose === 'unsubscribe') {
        const done = await unsubscribe(tokenHash, 'purpose', now)
        return done && { signupId: done.signupId }
      }
      return db.transaction().execute(async (trx) => {
        await events.lock(trx, 'confirmed')
        const signupId = await takeLinkToken(trx, purpose, tokenHash, now)
        if (signupId === undefined) return undefined
        const signup = await lockRows(trx.selectFrom('signups').select('status').where('id', '=', signupId)).executeTakeFirst()
        if (!signup || !isStoredStatus(signup.status)) return undefined
        // Someone back after unsubscribing confirms into the invitation they hold, if a wave took them before.
        const held = signup.status === 'pending' ? await heldInvitation(trx, signupId, now) : undefined
        const move = consentMove(signup.status, { type: 'CONFIRM', invitation: held?.stands })
        if (!move) return undefined
        const updated = await trx
          .updateTable('signups')
          .set({ status: move.status, confirmed_at: iso(now) })
          .where('id', '=', signupId)
          .where('status', '=', signup.status)
          .executeTakeFirst()
        if (updated.numUpdatedRows !== 1n) return undefined
        await events.publish(trx, 'confirmed', { signupId, now, invitation: held })
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
