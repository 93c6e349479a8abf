// The suppression list as the outbox sender meets it (outbox-sender.ts): the one check every email of every kind
// passes just before it is sent, and what the mail server's refusals add to the list. docs/suppression.md has the rules.
//
// The exceptions. An address on the list gets nothing more, with one exception inside the outbox: an email that
// answers its owner's own request made after the suppression (a kind that says `answersOwnRequest`: the
// confirmation of a new signup, the link of an erasure asked for). Someone who types their address into our form
// again is asking for that one email now, and an erasure is a right no bounce may take away; the per-inbox budget
// (platform/mail/mailbox-budget.ts) still holds such emails to one a kind per 10 minutes, so a stranger typing a
// suppressed address cannot make it a stream, and should it bounce again the list knows at once. A team member's
// sign-in link never passes through the outbox (features/console/sign-in-mail.ts): a member whose address once
// bounced is never locked out of the console.
import type { Database } from '../database/database'
import type { OutboxKind, QueuedEmail, Recipient } from '../outbox/outbox-kinds'
import type { Suppression, SuppressionStore } from './suppression-store'
import { canonicalAddress } from '../../../shared/mailbox'

export type SuppressionGate = {
  /** Whether the email must not go: its address is suppressed, and it is no exception. */
  stops(entry: QueuedEmail, to: Recipient, kind: OutboxKind): Promise<boolean>
  /** Of a batch's emails, the ids of those that must not go, as `stops` says of each: one read of the list for the
   * batch (and one of the queue, for the exceptions among them). */
  stoppedAmong(emails: readonly { entry: QueuedEmail; to: Recipient; kind: OutboxKind }[]): Promise<Set<number>>
  /** The mail server refused the address: for good at RCPT (hard), or for now with the retries run out (soft). */
  bounced(to: Recipient, kind: 'hard' | 'soft', words: string, now: Date): Promise<void>
}

export function suppressionGate(database: Database, suppressions: SuppressionStore): SuppressionGate {
  // An exception goes when it was queued after the suppression: its owner asked again since.
  const queuedAfter = (queuedAt: string | undefined, suppression: Suppression) =>
    queuedAt !== undefined && new Date(queuedAt).getTime() > new Date(suppression.suppressedAt).getTime()
  const queuedAt = async (ids: number[]) => {
    if (ids.length === 0) return new Map<number, string>()
    const rows = await database.db.selectFrom('outbox').select(['id', 'created_at']).where('id', 'in', ids).execute()
    return new Map(rows.map((row) => [Number(row.id), row.created_at]))
  }
  return {
    async stops(entry, to, kind) {
      const suppression = await suppressions.suppressionOf(to.address)
      if (!suppression) return false
      if (!kind.answersOwnRequest) return true
      return !queuedAfter((await queuedAt([entry.id])).get(entry.id), suppression)
    },
    async stoppedAmong(emails) {
      const suppressed = await suppressions.suppressionsAmong(emails.map(({ to }) => to.address))
      const of = (to: Recipient) => suppressed.get(canonicalAddress(to.address) ?? '')
      const onTheList = emails.filter(({ to }) => of(to) !== undefined)
      const times = await queuedAt(onTheList.filter(({ kind }) => kind.answersOwnRequest).map(({ entry }) => entry.id))
      return new Set(onTheList.filter(({ entry, to, kind }) => !kind.answersOwnRequest || !queuedAfter(times.get(entry.id), of(to)!)).map(({ entry }) => entry.id))
    },
    async bounced(to, kind, words, now) {
      await suppressions.record({ address: to.address, kind, source: 'smtp', words }, now)
    },
  }
}

/** Whether a mail server's refusal is a bounce, and which. Only a refusal of the recipient (a reply to RCPT TO) is
 * one: a 5yz there is a hard bounce (refused for good, RFC 5321 §4.2.1: an unknown mailbox), a 4yz a soft one once
 * the retries ran out (a full mailbox). A refusal of anything else (our relay's 421 while it is down, a 5yz to the
 * message's content) says nothing of the mailbox: counted against every address, a relay down for an afternoon
 * would suppress the list. */
export function bounceOf(error: unknown): 'hard' | 'soft' | undefined {
  const { responseCode: code, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown }
  if (typeof code !== 'number' || typeof command !== 'string' || !/^RCPT\b/i.test(command)) return undefined
  return code >= 500 && code < 600 ? 'hard' : code >= 400 && code < 500 ? 'soft' : undefined
}

/** The server's own words for a refusal (its reply line), else the error's. */
export function refusalWords(error: unknown): string {
  const response = (error as { response?: unknown } | undefined)?.response
  return typeof response === 'string' && response.trim() ? response : error instanceof Error ? error.message : String(error)
}
