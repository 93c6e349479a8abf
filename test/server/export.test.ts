// @vitest-environment node
// `npm run waitlist:export` against a real database file: a header row, then every signup, RFC 4180 quoted,
// with spreadsheet formulas defused.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { csvCell } from '../../server/csv'
import { normalizeEmail } from '../../server/validate'
import { openStore } from '../../server/store/open'
import { makeTempDir } from './harness'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

function runExport(databaseUrl: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['scripts/export-waitlist.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** A small RFC 4180 reader, enough to check what the export wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (quoted && char === '"' && text[index + 1] === '"') {
      cell += '"'
      index++
    } else if (char === '"') {
      quoted = !quoted
    } else if (!quoted && char === ',') {
      row.push(cell)
      cell = ''
    } else if (!quoted && char === '\r' && text[index + 1] === '\n') {
      rows.push([...row, cell])
      row = []
      cell = ''
      index++
    } else {
      cell += char
    }
  }
  return rows
}

describe('csvCell', () => {
  it('quotes per RFC 4180 and defuses formula triggers', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('=1+1')).toBe("'=1+1")
    expect(csvCell('-2')).toBe("'-2")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('+1, two')).toBe(`"'+1, two"`)
    expect(csvCell('\tx')).toBe("'\tx")
  })
})

describe('scripts/export-waitlist.ts', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>
  let databaseUrl: string
  const people = [
    { email: 'ann@example.com', firstName: 'Ann', source: 'stride-marketing-site' },
    { email: '=cmd|calc@evil.example', firstName: '=HYPERLINK("https://evil.example","x")', source: '+partner' },
    { email: 'bob@example.com', firstName: 'Bob "The Builder", Jr.', source: '@campaign' },
    { email: 'zoe@example.com', firstName: '-Zoë', source: 'stride-marketing-site' },
  ]

  beforeAll(async () => {
    temp = await makeTempDir()
    databaseUrl = `file:${join(temp.dir, 'waitlist.db')}`
    const store = await openStore(databaseUrl)
    for (const person of people) await store.add({ ...person, emailNormalized: normalizeEmail(person.email), submissionId: null })
    await store.close()
  })
  afterAll(() => temp.remove())

  it('prints a header row and every signup, oldest first, with formulas escaped', async () => {
    const { code, stdout, stderr } = await runExport(databaseUrl)
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const [header, ...rows] = parseCsv(stdout)
    expect(header).toEqual(['created_at', 'email', 'first_name', 'source'])
    expect(rows.map((row) => row.slice(1))).toEqual([
      ['ann@example.com', 'Ann', 'stride-marketing-site'],
      ["'=cmd|calc@evil.example", `'=HYPERLINK("https://evil.example","x")`, "'+partner"],
      ['bob@example.com', 'Bob "The Builder", Jr.', "'@campaign"],
      ['zoe@example.com', "'-Zoë", 'stride-marketing-site'],
    ])
    for (const row of rows) expect(row[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/)
  })

  it('says so, and creates nothing, when there is no database', async () => {
    const { code, stdout, stderr } = await runExport(`file:${join(temp.dir, 'missing.db')}`)
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toMatch(/No waitlist database/)
  })
})
