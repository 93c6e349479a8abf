// The kinds of email the outbox carries, each registered by the feature that sends it, as listmonk's manager
// takes its messengers: the sender (outbox-sender.ts) names none. A kind says how to read what its entries need
// (and so who receives each), whether one still goes when its turn comes, how it is rendered, and what its
// delivery records beside the outbox. A new kind is a file in its feature and one line in the composition.
import type { Db } from '../database/database'
import type { OutgoingMail } from '../mail/mailer'

/** An entry as the sender claims it: what it is, whom on the list it is for (null for nobody on the list), and
 * the row it is about (outbox-queue.ts). */
export type QueuedEmail = { id: number; kind: string; attempts: number; personId: number | null; subjectId: number | null; retry?: string; lane?: string | null }

/** Who receives an email: one canonical address, and whether its owner vouched for it (confirmed it, or took a
 * link from it), so that the per-inbox budget counts it on its own (platform/mail/mailbox-budget.ts). */
export type Recipient = { address: string; vouched: boolean }

export type OutboxKind<T extends Recipient = Recipient> = {
  /** Its name in the outbox's kind column, the per-inbox budget's keys and the metrics' labels. */
  readonly name: string
  /** What the batch's entries of this kind need, read in one go: for each entry, in order, or undefined when its
   * person is gone (erased since it was queued), which skips it. */
  load(entries: readonly QueuedEmail[]): Promise<(T | undefined)[]>
  /** Whether it still goes now; skipped otherwise. */
  sends(email: T, now: Date): boolean
  /** The email, its links made now: called only once its inbox's budget allows it, so an email that has to
   * wait makes no link. */
  render(email: T, now: Date): Promise<OutgoingMail>
  /** What its delivery records, in the transaction that marks it sent. */
  delivered?(trx: Db, email: T, now: Date): Promise<void>
  /** What it records when it ends without going (skipped, failed for good, or stopped by the suppression list), in
   * the transaction that marks it. */
  ended?(trx: Db, email: T, outcome: 'skipped' | 'failed' | 'suppressed', now: Date): Promise<void>
  /** Its email answers its owner's own request (a new signup's confirmation, an erasure's link): one queued after
   * the address was suppressed still goes (platform/suppression/outbox-gate.ts says why). */
  readonly answersOwnRequest?: boolean
  /** A list email sent in bulk (an update, a wave's invitation): counted by the warm-up's daily cap
   * (platform/mail/send-pace.ts), which an email someone asked for never waits for. */
  readonly bulk?: boolean
  /** For a kind that must never reach anyone twice (at most once, where the outbox is at least once): called once
   * the inbox's budget allows the email and before anything is sent, it writes in `trx` that the send has begun,
   * and says whether it may: false when a send of it already began (an instance stopped mid-send, so it may have
   * arrived), or it is no longer due, and the email is skipped. The sender commits `trx` before the email goes;
   * the begins asked while one such commit runs share the next (outbox-sender.ts). */
  begin?(trx: Db, email: T, now: Date): Promise<boolean>
  /** Takes back `begin`'s mark after a send known not to have been delivered (refused, or cut before its end of
   * DATA), so that a retry may send it; a send that may have been delivered keeps its mark. */
  release?(email: T): Promise<void>
}

/** For a kind's load: each entry's subject (the row its subjectId names), in the entries' order, or undefined where
 * it names none or the row is gone; one query for the batch, given the ids. The query is not run for a batch with
 * no subject, since `in ()` is no SQL. Ids are compared as numbers, as a driver may hand an id back as a string. */
export async function subjectsOf<Row extends { id: number | string }>(
  entries: readonly QueuedEmail[],
  read: (ids: number[]) => Promise<Row[]>,
): Promise<(Row | undefined)[]> {
  const ids = entries.flatMap((entry) => (entry.subjectId === null ? [] : [entry.subjectId]))
  const rows = ids.length === 0 ? [] : await read(ids)
  return entries.map((entry) => rows.find((row) => Number(row.id) === entry.subjectId))
}

/** For a kind's load: each entry's person (the row its personId names), in the entries' order, or undefined where it
 * names none or they are gone (erased); one query for the batch, not run when no entry names anyone. */
export async function peopleOf<Row extends { id: number | string }>(
  entries: readonly QueuedEmail[],
  read: (ids: number[]) => Promise<Row[]>,
): Promise<(Row | undefined)[]> {
  const ids = entries.flatMap((entry) => (entry.personId === null ? [] : [entry.personId]))
  const rows = ids.length === 0 ? [] : await read(ids)
  return entries.map((entry) => rows.find((row) => Number(row.id) === entry.personId))
}

export type OutboxKinds = {
  /** Adds the kinds; a name registered twice is refused, so two features cannot share one by mistake. */
  register(...kinds: OutboxKind[]): OutboxKinds
  get(name: string): OutboxKind | undefined
  /** Every registered kind's name, in the order they were registered. */
  names(): string[]
}

export function outboxKinds(): OutboxKinds {
  const registered = new Map<string, OutboxKind>()
  const kinds: OutboxKinds = {
    register(...added) {
      for (const kind of added) {
        if (registered.has(kind.name)) throw new Error(`outbox: the kind ${kind.name} is registered twice`)
        registered.set(kind.name, kind)
      }
      return kinds
    },
    get: (name) => registered.get(name),
    names: () => [...registered.keys()],
  }
  return kinds
}
