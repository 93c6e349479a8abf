// How the console writes a number a person reads: with thousands separators ("1,000,000", "Page 1 of 40,000"),
// the same in every view, machine message and chart, so that no figure at a million prints as "1000000". One
// formatter, here; the console's views (src/admin/) and machines (machines/admin-*.ts) both import it.
const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** A whole number with separators: 1000000 → "1,000,000". */
export const figure = (value: number) => numbers.format(value)

/** A count and its noun, singular for exactly one: "1 person", "1,200 people". */
export const counted = (count: number, one: string, many: string) => `${figure(count)} ${count === 1 ? one : many}`
