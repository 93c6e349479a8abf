// CSV for people who open it in a spreadsheet: RFC 4180 quoting, and cells that a spreadsheet would read as a
// formula (starting with = + - @, tab or carriage return) prefixed with a single quote so they stay text.

export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export function csvRow(values: readonly string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`
}
