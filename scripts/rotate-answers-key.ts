// `npm run answers:rotate-key` (`node dist-api/rotate-answers-key.js` on a host with no tsx): changes the key the
// sensitive answers are sealed with (issue 52; docs/operations.md, "Sensitive answers"), after a suspected leak or
// as routine, without losing an answer. The old key is the server's own (SENSITIVE_ANSWERS_KEY, else the key file
// kept beside the database), the new one SENSITIVE_ANSWERS_NEW_KEY, checked as the other is. Every sealed answer is
// re-sealed, a batch per transaction (server/features/questions/answers-reseal.ts), so a run killed midway is
// finished by running it again with the same keys. Then the new key takes the old one's place: in the key file,
// replaced whole once every answer is re-sealed; or, from the variable, the operator sets it on every instance.
// One line on success, with the counts; one line and exit 1 on anything wrong. It never prints a key or an answer.
import { existsSync } from 'node:fs'
import { readNewAnswersKey } from '../server/config'
import { featureMigrations } from '../server/feature-migrations'
import { answerCipher } from '../server/features/questions/answer-cipher'
import { answersKeyPath, keptAnswersKey, replaceKeptAnswersKey } from '../server/features/questions/answers-key'
import { keyOpensAnswers } from '../server/features/questions/answers-key-check'
import { resealAnswers } from '../server/features/questions/answers-reseal'
import { ConfigError, configProblems } from '../server/platform/config-error'
import { StoreOpenError } from '../server/platform/database/contract'
import { isSqliteUrl, sqliteFilePath } from '../server/platform/database/database-url'
import { openDatabase } from '../server/platform/database/open'
import { oneScrubbedLine } from '../server/platform/secrets/redact-url'
import { readSettings } from '../server/settings'

const see = '(docs/operations.md, "Sensitive answers")'

function stop(line: string): never {
  let said = oneScrubbedLine(line, [process.env.DATABASE_URL, process.env.SMTP_URL])
  // Never a key, even inside a message of a library's.
  for (const name of ['SENSITIVE_ANSWERS_KEY', 'SENSITIVE_ANSWERS_NEW_KEY']) {
    const value = process.env[name]?.trim()
    if (value) said = said.split(value).join('***')
  }
  process.stderr.write(`${said}\n`)
  process.exit(1)
}

const { problems, read } = configProblems()
const settings = read(() => readSettings(process.env))
const newKey = read(() => readNewAnswersKey(process.env))
if (!settings || !newKey) stop(`Key not changed: ${new ConfigError(problems).message}`)
const { databaseUrl } = settings.config

// The old key, where the server takes it, without making one as a first start would.
const keyFile = settings.config.sensitiveAnswersKey ? undefined : answersKeyPath(databaseUrl)
let oldKey = settings.config.sensitiveAnswersKey
if (keyFile) {
  try {
    oldKey = keptAnswersKey(keyFile)
  } catch (error) {
    stop(`Key not changed: ${(error as Error).message}`)
  }
  if (!oldKey) stop(`Key not changed: SENSITIVE_ANSWERS_KEY is unset and there is no key file at ${keyFile}, so there is no key to change from: set SENSITIVE_ANSWERS_KEY to the key the answers are sealed with ${see}.`)
}
const oldSource = keyFile ? `the key in ${keyFile}` : 'SENSITIVE_ANSWERS_KEY'
if (isSqliteUrl(databaseUrl) && !existsSync(sqliteFilePath(databaseUrl))) stop(`Key not changed: there is no database at ${sqliteFilePath(databaseUrl)} (DATABASE_URL).`)

const started = performance.now()
// The schema is the release's to change, not this command's: a database that lacks a migration is refused.
const database = await openDatabase(databaseUrl, { migrations: featureMigrations, apply: false, poolSize: 1, queryTimeoutMs: 60_000, onLockWait: (line) => process.stderr.write(`${line}\n`) }).catch(
  (error: unknown) => stop(`Key not changed: ${error instanceof StoreOpenError ? error.message : `cannot open the database (DATABASE_URL): ${(error as Error).message}`}`),
)
try {
  const from = answerCipher(oldKey!)
  const to = answerCipher(newKey)
  // A wrong old key would re-seal nothing and leave every answer unreadable once the new key is in use: the same
  // check as the start's, passed if either key opens one of the newest answers (a run killed midway re-sealed some).
  if (!(await keyOpensAnswers(database, from)) && !(await keyOpensAnswers(database, to)))
    stop(`Key not changed: ${oldSource} does not open the newest sensitive answers, and neither does SENSITIVE_ANSWERS_NEW_KEY: give the key they were sealed with ${see}.`)
  const counts = await resealAnswers(database, from, to).catch((error: unknown) =>
    stop(`Re-seal not finished: ${(error as Error).message}. Every answer opens with one key or the other: run this again with the same keys.`),
  )
  if (!counts.settled)
    stop(
      `Re-seal not finished: answers were still being sealed with the old key while this ran (${counts.resealed} re-sealed in all), so an instance still runs with it. Stop every instance, then run this again with the same keys ${see}.`,
    )
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  let next: string
  if (!keyFile) next = 'Now set SENSITIVE_ANSWERS_KEY to the new key (the value of SENSITIVE_ANSWERS_NEW_KEY) on every instance before its next start.'
  else if (oldKey!.equals(newKey)) next = `${keyFile} holds the new key already.`
  else {
    try {
      replaceKeptAnswersKey(keyFile, newKey)
    } catch (error) {
      stop(
        `Re-sealed, but the key file was not replaced: ${(error as Error).message}. Every answer is sealed with the new key now: put it in ${keyFile} (64 hexadecimal characters, readable by the server's user only), or set SENSITIVE_ANSWERS_KEY to it, before the next start ${see}.`,
      )
    }
    next = `${keyFile} now holds the new key; start the server as before.`
  }
  process.stdout.write(
    `Re-sealed: ${counts.resealed} sensitive answers under the new key, ${counts.already} already under it, ${counts.unreadable} unreadable with either key (left as they are), in ${seconds} s. ${next}\n`,
  )
} catch (error) {
  stop(`Re-seal not finished: ${(error as Error).message}`)
} finally {
  await database.close()
}
