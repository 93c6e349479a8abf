// @vitest-environment node
// The cells of the waitlist export: RFC 4180 quoting, and every start that OWASP's "CSV Injection" page lists
// (https://owasp.org/www-community/attacks/CSV_Injection), plus the look-alikes a spreadsheet may also take for
// a formula, comes out as text.
import { describe, expect, it } from 'vitest'
import { csvCell, csvRow } from '../../../../server/platform/http/csv'

describe('csvCell', () => {
  it('quotes per RFC 4180 and defuses formula triggers', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('=1+1')).toBe("'=1+1")
    expect(csvCell('-2')).toBe("'-2")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('+1, two')).toBe(`"'+1, two"`)
    expect(csvCell('\tx')).toBe(`"'\tx"`)
  })

  // [what it is, the cell]
  const hostile: [string, string][] = [
    ['equals', '=1+1'],
    ['plus', '+1+1'],
    ['minus', '-1+1'],
    ['at', '@SUM(A1)'],
    ['tab', '\t=1+1'],
    ['carriage return', '\r=1+1'],
    ['line feed', '\n=1'],
    ['comma', ',=1+1'],
    ['semicolon', ';=1+1'],
    ['zero-width space, then equals', '\u200B=1+1'],
    ['left-to-right mark, then equals', '\u200E=1+1'],
    ['byte order mark, then at', '\uFEFF@SUM(A1)'],
    ['word joiner, then plus', '\u2060+1'],
    ['space, then equals', ' =1'],
    ['no-break space, then minus', '\u00A0-1'],
    ['ideographic space, then equals', '\u3000=1'],
    ['several invisible characters, then equals', '\u200B \uFEFF\t=1'],
    ['full-width equals', '＝1+1'],
    ['full-width plus', '＋1'],
    ['full-width minus', '－1'],
    ['full-width at', '＠SUM(A1)'],
    ['full-width semicolon', '；=1+1'],
    ['full-width comma', '，=1+1'],
    ['zero-width space, then full-width equals', '\u200B＝1+1'],
    ['a DDE payload', `=cmd|' /C calc'!A0`],
  ]
  it.each(hostile)('keeps a cell starting with %s as text', (_, cell) => {
    const out = csvCell(cell)
    expect(out.startsWith(`"'`) || out.startsWith("'")).toBe(true)
    // Nothing of the cell is lost: unquoting and dropping the guard gives it back.
    const unquoted = out.startsWith('"') ? out.slice(1, -1).replaceAll('""', '"') : out
    expect(unquoted).toBe(`'${cell}`)
  })

  const harmless = [
    'ann@example.com',
    'Zoë',
    'Bob',
    '2026-11-22',
    '2026-11-24T10:15:30.123Z',
    'stride-marketing-site',
    'https://news.example',
    'pending',
    'O\u2019Brien',
    ' Ann',
    '',
  ]
  it.each(harmless)('leaves %j as it is', (value) => {
    expect(csvCell(value)).toBe(value)
  })

  it('quotes a cell holding a semicolon or a tab, so a spreadsheet splitting on them keeps it one cell', () => {
    expect(csvCell('a;b')).toBe('"a;b"')
    expect(csvCell('a\tb')).toBe('"a\tb"')
    expect(csvRow(['Ann;=1+1', 'x'])).toBe('"Ann;=1+1",x\r\n')
  })
})
