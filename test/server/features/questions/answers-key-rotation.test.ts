// @vitest-environment node
// `npm run answers:rotate-key` (scripts/rotate-answers-key.ts) as an operator runs it, a process of its own, on a
// database where three people gave a health answer sealed with the old key: every answer is re-sealed under the new
// one, after which the server starts with the new key and gives the answers through /api/v1, and refuses the old.
// A second run changes nothing; a run cut short is finished by the next; an answer neither key opens is reported and
// kept; a new key that is not one, or an old key that opens nothing, is refused in one line and changes nothing; with
// the key kept in a file, the file then holds the new key. No output holds a key or an answer. In-process, the passes
// go on while one re-sealed any, and end unsettled when answers keep coming back under the old key. On SQLite here, on
// PostgreSQL with WAITLIST_TEST_ENGINE=postgres (the kept file's case on SQLite only: for PostgreSQL the file is
// ./data's, shared by every run of this repository).
import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerCipher } from '../../../../server/features/questions/answer-cipher'
import { answersKeyFileName } from '../../../../server/features/questions/answers-key'
import { resealAnswers } from '../../../../server/features/questions/answers-reseal'
import { featureMigrations } from '../../../../server/feature-migrations'
import { openDatabase } from '../../../../server/platform/database/open'
import { apiV1Base, type MadeApiKey } from '../../../../shared/api-keys'
import type { PersonAnswer } from '../../../../shared/questions'
import { openStore } from '../../../../tools/open-store'
import { failingStart, killGroup, startServerProcess, stopAll } from '../../../../tools/processes'
import { adminEmail, startAdminServer } from '../../admin-harness'
import { freshDatabase, makeTempDir, queryDatabase, testEngine } from '../../harness'
import { runScript, type ScriptRun } from '../../operator-scripts'
import { runsOnBothEngines } from '../../../utils/store-suite'
import { answeredPerson } from './answered-person'

runsOnBothEngines()

const keyA = randomBytes(32)
const keyB = randomBytes(32)
const keyC = randomBytes(32)
const people = [
  { email: 'ann@example.com', pain: 'Sharp pain below the left kneecap' },
  { email: 'ben@example.com', pain: 'Tight right calf after three kilometres' },
  { email: 'cy@example.com', pain: 'Sore left ankle on hills' },
]
let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeAll(async () => (temp = await makeTempDir()))
afterAll(async () => {
  stopAll()
  await temp.remove()
})

/** A database in `folder` where each of `people` answered how far they run (ordinary) and where it hurts (sealed
 * with `key`). */
async function answeredWith(key: Buffer, folder: string): Promise<string> {
  await mkdir(folder, { recursive: true })
  const url = await freshDatabase(folder)
  const store = await openStore(url, { config: { sensitiveAnswersKey: key } })
  try {
    const distance = await store.questions.define({ kind: 'single', sensitive: false, wording: 'How far do you run?', choices: ['Under 5 km', 'More'] }, adminEmail, new Date())
    const pain = await store.questions.define({ kind: 'short', sensitive: true, wording: 'Any pain when you run? Where?', choices: [] }, adminEmail, new Date())
    if (!distance.ok || !pain.ok) throw new Error('the questions were refused')
    for (const person of people)
      await answeredPerson(store, person.email, [
        { questionId: distance.id, answer: 'Under 5 km' },
        { questionId: pain.id, answer: person.pain },
      ])
  } finally {
    await store.close()
  }
  return url
}

type SealedRow = { id: number; signupId: number; questionId: number; sealed: string }

/** Every answer of the table as stored, sealed or not, by id. */
const storedAnswers = (url: string) => queryDatabase(url, 'SELECT id, signup_id, question_id, answer, answer_sealed FROM answers ORDER BY id')

async function sealedRows(url: string): Promise<SealedRow[]> {
  const rows = await queryDatabase(url, 'SELECT id, signup_id, question_id, answer_sealed FROM answers WHERE answer_sealed IS NOT NULL ORDER BY id')
  return rows.map((row) => ({ id: Number(row.id), signupId: Number(row.signup_id), questionId: Number(row.question_id), sealed: String(row.answer_sealed) }))
}

/** What `key` opens of the sealed answers, in id order (undefined where it opens nothing). */
const openedWith = (key: Buffer, rows: SealedRow[]) => rows.map((row) => answerCipher(key).open(row.sealed, row.signupId, row.questionId))
const painsAsStored = people.map((person) => JSON.stringify(person.pain))

/** Seals one stored answer anew with `key`, as a run cut short would have left it (or another key would have). */
async function sealAgain(url: string, row: SealedRow, plain: string, key: Buffer) {
  await queryDatabase(url, 'UPDATE answers SET answer_sealed = $1 WHERE id = $2', [answerCipher(key).seal(plain, row.signupId, row.questionId), row.id])
}

/** The command, with the old key as the server takes it (`old`: SENSITIVE_ANSWERS_KEY, empty for the kept file) and
 * the new one. */
const rotate = (url: string, old: string, next: string | undefined) =>
  runScript('rotate-answers-key.ts', {
    DATABASE_URL: url,
    MAIL_DIR: join(temp.dir, 'mail'),
    SENSITIVE_ANSWERS_KEY: old,
    ...(next === undefined ? {} : { SENSITIVE_ANSWERS_NEW_KEY: next }),
  })

/** The bound of a test that runs several processes (the command, and a server): 50 s was seen beside other work
 * (2026-12-06, load 11 to 35, each command then a tsx start), against the suite's 60 s. */
const spawnsSeveral = 180_000

/** Neither a key, in any spelling, nor an answer is in what the command printed. */
function expectNoSecret(run: ScriptRun) {
  const printed = run.stdout + run.stderr
  for (const key of [keyA, keyB, keyC]) for (const spelling of ['hex', 'base64', 'base64url'] as const) expect(printed).not.toContain(key.toString(spelling))
  for (const person of people) expect(printed).not.toContain(person.pain)
}

/** Exit 0 and the summary line: how many re-sealed, already under the new key, unreadable. */
function expectSummary(run: ScriptRun, resealed: number, already: number, unreadable: number) {
  expect(run.stderr).toBe('')
  expect(run.code).toBe(0)
  expect(run.stdout.split('\n')).toHaveLength(2)
  expect(run.stdout).toMatch(
    new RegExp(`^Re-sealed: ${resealed} sensitive answers under the new key, ${already} already under it, ${unreadable} unreadable with either key \\(left as they are\\), in \\d+\\.\\d s\\. `),
  )
  expectNoSecret(run)
}

/** Exit 1, one line on stderr saying `what`, nothing on stdout. */
function expectRefusal(run: ScriptRun, what: RegExp) {
  expect(run.code).toBe(1)
  expect(run.stdout).toBe('')
  expect(run.stderr.split('\n')).toHaveLength(2)
  expect(run.stderr).toMatch(what)
  expectNoSecret(run)
}

describe('changing the sensitive answers’ key', () => {
  it('re-seals every answer under the new key; the server then starts with it and gives the answers; a second run changes nothing', async () => {
    const url = await answeredWith(keyA, join(temp.dir, 'setting'))
    const before = await storedAnswers(url)
    const first = await rotate(url, keyA.toString('hex'), keyB.toString('base64'))
    expectSummary(first, 3, 0, 0)
    expect(first.stdout).toMatch(/Now set SENSITIVE_ANSWERS_KEY to the new key \(the value of SENSITIVE_ANSWERS_NEW_KEY\) on every instance before its next start\.\n$/)
    const rows = await sealedRows(url)
    expect(openedWith(keyB, rows)).toEqual(painsAsStored)
    expect(openedWith(keyA, rows)).toEqual([undefined, undefined, undefined])
    // The ordinary answers, and every row's person and question, are as they were.
    const after = await storedAnswers(url)
    expect(after.map(({ answer_sealed: _, ...rest }) => rest)).toEqual(before.map(({ answer_sealed: _, ...rest }) => rest))

    // The start's check (answers-key-check.ts) refuses the old key now, and takes the new one.
    const env = { DATABASE_URL: url, MAIL_DIR: join(temp.dir, 'mail') }
    expect((await failingStart({ ...env, SENSITIVE_ANSWERS_KEY: keyA.toString('hex') })).output).toMatch(/^SENSITIVE_ANSWERS_KEY does not open the sensitive answers/)
    const started = await startServerProcess({ ...env, SENSITIVE_ANSWERS_KEY: keyB.toString('hex') })
    expect((await fetch(`${started.origin}/healthz`)).status).toBe(200)
    killGroup(started.child, 'SIGTERM')

    // A key with the health answers' scope reads each person's answer through /api/v1, opened with the new key.
    const server = await startAdminServer({ databaseUrl: url, sensitiveAnswersKey: keyB })
    try {
      const cookie = await server.signIn()
      const made = (await (await server.request('/api/admin/api-keys', { method: 'POST', cookie, body: JSON.stringify({ name: 'coach', scopes: ['answers:read', 'answers:sensitive:read'] }) })).json()) as MadeApiKey
      for (const person of people) {
        const reply = await fetch(`${server.origin}${apiV1Base}/people/answers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${made.secret}` },
          body: JSON.stringify({ email: person.email }),
        })
        expect(reply.status).toBe(200)
        expect(((await reply.json()) as { answers: PersonAnswer[] }).answers.map((answer) => answer.answer)).toEqual(['Under 5 km', person.pain])
      }
    } finally {
      await server.close()
    }

    const second = await rotate(url, keyA.toString('hex'), keyB.toString('hex'))
    expectSummary(second, 0, 3, 0)
    expect(await storedAnswers(url)).toEqual(after)
  }, spawnsSeveral)

  it('finishes on the next run a run cut short: the answer re-sealed already is passed over, the others re-sealed', async () => {
    const url = await answeredWith(keyA, join(temp.dir, 'cut-short'))
    await sealAgain(url, (await sealedRows(url))[0]!, painsAsStored[0]!, keyB)
    const done = (await sealedRows(url))[0]
    const run = await rotate(url, keyA.toString('base64'), keyB.toString('hex'))
    expectSummary(run, 2, 1, 0)
    const rows = await sealedRows(url)
    expect(rows[0]).toEqual(done)
    expect(openedWith(keyB, rows)).toEqual(painsAsStored)
  })

  it('reports an answer that neither key opens, and keeps it as it was', async () => {
    const url = await answeredWith(keyA, join(temp.dir, 'neither'))
    await sealAgain(url, (await sealedRows(url))[1]!, painsAsStored[1]!, keyC)
    const kept = (await sealedRows(url))[1]
    const run = await rotate(url, keyA.toString('hex'), keyB.toString('hex'))
    expectSummary(run, 2, 0, 1)
    const rows = await sealedRows(url)
    expect(rows).toHaveLength(3)
    expect(rows[1]).toEqual(kept)
    expect(openedWith(keyB, rows)).toEqual([painsAsStored[0], undefined, painsAsStored[2]])
  })

  it('refuses a new key that is not one, or none, in one line naming SENSITIVE_ANSWERS_NEW_KEY, and changes nothing', async () => {
    const url = await answeredWith(keyA, join(temp.dir, 'bad-new'))
    const before = await storedAnswers(url)
    const notAKey = `${keyB.toString('hex').slice(0, 62)}zz`
    for (const next of [notAKey, keyB.subarray(0, 31).toString('base64'), undefined]) {
      const run = await rotate(url, keyA.toString('hex'), next)
      expectRefusal(run, /^Key not changed: Invalid configuration: SENSITIVE_ANSWERS_NEW_KEY must be (set to the new key: )?32 random bytes, as 64 hexadecimal characters/)
      if (next) expect(run.stderr).not.toContain(next)
    }
    expect(await storedAnswers(url)).toEqual(before)
  }, spawnsSeveral)

  it('refuses an old key that opens none of the answers, in one line, and changes nothing', async () => {
    const url = await answeredWith(keyA, join(temp.dir, 'wrong-old'))
    const before = await storedAnswers(url)
    expectRefusal(
      await rotate(url, keyC.toString('hex'), keyB.toString('hex')),
      /^Key not changed: SENSITIVE_ANSWERS_KEY does not open the newest sensitive answers, and neither does SENSITIVE_ANSWERS_NEW_KEY: give the key they were sealed with/,
    )
    expect(await storedAnswers(url)).toEqual(before)
  })

  it.skipIf(testEngine === 'postgres')('from the kept key file: re-seals, then the file holds the new key, for this user only, and the server starts with it', async () => {
    const folder = join(temp.dir, 'kept')
    const keyFile = join(folder, answersKeyFileName)
    const url = await answeredWith(keyA, folder)
    await writeFile(keyFile, `${keyA.toString('hex')}\n`, { mode: 0o600 })
    const run = await rotate(url, '', keyB.toString('hex'))
    expectSummary(run, 3, 0, 0)
    expect(run.stdout).toContain(`${keyFile} now holds the new key; start the server as before.`)
    expect(await readFile(keyFile, 'utf8')).toBe(`${keyB.toString('hex')}\n`)
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600)
    expect((await readdir(folder)).filter((name) => name.startsWith(answersKeyFileName))).toEqual([answersKeyFileName])
    expect(openedWith(keyB, await sealedRows(url))).toEqual(painsAsStored)
    const started = await startServerProcess({ DATABASE_URL: url, MAIL_DIR: join(temp.dir, 'mail'), SENSITIVE_ANSWERS_KEY: '' })
    expect((await fetch(`${started.origin}/healthz`)).status).toBe(200)
    killGroup(started.child, 'SIGTERM')

    const again = await rotate(url, '', keyB.toString('hex'))
    expectSummary(again, 0, 3, 0)
    expect(again.stdout).toContain(`${keyFile} holds the new key already.`)
  }, spawnsSeveral)

  it.skipIf(testEngine === 'postgres')('refuses to start from no key: the variable unset and no kept file', async () => {
    const folder = join(temp.dir, 'no-key')
    const url = await answeredWith(keyA, folder)
    expectRefusal(
      await rotate(url, '', keyB.toString('hex')),
      new RegExp(`^Key not changed: SENSITIVE_ANSWERS_KEY is unset and there is no key file at ${join(folder, answersKeyFileName).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, so there is no key to change from`),
    )
  })

  // In-process, the passes themselves (server/features/questions/answers-reseal.ts), in batches of two.
  it('passes again while a pass re-sealed any, and ends unsettled when answers keep coming back under the old key', async () => {
    const url = await answeredWith(keyA, join(temp.dir, 'passes'))
    const database = await openDatabase(url, { migrations: featureMigrations })
    try {
      const from = answerCipher(keyA)
      const to = answerCipher(keyB)
      // Each answer re-sealed is under the old key again by the next pass, as if an instance on it wrote it anew.
      const undone = { open: to.open, seal: from.seal }
      expect(await resealAnswers(database, from, undone, 2)).toEqual({ resealed: 9, already: 0, unreadable: 0, settled: false })
      expect(await resealAnswers(database, from, to, 2)).toEqual({ resealed: 3, already: 0, unreadable: 0, settled: true })
      expect(openedWith(keyB, await sealedRows(url))).toEqual(painsAsStored)
    } finally {
      await database.close()
    }
  })
})
