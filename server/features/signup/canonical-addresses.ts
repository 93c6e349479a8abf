// The data step of the migration that made the canonical address (shared/mailbox.ts) the key: rows stored
// under the older rule (the local part kept its case, the domain its Unicode form) move to the canonical form,
// and rows that were one person under several spellings become one. Both engines run this plan inside the
// migration's own transaction.
import type { Kysely } from 'kysely'
import { canonicalAddress } from '../../../shared/mailbox'
import type { Tables } from '../../platform/database/schema'
import { dropQueued } from '../../platform/outbox/outbox-queue'
import type { StoredStatus } from '../../../shared/stored-statuses'

export type StoredAddressRow<T> = { id: number; email: string; status: StoredStatus; confirmedAt: T | null; unsubscribedAt: T | null }
export type CanonicalPlan<T> = {
  /** Rows merged into an earlier one: deleted with their tokens and queued emails. */
  deletes: number[]
  updates: { id: number; address: string; status: StoredStatus; confirmedAt: T | null; unsubscribedAt: T | null }[]
}

/** The key the older rule gave a typed address (the local part as typed, the domain lower-cased). Erasures
 * made under it left the hash of that key, so a new signup is checked against it as well as the canonical. */
export function formerKey(typed: string): string {
  const trimmed = typed.trim()
  const at = trimmed.lastIndexOf('@')
  return `${trimmed.slice(0, at).normalize('NFC')}@${trimmed.slice(at + 1).normalize('NFC').toLowerCase()}`
}

const time = (value: unknown) => new Date(value as string).getTime()

/** Each person keeps their earliest row (their place in line). A withdrawal wins over any confirmation, so a
 * merge never mails someone who said stop; otherwise a confirmation in any spelling counts. An address that
 * is not one mailbox under the new rule stays as it is, and is never mailed (outbox-sender.ts). */
export function planCanonicalAddresses<T>(rows: StoredAddressRow<T>[]): CanonicalPlan<T> {
  const people = new Map<string, StoredAddressRow<T>[]>()
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const address = canonicalAddress(row.email)
    if (address !== undefined) people.set(address, [...(people.get(address) ?? []), row])
  }
  const plan: CanonicalPlan<T> = { deletes: [], updates: [] }
  for (const [address, [first, ...later]] of people) {
    if (!first) continue
    const all = [first, ...later]
    const unsubscribed = all.filter((row) => row.status === 'unsubscribed' && row.unsubscribedAt !== null)
    const confirmed = all.filter((row) => row.status === 'confirmed' && row.confirmedAt !== null)
    const last = (picked: StoredAddressRow<T>[], at: (row: StoredAddressRow<T>) => T | null) => picked.map(at).sort((a, b) => time(b) - time(a))[0] ?? null
    const status = all.some((row) => row.status === 'unsubscribed') ? 'unsubscribed' : all.some((row) => row.status === 'confirmed') ? 'confirmed' : first.status
    const next = {
      id: first.id,
      address,
      status,
      confirmedAt: status === 'pending' ? null : (first.confirmedAt ?? last(confirmed, (row) => row.confirmedAt)),
      unsubscribedAt: status === 'unsubscribed' ? (last(unsubscribed, (row) => row.unsubscribedAt) ?? first.unsubscribedAt) : null,
    }
    plan.deletes.push(...later.map((row) => row.id))
    const changed = later.length > 0 || first.email !== address || next.status !== first.status || next.confirmedAt !== first.confirmedAt || next.unsubscribedAt !== first.unsubscribedAt
    if (changed) plan.updates.push(next)
  }
  return plan
}

/** The migration step itself, the same on both engines: reads every signup, then deletes and updates as planned. */
export async function moveToCanonicalAddresses(transaction: Kysely<Tables>): Promise<void> {
  const rows = await transaction.selectFrom('signups').select(['id', 'email', 'status', 'confirmed_at', 'unsubscribed_at']).execute()
  const plan = planCanonicalAddresses(
    rows.map((row) => ({ id: Number(row.id), email: row.email, status: row.status, confirmedAt: row.confirmed_at, unsubscribedAt: row.unsubscribed_at })),
  )
  if (plan.deletes.length > 0) {
    await transaction.deleteFrom('consent_tokens').where('signup_id', 'in', plan.deletes).execute()
    await dropQueued(transaction, plan.deletes)
    await transaction.deleteFrom('signups').where('id', 'in', plan.deletes).execute()
  }
  for (const row of plan.updates)
    await transaction
      .updateTable('signups')
      .set({ email: row.address, email_normalized: row.address, status: row.status, confirmed_at: row.confirmedAt, unsubscribed_at: row.unsubscribedAt })
      .where('id', '=', row.id)
      .execute()
}
