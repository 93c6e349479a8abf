// What may become a value of a day's counts (issue 45, cases 6 and 8). A count's value (a campaign, a source, a page)
// is kept for good in analytics_daily, and anyone can make one up: a link such as `?utm_campaign=ann@example.com`
// would make a person's address a permanent row of the console's tables and CSVs, which no erasure of Ann reaches,
// and a script can send a new made-up value with every beacon. So a value that looks like an email address or a
// phone number is never kept: it is counted as `redactedValue` from the beacon on (analytics-routes.ts viewOf), in
// the report of the signups' own record (analytics-report.ts), and the migration `2026-12-03-1200-analytics-redacted`
// rewrote the ones kept before. And a day keeps at most `valuesKeptPerDay` values per dimension, those with the most
// visitors; the rest are counted together as `otherValues` (analytics-store.ts).

import { otherValues, redactedValue, valuesKeptPerDay } from '../../../shared/analytics'

export { otherValues, redactedValue, valuesKeptPerDay }

/** The dimensions a day's counts are kept by. A visitor's source, campaign, referrer, landing page and device are
 * those of their first view of the day; `page` counts every page they viewed. */
export const dimensions = ['all', 'source', 'campaign', 'referrer', 'landing', 'page', 'device'] as const
export type Dimension = (typeof dimensions)[number]

// An address: something@something.something, also as a link encodes it (%40).
const emailLike = /[^\s@]+(@|%40)[^\s@]+\.[^\s@]+/i
// A phone number: 9 or more digits in one run of digits and the separators phones are written with (a date has 8),
// or + and 7 or more. A timestamp of 9 digits or more is redacted too: a small price for never keeping a number.
const phoneRun = /\+?\d[\d\s().\-/]*\d/g
const digitsIn = (text: string) => text.replace(/\D/g, '').length

/** Whether `value` looks like an email address or a phone number, anywhere in it. */
export function looksPersonal(value: string): boolean {
  if (emailLike.test(value)) return true
  for (const run of value.match(phoneRun) ?? []) if (digitsIn(run) >= 9 || (run.startsWith('+') && digitsIn(run) >= 7)) return true
  return false
}

/** The value as a day's counts may keep it. */
export const keptValue = <Value extends string | null>(value: Value): Value | typeof redactedValue => (value !== null && looksPersonal(value) ? redactedValue : value)

type Counted = { dimension: string; value: string; visitors: number; views: number; signups: number }

const added = <Row extends Counted>(into: Row, row: Counted): Row => ({ ...into, visitors: into.visitors + row.visitors, views: into.views + row.views, signups: into.signups + row.signups })

/** A day's counts with one row per value (values redacted alike are added together) and at most `kept` values per
 * dimension, the most visitors first (then views, then the value, so every instance keeps the same); the rest are
 * added into one `otherValues` row. Its visitors are a sum: on the page dimension a visitor who saw two of those
 * pages counts twice, as they do across a range's days. */
export function boundValues<Row extends Counted>(rows: readonly Row[], kept = valuesKeptPerDay): Row[] {
  const byDimension = new Map<string, Map<string, Row>>()
  for (const row of rows) {
    const values = byDimension.get(row.dimension) ?? byDimension.set(row.dimension, new Map()).get(row.dimension)!
    const same = values.get(row.value)
    values.set(row.value, same ? added(same, row) : row)
  }
  return [...byDimension.values()].flatMap((values) => {
    if (values.size <= kept) return [...values.values()]
    const ranked = [...values.values()].sort((a, b) => b.visitors - a.visitors || b.views - a.views || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    const [first, rest] = [ranked.slice(0, kept), ranked.slice(kept)]
    const other = [...first.filter((row) => row.value === otherValues), ...rest].reduce((sum, row) => added(sum, row), { ...rest[0]!, value: otherValues, visitors: 0, views: 0, signups: 0 })
    return [...first.filter((row) => row.value !== otherValues), other]
  })
}
