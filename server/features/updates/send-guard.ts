// A send that protects the domain (issue 49). The suppression list tells the updates of each hard bounce and each
// complaint (platform/suppression/suppression-events.ts), in its own transaction; the update whose email it was
// (the person's latest one that went, or was refused) keeps it as a report, once per email and kind. The clock
// (update-sends.ts tick), which already holds the send's row each second, judges the rates when a report has come
// since it last looked: past `guard.after` emails gone, a complaint rate over `complaintPercent` or a hard-bounce rate
// over `hardBouncePercent` pauses the send, as a member's Pause does (its queued emails withdrawn, none lost), and
// says why. Only a member's Resume carries it on; a report that comes after, with the rate still over, pauses it
// again. The follower takes no lock on the send: the pause happens in the clock's transaction, in its one order
// (update, send, recipients, outbox), so a webhook's transaction and the clock's never wait on each other in a circle.
import type { Db } from '../../platform/database/database'
import type { SuppressionSubscriber } from '../../platform/suppression/suppression-events'
import type { AutoPauseReason, SendGuard, UpdateRecord } from '../../../shared/update-rows'

/** What the suppression list heard of one person's email of an update. */
export type UpdateReportKind = 'hard-bounce' | 'complaint'

/** The email a report is about: the person's latest update email that went (or was refused, or was going). */
async function latestEmail(trx: Db, address: string) {
  return trx
    .selectFrom('update_recipients')
    .innerJoin('signups', 'signups.id', 'update_recipients.signup_id')
    .select(['update_recipients.id', 'update_recipients.update_id'])
    .where('signups.email_normalized', '=', address)
    .where('update_recipients.state', 'in', ['sent', 'refused', 'sending'])
    .orderBy('update_recipients.id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export const updatesFollowSuppression: SuppressionSubscriber = {
  suppressed: {
    handle: async (trx, { address, reason, now }) => {
      if (reason !== 'hard-bounce' && reason !== 'complaint') return
      const email = await latestEmail(trx, address)
      if (!email) return
      await trx
        .insertInto('update_reports')
        .values({ recipient_id: Number(email.id), update_id: Number(email.update_id), kind: reason, at: now.toISOString() })
        .onConflict((conflict) => conflict.doNothing())
        .execute()
    },
  },
}

/** An update's hard bounces and complaints (of all its sends' emails), or every update's when `updateId` is undefined. */
export async function reportCounts(from: Db, updateId?: number): Promise<Pick<UpdateRecord, 'hardBounces' | 'complaints'>> {
  const rows = await from
    .selectFrom('update_reports')
    .select((eb) => ['kind', eb.fn.countAll<number>().as('n')])
    .$if(updateId !== undefined, (query) => query.where('update_id', '=', updateId!))
    .groupBy('kind')
    .execute()
  const count = (kind: UpdateReportKind) => Number(rows.find((row) => row.kind === kind)?.n ?? 0)
  return { hardBounces: count('hard-bounce'), complaints: count('complaint') }
}

/** The emails of an update that have gone (sent, or refused by the mail server), or of every update. */
export async function emailsGone(from: Db, updateId?: number): Promise<number> {
  const { n } = await from
    .selectFrom('update_recipients')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$if(updateId !== undefined, (query) => query.where('update_id', '=', updateId!))
    .where('state', 'in', ['sent', 'refused'])
    .executeTakeFirstOrThrow()
  return Number(n)
}

/** Whether a rate passes its limit: more than `percent` % of `emails`. */
const passes = (count: number, emails: number, percent: number) => count * 100 > percent * emails

/** The rule, alone: why a send with these counts pauses itself, or undefined. Complaints are judged first: they are
 * what the mailbox providers' rule names. */
export function pauseReason(counts: { emails: number; hardBounces: number; complaints: number }, guard: SendGuard): AutoPauseReason | undefined {
  if (counts.emails < guard.after) return undefined
  if (passes(counts.complaints, counts.emails, guard.complaintPercent)) return 'complaints'
  if (passes(counts.hardBounces, counts.emails, guard.hardBouncePercent)) return 'hard-bounces'
  return undefined
}

/** The clock's look at one sending update, its row locked: why it must pause now, or undefined. The rates are judged
 * only when a report has come since they were last judged (counting the emails gone is the costly part): with no new
 * report, more emails gone only lower them. Reports that came before the first `after` emails wait for them. */
export async function judgeSend(trx: Db, send: { update_id: number; reports_judged: number }, guard: SendGuard): Promise<AutoPauseReason | undefined> {
  const updateId = Number(send.update_id)
  const reports = await reportCounts(trx, updateId)
  const total = reports.hardBounces + reports.complaints
  if (total === Number(send.reports_judged)) return undefined
  const emails = await emailsGone(trx, updateId)
  // Under `after` emails, nothing is judged yet: the clock looks again at its next tick, as more go.
  if (emails < guard.after) return undefined
  await trx.updateTable('update_sends').set({ reports_judged: total }).where('update_id', '=', updateId).execute()
  return pauseReason({ emails, ...reports }, guard)
}
