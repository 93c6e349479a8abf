// CSV for people who open it in a spreadsheet, guarded against formula injection (OWASP, "CSV Injection":
// https://owasp.org/www-community/attacks/CSV_Injection). A cell a spreadsheet might read as a formula is
// prefixed with a single quote so it stays text: one starting with = + - @, tab, CR or LF, or with , or ;
// (which start a new cell in some locales), their full-width forms (＝ ＋ － ＠ ； ，), or any of these after
// invisible characters (format characters such as U+200B or U+FEFF, and whitespace), which some spreadsheets
// skip. Cells are quoted per RFC 4180, and also when they hold ; or a tab (the separator in some locales and in
// pasted text), so that such a spreadsheet keeps them one cell.

const formulaStart = /^[\p{Cf}\p{Z}\s]*[=+\-@\t\r\n,;\uFF1D\uFF0B\uFF0D\uFF20\uFF1B\uFF0C]/u
const needsQuotes = /[",;\t\r\n]/

export function csvCell(value: string): string {
  const safe = formulaStart.test(value) ? `'${value}` : value
  return needsQuotes.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export function csvRow(values: readonly string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`
}
