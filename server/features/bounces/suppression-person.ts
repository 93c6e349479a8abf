// The suppression list's part of a person's record (shared/person-record.ts): whether their address is on it, why,
// from where and when. Read by their address's keyed hash, so it finds an entry made before an erasure too.
import type { PersonRecordReader } from '../../platform/wing/wing'
import type { SuppressionStore } from '../../platform/suppression/suppression-store'

export const suppressionPerson =
  (suppressions: Pick<SuppressionStore, 'suppressionOf'>): PersonRecordReader =>
  async (db, personId) => {
    const signup = await db.selectFrom('signups').select('email_normalized').where('id', '=', personId).executeTakeFirst()
    if (!signup) return {}
    return { suppression: (await suppressions.suppressionOf(signup.email_normalized)) ?? null }
  }
