// Who a batch of the outbox's entries is for, read in one query, with the status that says what they consented
// to: the kinds of email that need no more than the person (consent's, the launch's) load their entries
// through this.
import type { StoredStatus } from '../../../shared/stored-statuses'
import type { Db } from '../../platform/database/database'
import { peopleOf, type QueuedEmail } from '../../platform/outbox/outbox-kinds'

export type Addressee = { id: number; address: string; firstName: string; status: StoredStatus }

/** For each entry, in order, its person, or undefined when they were erased since it was queued. */
export async function addresseesOf(db: Db, entries: readonly QueuedEmail[]): Promise<(Addressee | undefined)[]> {
  const people = await peopleOf(entries, (ids) => db.selectFrom('signups').select(['id', 'email', 'first_name', 'status']).where('id', 'in', ids).execute())
  return people.map((person) => person && { id: person.id, address: person.email, firstName: person.first_name, status: person.status })
}
