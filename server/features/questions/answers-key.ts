// The key sensitive answers are sealed with (answer-cipher.ts). SENSITIVE_ANSWERS_KEY gives it (config.ts); unset,
// as on `npm start` with the defaults, a key is made once, from the system's random source, and kept in a file of
// its own beside the SQLite database (`sensitive-answers.key`, readable by this user only), or in ./data for
// PostgreSQL. It is not kept in the database, as the erasure salt is: a copy of the database alone then holds
// sealed answers and no key to open them. Lose the file and the sealed answers cannot be read again; with more
// than one instance, or a host with no lasting disk, set the variable (docs/operations.md, "Sensitive answers").
import { randomBytes } from 'node:crypto'
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync, writeSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { isSqliteUrl, sqliteFilePath } from '../../platform/database/database-url'

export const answersKeyFileName = 'sensitive-answers.key'

/** Where the made key is kept for a database: beside its SQLite file, or in ./data. */
export const answersKeyPath = (databaseUrl: string) => join(isSqliteUrl(databaseUrl) ? dirname(sqliteFilePath(databaseUrl)) : resolve('data'), answersKeyFileName)

/** The key: the setting's, else the kept one, made now if there is none yet. Two processes making it at once keep
 * one: the file appears whole (written aside, then linked), and the second reads the first's. */
export function answersKey(setting: Buffer | undefined, databaseUrl: string): Buffer {
  if (setting) return setting
  const path = answersKeyPath(databaseUrl)
  const kept = keptAnswersKey(path)
  if (kept) return kept
  mkdirSync(dirname(path), { recursive: true })
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`
  writeFileSync(aside, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 })
  try {
    linkSync(aside, path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    unlinkSync(aside)
  }
  const made = keptAnswersKey(path)
  if (!made) throw new Error(`${path} does not hold a sensitive answers key (64 hexadecimal characters); restore it, or set SENSITIVE_ANSWERS_KEY`)
  return made
}

/** The key kept in the file at `path`, or undefined when there is no file; a file that holds no key is an error. */
export function keptAnswersKey(path: string): Buffer | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  if (!/^[0-9a-f]{64}$/i.test(text)) throw new Error(`${path} does not hold a sensitive answers key (64 hexadecimal characters); restore it, or set SENSITIVE_ANSWERS_KEY`)
  return Buffer.from(text, 'hex')
}

/** Puts `key` in the file at `path` in place of the one there, for the key's change (scripts/rotate-answers-key.ts):
 * written whole aside, readable by this user only, flushed, then renamed over the old, so that a crash leaves
 * either key whole, never half of one. */
export function replaceKeptAnswersKey(path: string, key: Buffer): void {
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`
  const file = openSync(aside, 'wx', 0o600)
  try {
    writeSync(file, `${key.toString('hex')}\n`)
    fsyncSync(file)
  } finally {
    closeSync(file)
  }
  try {
    renameSync(aside, path)
  } catch (error) {
    unlinkSync(aside)
    throw error
  }
  // The rename itself lasts once the folder is flushed.
  const folder = openSync(dirname(path), 'r')
  try {
    fsyncSync(folder)
  } finally {
    closeSync(folder)
  }
}
