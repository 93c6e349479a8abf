// Signups, written once for both engines (platform/database/database.ts): new ones in batches, repeats signed up again as
// the consent machine says, and the export's paged read.
import { randomInt } from 'node:crypto'
import { sql, type RawBuilder } from 'kysely'
import { erasedEmailHash, erasedHashesOf, signUpAgain as signUpAgainRule } from '../consent/public'
import { noConsentRecord, type Signup } from './validate'
import { batchedAdd } from './batched-add'
import { exportPageSize, storedSignupColumns, type StoredSignup } from './signup-export'
import type { Logger } from '../../platform/observability/logger'
import { enqueue, enqueueEach } from '../../platform/outbox/outbox-queue'
import type { Database, Db } from '../../platform/database/database'
import type { Now } from '../../platform/clock/system-clock'

export type Signups = {
  /** Resolves once the signup is durably committed; 'duplicate' when that email was already on the list. */
  add(signup: Signup): Promise<'added' | 'duplicate'>
  /** Every signup in the order they arrived, read a page at a time. */
  all(): AsyncIterable<StoredSignup>
  /** Resolves when the work done after the replies (repeats signed up again) is done. */
  settled(): Promise<void>
}

/** Rows of one INSERT: far under either engine's limit on bound values (15 a row). */
const rowsPerInsert = 500

/** `log` hears of the work after the replies that failed (a repeat not sent its email again). `laterDelay` is how
 * long after a batch's replies its repeats are looked at again: a random moment (after-reply.ts) unless a test
 * that times nothing asks for none. */
export function signupStore(database: Database, now: Now, log?: Pick<Logger, 'error'>, laterDelay?: () => number): Signups {
  const { db, instant } = database

  // Every batch bumps one of 1,024 commit counters, so a batch of repeats writes and commits like one of new
  // signups (batched-add.ts): the one this instance drew at start, so that instances almost never wait
  // for the same counter row.
  const countCommit = sql`INSERT INTO signup_commits (shard, commits) VALUES (${randomInt(1024)}, 1)
    ON CONFLICT (shard) DO UPDATE SET commits = signup_commits.commits + 1`

  // The signups and their consent records; an address erased before is never stored again (the reply is the
  // same). A submission id already taken is left out rather than let it stop the signup: the address alone
  // decides who is listed. The confirmation emails are queued with them, one for each signup stored: a signup
  // never exists without its email, nor an email without it. Where the engine writes inside WITH, the counter,
  // the signups and their emails are one statement (one round trip to PostgreSQL); on SQLite, three in the
  // caller's transaction.
  async function insertChunk(trx: Db, signups: Signup[], submissionIds: (string | null)[], at: string, counted: boolean): Promise<{ id: number; email_normalized: string }[]> {
    const rows = signups.map((signup, index) => {
      const consent = signup.consent ?? noConsentRecord
      const [canonical, former] = erasedHashesOf(database.erasureSalt, signup)
      // Who shared the link it came through, and (hashed, for the farm rule) the network it came from.
      const referredBy = consent.referralCode ?? null
      const network = referredBy !== null && signup.network ? erasedEmailHash(database.erasureSalt, `network:${signup.network}`) : null
      return sql`(${sql.join([signup.emailNormalized, signup.email, signup.firstName, signup.source, submissionIds[index], consent.consentVersion, consent.utmSource, consent.utmMedium, consent.utmCampaign, consent.referrerOrigin, referredBy, network, canonical, former])})`
    })
    const given = sql`u (e, m, f, s, i, v, us, um, uc, r, rb, rn, h, h2) AS (VALUES ${sql.join(rows)})`
    const store = sql`INSERT INTO signups (email_normalized, email, first_name, source, submission_id, created_at, confirmation_queued_at,
        consent_version, utm_source, utm_medium, utm_campaign, referrer_origin, referred_by, referral_network)
      SELECT u.e, u.m, u.f, u.s, CASE WHEN EXISTS (SELECT 1 FROM signups t WHERE t.submission_id = u.i) THEN NULL ELSE u.i END,
        ${instant(at)}, ${instant(at)}, u.v, u.us, u.um, u.uc, u.r, u.rb, u.rn
      FROM u WHERE NOT EXISTS (SELECT 1 FROM erased_emails x WHERE x.email_hash IN (u.h, u.h2))
      ON CONFLICT (email_normalized) DO NOTHING
      RETURNING id, email_normalized`
    const queue = (stored: RawBuilder<unknown>) => enqueueEach('confirm', stored, instant(at))
    if (database.writesInWith) {
      const { rows: stored } = await sql<{ id: number; email_normalized: string }>`
        WITH ${counted ? sql`counted AS (${countCommit}),` : sql``} ${given}, stored AS (${store}), queued AS (${queue(sql`stored`)})
        SELECT id, email_normalized FROM stored`.execute(trx)
      return stored
    }
    if (counted) await countCommit.execute(trx)
    const { rows: stored } = await sql<{ id: number; email_normalized: string }>`WITH ${given} ${store}`.execute(trx)
    // Run for a batch of repeats too (id 0 matches nothing), so that a repeat makes the same statements as a new
    // signup before its reply: skipping it made a repeat answer in 0.87–0.95 of a new signup's time on SQLite.
    const queuedIds = stored.length > 0 ? stored.map((row) => row.id) : [0]
    await queue(sql`signups WHERE id IN (${sql.join(queuedIds)})`).execute(trx)
    return stored
  }

  async function addBatch(signups: Signup[]): Promise<boolean[]> {
    // Every instance inserts in the same order (by address), so two batches holding some of the same new
    // addresses wait for each other in one direction only: never a deadlock.
    const ordered = [...signups].sort((a, b) => (a.emailNormalized < b.emailNormalized ? -1 : a.emailNormalized > b.emailNormalized ? 1 : 0))
    // The same submission id twice in one batch keeps it on the first only.
    const seen = new Set<string>()
    const ids = ordered.map((s) => (s.submissionId === null || seen.has(s.submissionId) ? null : (seen.add(s.submissionId), s.submissionId)))
    // One statement needs no transaction of its own; a batch of several (past rowsPerInsert, or on SQLite) has one.
    const write = async (submissionIds: (string | null)[]) => {
      const at = now().toISOString()
      const stored =
        database.writesInWith && ordered.length <= rowsPerInsert
          ? await insertChunk(db, ordered, submissionIds, at, true)
          : await db.transaction().execute(async (trx) => {
              const chunks = []
              for (let start = 0; start < ordered.length; start += rowsPerInsert)
                chunks.push(...(await insertChunk(trx, ordered.slice(start, start + rowsPerInsert), submissionIds.slice(start, start + rowsPerInsert), at, start === 0)))
              return chunks
            })
      return new Set(stored.map((row) => row.email_normalized))
    }
    // Another instance stored the same new submission id a moment ago: the batch goes again without ids.
    const inserted = await write(ids).catch((error: unknown) => {
      if ((error as { code?: string }).code === '23505') return write(ids.map(() => null))
      throw error
    })
    // The same email twice in one batch: only the first of them was added.
    const claimed = new Set<string>()
    return signups.map((signup) => inserted.has(signup.emailNormalized) && !claimed.has(signup.emailNormalized) && claimed.add(signup.emailNormalized) !== undefined)
  }

  // A listed address signs up again as the consent machine says (re-sending a pending address's confirmation at
  // most every 10 minutes). The UPDATE's conditions (the status and queue time it read, to the millisecond)
  // make repeats racing on several instances queue one email, and the email is queued only if the move happened.
  async function signUpAgain(lookUp: Signup[], repeats: Signup[]): Promise<void> {
    const listed = await db
      .selectFrom('signups')
      .select(['id', 'email_normalized', 'status', 'confirmation_queued_at'])
      .where('email_normalized', 'in', [...new Set(lookUp.map((signup) => signup.emailNormalized))])
      .execute()
    const asked = now()
    for (const row of listed) {
      const signup = repeats.find((candidate) => candidate.emailNormalized === row.email_normalized)
      const queuedAt = row.confirmation_queued_at
      const again = signup && signUpAgainRule(row.status, queuedAt === null ? null : new Date(queuedAt), asked)
      if (!signup || !again) continue
      const consent = signup.consent ?? noConsentRecord
      const fresh = again.freshConsent
        ? {
            source: signup.source,
            consent_version: consent.consentVersion,
            utm_source: consent.utmSource,
            utm_medium: consent.utmMedium,
            utm_campaign: consent.utmCampaign,
            referrer_origin: consent.referrerOrigin,
            confirmed_at: null,
            unsubscribed_at: null,
          }
        : {}
      const at = asked.toISOString()
      await db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('signups')
          .set({ status: again.status, confirmation_queued_at: at, ...fresh })
          .where('id', '=', row.id)
          .where('status', '=', row.status)
          .where((eb) =>
            queuedAt === null
              ? eb('confirmation_queued_at', 'is', null)
              : eb.and([
                  eb('confirmation_queued_at', '>=', instant(queuedAt)),
                  eb('confirmation_queued_at', '<', instant(new Date(Date.parse(queuedAt) + 1).toISOString())),
                ]),
          )
          .executeTakeFirst()
        if (moved.numUpdatedRows === 1n) await enqueue(trx, { kind: 'confirm', personId: row.id, at: asked })
      })
    }
  }

  const { add, settled } = batchedAdd(addBatch, signUpAgain, database.classify, log, laterDelay)
  return {
    add,
    settled,
    async *all() {
      for (let after = 0; ; ) {
        const page = await db.selectFrom('signups').select(['id', ...storedSignupColumns]).where('id', '>', after).orderBy('id').limit(exportPageSize).execute()
        for (const { id, ...signup } of page) {
          yield signup
          after = id
        }
        if (page.length < exportPageSize) return
      }
    },
  }
}
