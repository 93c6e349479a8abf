// The API's part of a person's record (shared/person-record.ts): the activation the app reported, if any.
import type { PersonRecordReader } from '../../platform/wing/wing'

export const activationPerson: PersonRecordReader = async (db, personId) => {
  const row = await db.selectFrom('activations').select(['activated_at', 'via']).where('signup_id', '=', personId).executeTakeFirst()
  return { activation: row ? { activatedAt: row.activated_at, via: row.via } : null }
}
