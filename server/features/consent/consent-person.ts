// Consent's part of a person's record (shared/person-record.ts): the wording's version they agreed to, and the
// times of their confirmation, unsubscribing and choice of news. No history of statuses is kept; these times are.
import type { PersonRecordReader } from '../../platform/wing/wing'

export const consentPerson: PersonRecordReader = async (db, personId) => {
  const row = await db
    .selectFrom('signups')
    .select(['consent_version', 'confirmation_queued_at', 'confirmed_at', 'unsubscribed_at', 'news_consent_version', 'news_given_at', 'news_withdrawn_at'])
    .where('id', '=', personId)
    .executeTakeFirst()
  if (!row) return {}
  return {
    consent: {
      version: row.consent_version,
      confirmationQueuedAt: row.confirmation_queued_at,
      confirmedAt: row.confirmed_at,
      unsubscribedAt: row.unsubscribed_at,
      news: { version: row.news_consent_version, givenAt: row.news_given_at, withdrawnAt: row.news_withdrawn_at },
    },
  }
}
