// CSV for people who open it in a spreadsheet, guarded against formula injection (OWASP, "CSV Injection":
// https://owasp.org/www-community/attacks/CSV_Injection). A cell a spreadsheet might read as a formula is
// prefixed with a single quote so it stays text: one starting with = + - @, tab, CR or LF, or with , or ;
// (which start a new cell in some locales), their full-width forms (＝ ＋ － ＠ ； ，), or any of these after
// invisible characters (format characters such as U+200B or U+FEFF, and whitespace), which some spreadsheets
// skip. Cells are quoted per RFC 4180, and also when they hold ; or a tab (the separator in some locales and in
// pasted text), so that such a spreadsheet keeps them one cell.
import { storedSignupColumns, type StoredSignup } from '../database/contract'

const formulaStart = /^[\p{Cf}\p{Z}\s]*[=+\-@\t\r\n,;\uFF1D\uFF0B\uFF0D\uFF20\uFF1B\uFF0C]/u
const needsQuotes = /[",;\t\r\n]/

export function csvCell(value: string): string {
  const safe = formulaStart.test(value) ? `'${value}` : value
  return needsQuotes.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export function csvRow(values: readonly string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`
}

/** The waitlist as the team exports it (npm run waitlist:export and the console): the person, where they came
 * from, and their consent record, one column for each column the export reads. */
export const signupCsvColumns = storedSignupColumns

export function signupCsvRow(signup: StoredSignup): string {
  return csvRow(signupCsvColumns.map((column) => signup[column] ?? ''))
}

/** A signup as the console exports it: the columns above, then the person's standing in line (issue 21). */
export type ConsoleSignup = StoredSignup & {
  /** Empty until they confirm. */
  place: number | null
  referral_credits: number
  held_referrals: number
  /** The code of the share link they came through: never the referrer's address, which is theirs to share. */
  referred_by: string | null
}

/** The console's export (GET /api/admin/signups.csv): the place is read from the line page by page, which
 * only the console's store does, so `npm run waitlist:export` keeps the columns above. */
export const consoleCsvColumns = [...signupCsvColumns, 'place', 'referral_credits', 'held_referrals', 'referred_by'] as const

export function consoleCsvRow(signup: ConsoleSignup): string {
  return csvRow(consoleCsvColumns.map((column) => String(signup[column] ?? '')))
}
