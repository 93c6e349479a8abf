// CSV for people who open it in a spreadsheet: RFC 4180 quoting, and cells that a spreadsheet would read as a
// formula (starting with = + - @, tab or carriage return) prefixed with a single quote so they stay text.
import type { StoredSignup } from './store/contract'

export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export function csvRow(values: readonly string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`
}

/** The waitlist as the team exports it (npm run waitlist:export and the console): the person, where they came
 * from, and their consent record. */
export const signupCsvColumns = [
  'created_at',
  'email',
  'first_name',
  'source',
  'status',
  'consent_version',
  'confirmed_at',
  'unsubscribed_at',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'referrer_origin',
] as const

export function signupCsvRow(signup: StoredSignup): string {
  const { createdAt, email, firstName, source, status, consentVersion, confirmedAt, unsubscribedAt, utmSource, utmMedium, utmCampaign, referrerOrigin } = signup
  return csvRow([createdAt, email, firstName, source, status, consentVersion, confirmedAt, unsubscribedAt, utmSource, utmMedium, utmCampaign, referrerOrigin].map((value) => value ?? ''))
}
