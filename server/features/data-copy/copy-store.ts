// What a copy of one's own data reads and writes (issue 51), written once for both engines: the request, which
// queues one email to the address whether it is listed or not, and the links that open the copy. The copy itself
// is the person's record as every wing reads it (platform/console/person-route.ts); this store holds no datum of
// its own but the unlisted address that waits for its email (tables.ts).
import { linkLifetimesMs, resendAfterMs } from '../../../shared/rules'
import type { Database } from '../../platform/database/database'
import { enqueue, isQueued } from '../../platform/outbox/outbox-queue'
import { issueLinkTokens, takeLinkToken } from '../../platform/secrets/link-tokens'

/** The link-token purposes: the emailed link (single use, a day), and the page's download (an hour). */
export const copyTokenPurposes = { link: 'copy', file: 'copy-file' } as const
/** The outbox kinds: a link to the copy for someone listed, and "we hold nothing" for an address that is not. */
export const copyEmailKinds = { link: 'copy', nothingHeld: 'copy-nothing-held' } as const

export interface CopyStore {
  /** Queues the email the address asked for: a link to the copy when it is listed (none if one was queued in the
   * last 10 minutes or still waits), else a note that we hold nothing (none while one still waits). Says nothing
   * back: the caller's reply must not depend on it. */
  requestCopy(emailNormalized: string, now: Date): Promise<void>
  /** Uses a copy link's token (deleting it): the person's id and a token for the page's download, or undefined
   * when the token is unknown, expired or used, or its person was erased. */
  openCopy(tokenHash: string, now: Date): Promise<{ personId: number; fileToken: string } | undefined>
  /** Whose a download token is while it lasts; not used up, so the page's button can be pressed again. */
  fileHolder(tokenHash: string, now: Date): Promise<number | undefined>
}

export function copyStore(database: Database): CopyStore {
  const { db, lockRows } = database
  return {
    async requestCopy(emailNormalized, now) {
      await db.transaction().execute(async (trx) => {
        // The signup's row lock makes two requests at once queue one email, as an erasure request's does.
        const signup = await lockRows(trx.selectFrom('signups').select('id').where('email_normalized', '=', emailNormalized)).executeTakeFirst()
        if (signup) {
          const recent = await isQueued(trx, { kind: copyEmailKinds.link, personId: signup.id, since: new Date(now.getTime() - resendAfterMs) })
          if (!recent) await enqueue(trx, { kind: copyEmailKinds.link, personId: signup.id, at: now })
          return
        }
        // One row per address: while its email waits (for its inbox's budget), more asks add nothing.
        const asked = await trx
          .insertInto('copy_requests')
          .values({ email_normalized: emailNormalized, asked_at: now.toISOString() })
          .onConflict((conflict) => conflict.column('email_normalized').doNothing())
          .returning('id')
          .executeTakeFirst()
        if (asked) await enqueue(trx, { kind: copyEmailKinds.nothingHeld, subjectId: Number(asked.id), at: now })
      })
    },
    openCopy(tokenHash, now) {
      return db.transaction().execute(async (trx) => {
        const personId = await takeLinkToken(trx, copyTokenPurposes.link, tokenHash, now)
        if (personId === undefined) return undefined
        const { [copyTokenPurposes.file]: fileToken } = await issueLinkTokens(trx, personId, now, { [copyTokenPurposes.file]: linkLifetimesMs.copyFile })
        return { personId, fileToken }
      })
    },
    async fileHolder(tokenHash, now) {
      const token = await db
        .selectFrom('consent_tokens')
        .select('signup_id')
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', copyTokenPurposes.file)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst()
      return token?.signup_id
    },
  }
}
