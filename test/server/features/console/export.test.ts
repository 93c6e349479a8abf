// @vitest-environment node
// `npm run waitlist:export` against a real database (a SQLite file, or PostgreSQL): a header row, then every
// signup, RFC 4180 quoted, with spreadsheet formulas defused.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canonicalAddress } from '../../../../shared/mailbox'
import { openStore } from '../../../../tools/open-store'
import { freshDatabase, makeTempDir } from '../../harness'
import { saveLinkTokens } from '../../../../server/platform/secrets/link-tokens'
import { newsChoiceTokenPurpose } from '../../../../server/features/consent/consent-store'
import { newsConsentVersion } from '../../../../shared/email-purposes'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url))

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
    databaseUrl = await freshDatabase(temp.dir)
    const store = await openStore(databaseUrl)
    const consent = { consentVersion: '2026-11-22', utmSource: 'newsletter', utmMedium: 'email', utmCampaign: '=launch', referrerOrigin: 'https://news.example', referralCode: null }
    for (const [index, person] of people.entries())
      await store.add({ ...person, emailNormalized: canonicalAddress(person.email)!, submissionId: null, consent: index === 0 ? consent : undefined })
    // Bob confirms; Zoë confirms, then unsubscribes.
    const ids = new Map((await store.database.db.selectFrom('signups').select(['email', 'id']).execute()).map((row) => [row.email, row.id]))
    const expiresAt = new Date(Date.now() + 60_000)
    await saveLinkTokens(store.database.db, [
      { hash: 'bob-confirm', purpose: 'confirm', personId: ids.get('bob@example.com')!, expiresAt },
      { hash: 'zoe-confirm', purpose: 'confirm', personId: ids.get('zoe@example.com')!, expiresAt },
      { hash: 'zoe-unsubscribe', purpose: 'unsubscribe', personId: ids.get('zoe@example.com')!, expiresAt },
      { hash: 'bob-news', purpose: newsChoiceTokenPurpose, personId: ids.get('bob@example.com')!, expiresAt },
    ])
    for (const [purpose, hash] of [['confirm', 'bob-confirm'], ['confirm', 'zoe-confirm'], ['unsubscribe', 'zoe-unsubscribe']] as const)
      expect(await store.consent.useToken(purpose, hash, new Date())).toEqual({ signupId: expect.any(Number) })
    // Bob also asks for news and updates: the record keeps the wording's version with it.
    expect(await store.consent.chooseNews('bob-news', 'on', new Date())).toMatchObject({ signupId: ids.get('bob@example.com') })
    await store.close()
  })
  afterAll(() => temp.remove())

  it('prints a header row and every signup, oldest first, with formulas escaped', async () => {
    const { code, stdout, stderr } = await runExport(databaseUrl)
    expect(stderr).toBe('')
    expect(code).toBe(0)
    // The header, byte for byte: the columns a spreadsheet user's formulas and imports rely on.
    expect(stdout.slice(0, stdout.indexOf('\r\n'))).toBe(
      'created_at,email,first_name,source,status,consent_version,confirmed_at,unsubscribed_at,news_consent_version,news_given_at,news_withdrawn_at,utm_source,utm_medium,utm_campaign,referrer_origin',
    )
    const [, ...rows] = parseCsv(stdout)
    const timestamp = /^\d{4}-\d\d-\d\dT[\d:.]+Z$/
    const withoutTimes = rows.map((row) => row.map((cell, index) => ([0, 6, 7, 9, 10].includes(index) && timestamp.test(cell) ? 'T' : cell)))
    expect(withoutTimes).toEqual([
      ['T', 'ann@example.com', 'Ann', 'stride-marketing-site', 'pending', '2026-11-22', '', '', '', '', '', 'newsletter', 'email', "'=launch", 'https://news.example'],
      ['T', "'=cmd|calc@evil.example", `'=HYPERLINK("https://evil.example","x")`, "'+partner", 'pending', '', '', '', '', '', '', '', '', '', ''],
      ['T', 'bob@example.com', 'Bob "The Builder", Jr.', "'@campaign", 'confirmed', '', 'T', '', newsConsentVersion, 'T', '', '', '', '', ''],
      ['T', 'zoe@example.com', "'-Zoë", 'stride-marketing-site', 'unsubscribed', '', 'T', 'T', '', '', '', '', '', '', ''],
    ])
  })

  it('says so, and creates nothing, when there is no database', async () => {
    const { code, stdout, stderr } = await runExport(`file:${join(temp.dir, 'missing.db')}`)
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toMatch(/No waitlist database/)
  })
})
