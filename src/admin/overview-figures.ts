// The Overview's numbers in words (issue 47): each total's name and its one definition, written beside it, and the
// trend of signups against the period before. "Confirmed now" (a status: confirmed and waiting in line) and "Ever
// confirmed" (the funnel: confirmed at some time, whatever came after) are two numbers with two names, so that both
// are true at once and neither contradicts the other.
import type { DayCount } from '../../shared/console-rows'
import type { SignupTotals } from '../../shared/console-api'
import { figure } from '../../shared/figures'

type Total = { key: keyof SignupTotals; name: string; definition: string }

/** The totals, in the order a person reads them: each a status now, but the first, which is everyone. */
export const totalDefinitions: Total[] = [
  { key: 'all', name: 'All signups', definition: 'Everyone on the list now, in any status. An erased person is in no count.' },
  { key: 'pending', name: 'Waiting to confirm', definition: 'Signed up and has not opened the confirmation link yet.' },
  { key: 'confirmed', name: 'Confirmed now', definition: 'Confirmed and waiting in line. Once invited, a person counts as invited instead.' },
  { key: 'invited', name: 'Invited now', definition: 'Holds an invitation not claimed yet and not expired.' },
  { key: 'claimed', name: 'Claimed', definition: 'Claimed their invitation.' },
  { key: 'expired', name: 'Invitation expired', definition: 'Their invitation ran out before they claimed it.' },
  { key: 'unsubscribed', name: 'Unsubscribed', definition: 'Asked for no more emails. Still counted in all signups.' },
]

const dayMs = 86_400_000
const dayOf = (date: Date) => date.toISOString().slice(0, 10)

/** Signups in the `days` UTC days ending `today` (today included), from the chart's days. */
export function signupsIn(perDay: DayCount[], today: Date, days: number, endingDaysAgo = 0): number {
  const last = dayOf(new Date(today.getTime() - endingDaysAgo * dayMs))
  const first = dayOf(new Date(today.getTime() - (endingDaysAgo + days - 1) * dayMs))
  return perDay.reduce((sum, { day, count }) => (day >= first && day <= last ? sum + count : sum), 0)
}

export type Trend = { now: number; before: number; words: string }

/** Signups in the last `days` against the `days` before, in words with a sign: "30, up 12 (+67%) on the 7 days
 * before (18)". The direction is in the words, never in a colour alone. */
export function signupTrend(perDay: DayCount[], today: Date, days = 7): Trend {
  const now = signupsIn(perDay, today, days)
  const before = signupsIn(perDay, today, days, days)
  const change = now - before
  const share = before === 0 ? '' : ` (${change >= 0 ? '+' : '−'}${Math.round((Math.abs(change) / before) * 100)}%)`
  const period = `the ${days} days before (${figure(before)})`
  const words =
    change === 0
      ? `${figure(now)}, the same as ${period}`
      : `${figure(now)}, ${change > 0 ? 'up' : 'down'} ${figure(Math.abs(change))}${share} on ${period}`
  return { now, before, words }
}
