// How the console writes a number a person reads: with thousands separators ("1,000,000", "Page 1 of 40,000"),
// the same in every view, machine message and chart, so that no figure at a million prints as "1000000". One
// formatter, here; the console's views (src/admin/) and machines (machines/admin-*.ts) both import it.

/** A whole number with separators, as `Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })` writes it:
 * 1000000 → "1,000,000", 2.5 → "3". Written out rather than asked of Intl: a page's first Intl object starts ICU,
 * 15–30 ms of the Overview's first view on the shared 2-core machine (Chromium 156, 2026-12-06), before a figure shows. */
export function figure(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞'
  const whole = Math.round(Math.abs(value))
  const digits = String(whole).replace(/\B(?=(\d{3})+$)/g, ',')
  return value < 0 || Object.is(value, -0) ? `-${digits}` : digits
}

/** A count and its noun, singular for exactly one: "1 person", "1,200 people". */
export const counted = (count: number, one: string, many: string) => `${figure(count)} ${count === 1 ? one : many}`
