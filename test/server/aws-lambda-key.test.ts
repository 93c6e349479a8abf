// @vitest-environment node
// A cold start of the serverless entry (server/aws-lambda.ts) runs the wings' checks at start, as `npm start` does
// (answers-key-start.test.ts): over a database whose sensitive answers were sealed with another key, the module does
// not load, which is how it fails on a bad setting too (readSettings' ConfigError thrown as it loads): Lambda reports
// the init error and serves nothing. The error is one line naming SENSITIVE_ANSWERS_KEY, and holds neither key nor the
// answer. With the key they were sealed with, the same database loads. A file of its own: each cold start here is a
// fresh load of the module (vi.resetModules), where aws-lambda.test.ts loads it once. On the engine of the run.
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { runsOnBothEngines } from '../utils/store-suite'
import { answeredWith, sealedAnswer } from './features/questions/answered-person'
import { freshDatabase, makeTempDir } from './harness'

runsOnBothEngines()

const keyA = randomBytes(32)
const keyB = randomBytes(32)
const keptEnv = { ...process.env }
let temp: Awaited<ReturnType<typeof makeTempDir>>
let databaseUrl: string

beforeAll(async () => {
  temp = await makeTempDir()
  databaseUrl = await freshDatabase(temp.dir)
  await answeredWith(keyA, databaseUrl)
})
afterAll(async () => {
  process.env = keptEnv
  await temp?.remove()
})

/** The module loaded as a new instance of the function would load it, with `key` in its configuration. */
async function coldStart(key: Buffer) {
  process.env = { ...keptEnv, DATABASE_URL: databaseUrl, SENSITIVE_ANSWERS_KEY: key.toString('hex'), MAIL_DIR: join(temp.dir, 'mail'), LOG_LEVEL: 'silent' }
  vi.resetModules()
  return import('../../server/aws-lambda')
}

it('refuses a cold start whose SENSITIVE_ANSWERS_KEY does not open the stored answers, in one line naming the setting and no key', async () => {
  const refused = await coldStart(keyB).then(
    () => undefined,
    (error: unknown) => error,
  )
  expect(refused, 'the module loaded with a key that opens none of the sealed answers').toBeInstanceOf(Error)
  const { message } = refused as Error
  expect(message.split('\n')).toHaveLength(1)
  expect(message).toMatch(/^SENSITIVE_ANSWERS_KEY does not open the sensitive answers stored in the database: they were sealed with another key\./)
  for (const secret of [keyA, keyB].flatMap((key) => [key.toString('hex'), key.toString('base64')])) expect(message).not.toContain(secret)
  expect(message).not.toContain(sealedAnswer)
})

it('starts cold with the key the answers were sealed with', async () => {
  const lambda = await coldStart(keyA)
  expect(typeof lambda.handler).toBe('function')
  expect(typeof lambda.answersRetention).toBe('function')
})
