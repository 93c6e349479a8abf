// The console's export (GET /api/admin/signups.csv): the signup's columns, then the person's standing in line, then
// their answers (issue 52: a column per question, features/questions/public.ts AnswersForExport).
import { csvRow } from '../../platform/http/csv'
import { signupCsvColumns, type StoredSignup } from '../signup/public'

/** A signup as the console exports it: the signup's columns, then the person's standing in line (issue 21). */
export type ConsoleSignup = StoredSignup & {
  /** The signup's id: not a column, the key its answers are read by. */
  id: number
  /** Empty until they confirm. */
  place: number | null
  referral_credits: number
  held_referrals: number
  /** The code of the share link they came through: never the referrer's address, which is theirs to share. */
  referred_by: string | null
}

/** The console's export (GET /api/admin/signups.csv): the place is read from the line page by page, which
 * only the console's store does, so `npm run waitlist:export` keeps the signup's. */
export const consoleCsvColumns = [...signupCsvColumns, 'place', 'referral_credits', 'held_referrals', 'referred_by'] as const

/** A person's row; `answers`, the cells of the answers' columns after it (issue 52), as the questions write them. */
export function consoleCsvRow(signup: ConsoleSignup, answers: readonly string[] = []): string {
  return csvRow([...consoleCsvColumns.map((column) => String(signup[column] ?? '')), ...answers])
}
