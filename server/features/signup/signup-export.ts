// A signup as the export reads it, and as a CSV row (npm run waitlist:export; the console adds its columns,
// features/console/console-csv.ts).
import type { Selectable } from 'kysely'
import { csvRow } from '../../platform/http/csv'
import type { SignupsTable } from './tables'

/** The columns the export reads, in the order of the CSV's columns (below): the person, where
 * they came from, and their consent record (issue 12), news and updates among it (issue 31). */
export const storedSignupColumns = [
  'created_at',
  'email',
  'first_name',
  'source',
  'status',
  'consent_version',
  'confirmed_at',
  'unsubscribed_at',
  'news_consent_version',
  'news_given_at',
  'news_withdrawn_at',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'referrer_origin',
] as const

/** A signup as the export reads it, timestamps as ISO 8601 text on both engines. */
export type StoredSignup = Pick<Selectable<SignupsTable>, (typeof storedSignupColumns)[number]>

/** Rows read at a time by the exports. */
export const exportPageSize = 500

/** The waitlist as the team exports it (npm run waitlist:export and the console): the person, where they came
 * from, and their consent record, one column for each column the export reads. */
export const signupCsvColumns = storedSignupColumns

export function signupCsvRow(signup: StoredSignup): string {
  return csvRow(signupCsvColumns.map((column) => signup[column] ?? ''))
}
