// @vitest-environment node
// `npm start` (the real process, tools/processes.ts) stops when the sensitive answers' key is not the one the stored
// answers were sealed with (server/features/questions/answers-key-check.ts): exit 1 and one line naming
// SENSITIVE_ANSWERS_KEY, or the kept key file's path when that is the key's source, never a key. With the key they
// were sealed with it starts. On SQLite here, on PostgreSQL with WAITLIST_TEST_ENGINE=postgres.
import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answersKeyFileName } from '../../../../server/features/questions/answers-key'
import { failingStart, killGroup, startServerProcess, stopAll } from '../../../../tools/processes'
import { freshDatabase, makeTempDir, testEngine } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'
import { answeredWith, sealedAnswer } from './answered-person'

runsOnBothEngines()

const keyA = randomBytes(32)
const keyB = randomBytes(32)
let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeAll(async () => (temp = await makeTempDir()))
afterAll(async () => {
  stopAll()
  await temp.remove()
})

/** The process's settings: its database, the key (empty: unset), and emails written in the test's folder. */
const env = (url: string, key: string) => ({ DATABASE_URL: url, SENSITIVE_ANSWERS_KEY: key, MAIL_DIR: join(temp.dir, 'mail') })

const hexes = (...keys: Buffer[]) => keys.flatMap((key) => [key.toString('hex'), key.toString('base64')])

function expectOneLine(result: { code: number | null; output: string }, naming: string) {
  expect(result.code).toBe(1)
  const lines = result.output.trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toContain(naming)
  expect(lines[0]).toMatch(/does not open the sensitive answers stored in the database/)
  for (const secret of [...hexes(keyA, keyB), sealedAnswer]) expect(result.output).not.toContain(secret)
}

describe('the sensitive answers’ key at start', () => {
  it('stops a start with another key than the answers were sealed with, and starts with theirs', async () => {
    const url = await freshDatabase(join(temp.dir, 'setting'))
    await answeredWith(keyA, url)
    const wrong = await failingStart(env(url, keyB.toString('hex')))
    expectOneLine(wrong, 'SENSITIVE_ANSWERS_KEY')
    const right = await startServerProcess(env(url, keyA.toString('base64')))
    expect((await fetch(`${right.origin}/healthz`)).status).toBe(200)
    killGroup(right.child, 'SIGTERM')
  })

  it('starts with any key while no sensitive answer is stored', async () => {
    const url = await freshDatabase(join(temp.dir, 'empty'))
    const server = await startServerProcess(env(url, keyB.toString('hex')))
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200)
    killGroup(server.child, 'SIGTERM')
  })

  // The kept file is beside a SQLite file; for PostgreSQL it is ./data's, shared by every run of this repository.
  it.skipIf(testEngine === 'postgres')('names the kept key file when that is the key’s source', async () => {
    const url = await freshDatabase(join(temp.dir, 'kept'))
    const folder = join(temp.dir, 'kept')
    await answeredWith(keyA, url)
    await writeFile(join(folder, answersKeyFileName), `${keyB.toString('hex')}\n`, { mode: 0o600 })
    expectOneLine(await failingStart(env(url, '')), join(folder, answersKeyFileName))
    await writeFile(join(folder, answersKeyFileName), `${keyA.toString('hex')}\n`, { mode: 0o600 })
    const server = await startServerProcess(env(url, ''))
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200)
    killGroup(server.child, 'SIGTERM')
  })
})
