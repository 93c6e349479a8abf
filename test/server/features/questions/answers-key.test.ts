// @vitest-environment node
// The sensitive answers' key (server/features/questions/answers-key.ts): the setting's when given; unset, made once
// beside the SQLite file, readable by its user only, and the same at every later start; a kept file that holds no
// key stops the start with one line naming the variable.
import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { answersKey, answersKeyFileName } from '../../../../server/features/questions/answers-key'
import { makeTempDir } from '../../harness'

describe('the sensitive answers’ key', () => {
  let temp: { dir: string; remove: () => Promise<void> }
  beforeEach(async () => (temp = await makeTempDir()))
  afterEach(() => temp.remove())

  it('is the setting’s when it is given, and makes no file', async () => {
    const given = Buffer.alloc(32, 1)
    expect(answersKey(given, `file:${join(temp.dir, 'waitlist.db')}`)).toBe(given)
    await expect(stat(join(temp.dir, answersKeyFileName))).rejects.toThrow(/ENOENT/)
  })

  it('is made once beside the database, for its user only, and read back at the next start', async () => {
    const url = `file:${join(temp.dir, 'waitlist.db')}`
    const made = answersKey(undefined, url)
    expect(made).toHaveLength(32)
    const file = join(temp.dir, answersKeyFileName)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect((await readFile(file, 'utf8')).trim()).toBe(made.toString('hex'))
    expect(answersKey(undefined, url)).toEqual(made)
  })

  it('stops the start when the kept file holds no key, naming the variable', async () => {
    await writeFile(join(temp.dir, answersKeyFileName), 'not a key\n')
    expect(() => answersKey(undefined, `file:${join(temp.dir, 'waitlist.db')}`)).toThrow(/does not hold a sensitive answers key .*set SENSITIVE_ANSWERS_KEY$/)
  })
})
