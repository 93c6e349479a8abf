// @vitest-environment node
// One list of personal data (server/personal-data.ts, issue 51) held to the database and to the code that reads
// and erases it, on SQLite here and on PostgreSQL with WAITLIST_TEST_ENGINE=postgres:
// - the schema a fresh database migrates to has exactly the tables and columns the list names, so a migration
//   that adds a column (an address kept for ever, say) fails here until the list says what it is and how long it
//   stays;
// - a person made through the real routes finds in their own copy every column the list says it shows, and after
//   their erasure no table the list links to them still names them.
import type { ParsedMail } from 'mailparser'
import { sql as kyselySql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { consentApi, copyFilePath, copyPagePath } from '../../shared/consent-paths'
import type { OwnCopy } from '../../shared/own-copy'
import { featureMigrations } from '../../server/feature-migrations'
import { openDatabase } from '../../server/platform/database/open'
import { engineTables, personalData, type PersonalTable, type TableName } from '../../server/personal-data'
import { until } from '../../tools/until'
import { freshDatabase, makeTempDir, startTestServer, validSignup, type TestServer } from './harness'
import { runsOnBothEngines } from '../utils/store-suite'
import { pageText } from '../utils/page-text'
import { inboxForFile } from '../utils/file-inbox'

runsOnBothEngines()

const sorted = (columns: readonly string[]) => [...columns].sort()

describe('the schema', () => {
  it('has exactly the tables and columns the list names', async () => {
    const temp = await makeTempDir()
    const database = await openDatabase(await freshDatabase(temp.dir), { migrations: featureMigrations })
    try {
      const tables = await database.db.introspection.getTables()
      const actual = Object.fromEntries(
        tables.filter((table) => !(engineTables as readonly string[]).includes(table.name)).map((table) => [table.name, sorted(table.columns.map((column) => column.name))]),
      )
      const listed = Object.fromEntries(Object.entries(personalData).map(([name, entry]) => [name, sorted(entry.columns)]))
      expect(actual).toEqual(listed)
    } finally {
      await database.close()
      await temp.remove()
    }
  })

  it('names, for each table with someone’s data, a copy and an erasure that only name its own columns', () => {
    for (const [name, entry] of Object.entries(personalData) as [TableName, PersonalTable][]) {
      if ((entry.whose as string) === 'nobody') continue
      const own = (column: string) => expect(entry.columns, `${name}.${column}`).toContain(column)
      for (const column of entry.copy?.shows ?? []) own(column)
      if ('clears' in entry.erasure) for (const column of entry.erasure.clears) own(column)
      if (entry.linkedBy) own(entry.linkedBy)
      // A person on the list reaches the copy; the others are not on it.
      expect(entry.copy !== undefined, name).toBe(entry.whose === 'listed' && !('keeps' in entry.erasure))
    }
  })
})

describe('a person’s copy and erasure', () => {
  const inbox = inboxForFile()
  let server: TestServer
  afterEach(() => server?.close())

  function linkTo(mail: ParsedMail, path: string): string {
    const found = new RegExp(`${path.replaceAll('/', '\\/')}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text ?? '')
    if (!found) throw new Error(`no ${path} link in: ${mail.text}`)
    return found[1]!
  }
  const postJson = (path: string, body: unknown) =>
    fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) })
  const postForm = (path: string, token: string) =>
    fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'null' }, body: new URLSearchParams({ token }).toString() })
  const joinAndConfirm = async (email: string, extra: Record<string, string> = {}) => {
    expect((await server.post({ ...validSignup, email, ...extra })).status).toBe(200)
    expect((await (await postJson(consentApi.confirm, { token: linkTo(await inbox.next(email), '/waitlist/confirm') })).json()).ok).toBe(true)
    await inbox.next(email) // the welcome email
  }
  /** The person's rows of a table, by the column that links them, with the columns the list names. */
  const rowsOf = async (table: TableName, entry: PersonalTable, id: number) =>
    (await kyselySql<Record<string, unknown>>`SELECT ${kyselySql.join(entry.columns.map((column) => kyselySql.ref(column)))} FROM ${kyselySql.table(table)} WHERE ${kyselySql.ref(entry.linkedBy!)} = ${id}`.execute(server.store.database.db)).rows

  it('shows in the copy every column the list says it shows, and leaves none linked to them once erased', async () => {
    server = await startTestServer({ mail: { smtpUrl: inbox.url } })
    // Bob first, so that Ann comes through his share link.
    await joinAndConfirm('bob.list@example.com')
    const codeOf = async (email: string) => (await server.store.database.db.selectFrom('signups').select('referral_code').where('email_normalized', '=', email).executeTakeFirst())?.referral_code ?? null
    await until(async () => (await codeOf('bob.list@example.com')) !== null, 10_000, 'Bob’s code')
    const ann = 'ann.list@example.com'
    await joinAndConfirm(ann, { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'launch-week', consentVersion: '2026-11-01', referralCode: (await codeOf('bob.list@example.com'))! })
    const { id } = await server.store.database.db.selectFrom('signups').select('id').where('email_normalized', '=', ann).executeTakeFirstOrThrow()
    // She answers an ordinary question and, with her consent, a health one (issue 52).
    const by = 'team@company.example'
    const distance = await server.store.questions.define({ kind: 'single', sensitive: false, wording: 'How far do you run now?', choices: ['Under 5 km', 'More'] }, by, new Date())
    const pain = await server.store.questions.define({ kind: 'short', sensitive: true, wording: 'Any pain when you run? Where?', choices: [] }, by, new Date())
    if (!distance.ok || !pain.ok) throw new Error('no questions')
    const knee = 'Sharp pain below the left kneecap'
    const answered = await server.store.questions.answer(id, [{ questionId: distance.id, answer: 'Under 5 km' }, { questionId: pain.id, answer: knee }], new Date(), { giveConsent: true })
    expect(answered).toEqual({ ok: true, saved: 2 })

    await postJson(consentApi.copy, { email: ann })
    const page = await postForm(copyPagePath, linkTo(await inbox.next(ann), copyPagePath))
    const html = await page.text()
    // Her page reads both answers back to her, the health one opened for her alone.
    for (const shown of ['How far do you run now?', 'Under 5 km', 'Any pain when you run? Where? (health)', knee]) expect(pageText(html)).toContain(shown)
    const fileToken = /name="token" value="([\w-]{43})"/.exec(html)![1]!
    const text = await (await postForm(copyFilePath, fileToken)).text()
    const copy = JSON.parse(text) as OwnCopy
    expect(copy.signup.email).toBe(ann)

    const linked = (Object.entries(personalData) as [TableName, PersonalTable][]).filter(([, entry]) => entry.whose === 'listed' && entry.linkedBy)
    const seen: string[] = []
    for (const [table, entry] of linked) {
      for (const row of await rowsOf(table, entry, id)) {
        seen.push(table)
        for (const column of entry.copy?.shows ?? []) {
          const value = row[column]
          if (value !== null && value !== undefined) expect(text, `${table}.${column} = ${String(value)}`).toContain(JSON.stringify(value instanceof Date ? value.toISOString() : value))
        }
      }
    }
    // The person's rows this walk made: their signup, its links, its emails, Bob's referral of them, their answers
    // and their consent to the health questions.
    expect(new Set(seen)).toEqual(new Set(['signups', 'consent_tokens', 'outbox', 'referrals', 'answers', 'sensitive_consents']))
    expect(JSON.stringify(copy.answers)).toContain(knee)

    await postJson(consentApi.erase, { email: ann })
    expect((await (await postJson(consentApi.eraseConfirm, { token: linkTo(await inbox.next(ann), '/waitlist/erase/confirm') })).json()).ok).toBe(true)
    for (const [table, entry] of linked) expect(await rowsOf(table, entry, id), table).toEqual([])
    // No table the list says an erasure reaches holds the address any more.
    for (const [table, entry] of Object.entries(personalData) as [TableName, PersonalTable][]) {
      if (entry.whose !== 'listed' || 'keeps' in entry.erasure) continue
      const rows = (await kyselySql<Record<string, unknown>>`SELECT * FROM ${kyselySql.table(table)}`.execute(server.store.database.db)).rows
      expect(JSON.stringify(rows), table).not.toContain(ann)
    }
  })
})
