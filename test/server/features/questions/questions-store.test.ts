// @vitest-environment node
// The questions' store (issue 52) over a real database, on SQLite here and on PostgreSQL with
// WAITLIST_TEST_ENGINE=postgres: questions and their versions, answers that keep the version they answered, every
// bad input refused with nothing stored, a sensitive answer sealed (the table read raw holds its ciphertext and
// never its words), the consent's withdrawal and an erasure deleting what they must, and the retention clock.
import { readFile } from 'node:fs/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { questionRules } from '../../../../shared/questions'
import { sqliteFilePath } from '../../../../server/platform/database/database-url'
import { sweepSensitiveAnswers } from '../../../../server/features/questions/questions-retention'
import { openStore, type Stores } from '../../../../tools/open-store'
import { freshDatabase, makeTempDir, queryDatabase, testEngine } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

const knee = 'Sharp pain below the left kneecap'
const day = 86_400_000

describe('the questions’ store', () => {
  let temp: { dir: string; remove: () => Promise<void> }
  let databaseUrl: string
  let store: Stores
  beforeEach(async () => {
    temp = await makeTempDir()
    databaseUrl = await freshDatabase(temp.dir)
    store = await openStore(databaseUrl)
  })
  afterEach(async () => {
    await store.close()
    await temp.remove()
  })

  const questions = () => store.questions
  let people = 0
  async function confirmedPerson(confirmed = true): Promise<number> {
    const email = `asked.${++people}@example.com`
    await store.add({ email, emailNormalized: email, firstName: 'Pat', source: 'test', submissionId: null })
    const now = new Date().toISOString()
    if (confirmed) await store.database.db.updateTable('signups').set({ status: 'confirmed', confirmed_at: now }).where('email_normalized', '=', email).execute()
    const { id } = await store.database.db.selectFrom('signups').select('id').where('email_normalized', '=', email).executeTakeFirstOrThrow()
    return id
  }
  async function defineThree() {
    const now = new Date()
    const distance = await questions().define({ kind: 'single', sensitive: false, wording: 'How far do you run now?', choices: ['Under 5 km', '5 to 10 km', 'More'] }, 'team@company.example', now)
    const phone = await questions().define({ kind: 'several', sensitive: false, wording: 'Which devices do you have?', choices: ['iPhone', 'Apple Watch', 'Garmin'] }, 'team@company.example', now)
    const pain = await questions().define({ kind: 'short', sensitive: true, wording: 'Any pain when you run? Where?', choices: [] }, 'team@company.example', now)
    if (!distance.ok || !phone.ok || !pain.ok) throw new Error('could not define the questions')
    return { distance: distance.id, phone: phone.id, pain: pain.id }
  }
  const rawAnswers = () => queryDatabase(databaseUrl, 'SELECT signup_id, question_id, version, answer, answer_sealed FROM answers ORDER BY question_id')

  it('keeps the version an answer answered when the wording changes after', async () => {
    const { distance } = await defineThree()
    const ann = await confirmedPerson()
    expect(await questions().answer(ann, [{ questionId: distance, answer: 'Under 5 km' }], new Date())).toEqual({ ok: true, saved: 1 })
    const edited = await questions().edit(distance, { wording: 'How far do you run in a week?', choices: ['Under 5 km', '5 to 10 km', 'More'] }, 'team@company.example', new Date())
    expect(edited).toEqual({ ok: true, id: distance, version: 2 })
    const record = await questions().personAnswers(store.database.db, ann)
    expect(record.given).toEqual([expect.objectContaining({ questionId: distance, version: 1, wording: 'How far do you run now?', answer: 'Under 5 km' })])
    expect((await questions().asked()).find((question) => question.id === distance)).toMatchObject({ version: 2, wording: 'How far do you run in a week?' })
  })

  it('refuses each bad answer in words of its own and stores nothing of the batch', async () => {
    const { distance, phone, pain } = await defineThree()
    const retired = await questions().define({ kind: 'single', sensitive: false, wording: 'Old question?', choices: ['Yes', 'No'] }, 'team@company.example', new Date())
    if (!retired.ok) throw new Error('no question')
    await questions().retire(retired.id, 'team@company.example', new Date())
    const ann = await confirmedPerson()
    const good = { questionId: distance, answer: 'More' }
    const cases: [string, unknown][] = [
      ['unknown-question', { questionId: 999_999, answer: 'Yes' }],
      ['unknown-question', { questionId: String(distance), answer: 'More' }],
      ['retired', { questionId: retired.id, answer: 'Yes' }],
      ['too-long', { questionId: pain, answer: 'x'.repeat(questionRules.answerMaxLength + 1) }],
      ['not-offered', { questionId: distance, answer: 'Marathons' }],
      ['not-offered', { questionId: phone, answer: ['iPhone', 'Nokia'] }],
      ['bad-answer', { questionId: phone, answer: 'iPhone' }],
      ['bad-answer', { questionId: distance, answer: 3 }],
      ['needs-consent', { questionId: pain, answer: knee }],
      ['duplicate', good],
    ]
    for (const [refusal, bad] of cases) {
      // Beside a good answer to another question, which is not stored either.
      const beside = refusal !== 'duplicate' && (bad as { questionId: unknown }).questionId === distance ? { questionId: phone, answer: ['iPhone'] } : good
      expect(await questions().answer(ann, [beside, bad as never], new Date()), refusal).toEqual({ ok: false, refusal })
    }
    expect(await rawAnswers()).toEqual([])
    // Not confirmed: refused as the news choice is, whatever the answer.
    expect(await questions().answer(await confirmedPerson(false), [good], new Date())).toEqual({ ok: false, refusal: 'not-confirmed' })
    expect(await rawAnswers()).toEqual([])
  })

  it('keeps a sensitive answer sealed: the table and the file hold its ciphertext, never its words', async () => {
    const { distance, pain } = await defineThree()
    const ann = await confirmedPerson()
    await questions().giveSensitiveConsent(ann, new Date())
    expect(await questions().answer(ann, [{ questionId: distance, answer: 'Under 5 km' }, { questionId: pain, answer: knee }], new Date())).toEqual({ ok: true, saved: 2 })
    const rows = await rawAnswers()
    expect(rows).toHaveLength(2)
    const sealed = rows.find((row) => Number(row.question_id) === pain)!
    expect(sealed.answer).toBeNull()
    expect(String(sealed.answer_sealed)).toMatch(/^v1\.[A-Za-z0-9_-]{40,}$/)
    expect(JSON.stringify(rows)).not.toContain('kneecap')
    expect(rows.find((row) => Number(row.question_id) === distance)!.answer).toBe('"Under 5 km"')
    if (testEngine === 'sqlite') {
      const file = sqliteFilePath(databaseUrl)
      const bytes = Buffer.concat([await readFile(file), await readFile(`${file}-wal`).catch(() => Buffer.alloc(0))])
      expect(bytes.includes('Under 5 km')).toBe(true)
      expect(bytes.includes('kneecap')).toBe(false)
    }
    // Opened for the person's own record; moved onto another person's row, it opens for nobody.
    expect((await questions().personAnswers(store.database.db, ann)).given.find((given) => given.sensitive)?.answer).toBe(knee)
    const bob = await confirmedPerson()
    await store.database.db.insertInto('answers').values({ signup_id: bob, question_id: pain, version: 1, answer: null, answer_sealed: String(sealed.answer_sealed), answered_at: new Date().toISOString() }).execute()
    expect((await questions().personAnswers(store.database.db, bob)).given[0]?.answer).toBeNull()
  })

  it('deletes the sensitive answers at once when the consent is taken back, and everything at an erasure', async () => {
    const { distance, pain } = await defineThree()
    const ann = await confirmedPerson()
    await questions().giveSensitiveConsent(ann, new Date())
    await questions().answer(ann, [{ questionId: distance, answer: 'More' }, { questionId: pain, answer: knee }], new Date())
    expect(await questions().withdrawSensitiveConsent(ann, new Date())).toBe(1)
    expect((await rawAnswers()).map((row) => Number(row.question_id))).toEqual([distance])
    expect(await questions().holdsSensitiveConsent(ann)).toBe(false)
    expect(await questions().answer(ann, [{ questionId: pain, answer: knee }], new Date())).toEqual({ ok: false, refusal: 'needs-consent' })
    // An empty answer takes an ordinary one back.
    expect(await questions().answer(ann, [{ questionId: distance, answer: '' }], new Date())).toEqual({ ok: true, saved: 0 })
    expect(await rawAnswers()).toEqual([])

    await questions().giveSensitiveConsent(ann, new Date())
    await questions().answer(ann, [{ questionId: distance, answer: 'More' }, { questionId: pain, answer: knee }], new Date())
    expect(await store.consent.eraseById(ann, new Date())).toBe(true)
    expect(await rawAnswers()).toEqual([])
    expect(await queryDatabase(databaseUrl, 'SELECT * FROM sensitive_consents')).toEqual([])
  })

  it('deletes a sensitive answer a year after it was given, and keeps the ordinary ones', async () => {
    const { distance, pain } = await defineThree()
    const ann = await confirmedPerson()
    const given = new Date('2026-01-10T09:00:00.000Z')
    await questions().giveSensitiveConsent(ann, given)
    await questions().answer(ann, [{ questionId: distance, answer: 'More' }, { questionId: pain, answer: knee }], given)
    const sweep = sweepSensitiveAnswers(store.database, questions(), 1)
    expect(await sweep(new Date(given.getTime() + questionRules.sensitiveAnswersKeptMs))).toEqual({ removed: 0 })
    expect(await rawAnswers()).toHaveLength(2)
    expect(await sweep(new Date(given.getTime() + questionRules.sensitiveAnswersKeptMs + day))).toEqual({ removed: 1 })
    expect((await rawAnswers()).map((row) => Number(row.question_id))).toEqual([distance])
  })

  it('refuses a question the team writes wrong, in words', async () => {
    const at = new Date()
    const define = (wording: string, choices: string[], kind: 'single' | 'short' = 'single') => questions().define({ kind, sensitive: false, wording, choices }, 'team@company.example', at)
    expect(await define('', ['A', 'B'])).toEqual({ ok: false, problem: 'Write the question.' })
    expect(await define('Pick one', ['A'])).toEqual({ ok: false, problem: `A choice question offers from 2 to ${questionRules.choicesMax} choices.` })
    expect(await define('Pick one', ['A', 'A'])).toEqual({ ok: false, problem: 'Each choice is offered once.' })
    expect(await define('Say it', ['A'], 'short')).toEqual({ ok: false, problem: 'A short-answer question offers no choices.' })
    expect(await queryDatabase(databaseUrl, 'SELECT * FROM questions')).toEqual([])
  })
})
