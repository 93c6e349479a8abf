// The signup's part of a person's record (shared/person-record.ts): who they are, where they stand and how they
// came. No row, no person: the platform's route answers 404 then (platform/console/person-route.ts).
import type { PersonRecordReader } from '../../platform/wing/wing'

export const signupPerson: PersonRecordReader = async (db, personId) => {
  const row = await db
    .selectFrom('signups')
    .select(['id', 'email', 'first_name', 'created_at', 'status', 'source', 'utm_source', 'utm_medium', 'utm_campaign', 'referrer_origin'])
    .where('id', '=', personId)
    .executeTakeFirst()
  if (!row) return {}
  return {
    signup: {
      id: Number(row.id),
      email: row.email,
      firstName: row.first_name,
      createdAt: row.created_at,
      status: row.status,
      source: row.source,
      utmSource: row.utm_source,
      utmMedium: row.utm_medium,
      utmCampaign: row.utm_campaign,
      referrerOrigin: row.referrer_origin,
    },
  }
}
