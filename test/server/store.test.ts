// @vitest-environment node
// The database file: created in WAL mode, schema version recorded, reopened without loss.
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { filePathOf, openStore, schemaVersion } from '../../server/store'
import { makeTempDir, readRows, validSignup } from './harness'

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeEach(async () => {
  temp = await makeTempDir()
})
afterEach(() => temp.remove())

const signup = (email: string) => ({ ...validSignup, email, emailNormalized: email, submissionId: null })

async function pragma(databaseUrl: string, name: string) {
  const client = createClient({ url: databaseUrl })
  try {
    return (await client.execute(`PRAGMA ${name}`)).rows[0]?.[0]
  } finally {
    client.close()
  }
}

it('creates the schema, in WAL mode, and records the schema version', async () => {
  const databaseUrl = `file:${join(temp.dir, 'waitlist.db')}`
  const store = await openStore(databaseUrl)
  expect(await store.add(signup('ann@example.com'))).toBe('added')
  expect(await store.add(signup('ann@example.com'))).toBe('duplicate')
  store.close()
  expect(await pragma(databaseUrl, 'journal_mode')).toBe('wal')
  expect(Number(await pragma(databaseUrl, 'user_version'))).toBe(schemaVersion)
})

it('reopens an existing database without touching its rows', async () => {
  const databaseUrl = `file:${join(temp.dir, 'waitlist.db')}`
  const first = await openStore(databaseUrl)
  await first.add(signup('ann@example.com'))
  first.close()
  const second = await openStore(databaseUrl)
  await second.add(signup('bob@example.com'))
  const all = []
  for await (const row of second.all()) all.push(row.email)
  second.close()
  expect(all).toEqual(['ann@example.com', 'bob@example.com'])
  expect(await readRows(databaseUrl)).toHaveLength(2)
})

it('reads every signup across pages (500 rows a page)', async () => {
  const store = await openStore(`file:${join(temp.dir, 'waitlist.db')}`)
  for (let index = 0; index < 501; index++) await store.add(signup(`p${index}@example.com`))
  let count = 0
  for await (const row of store.all()) expect(row.email).toBe(`p${count++}@example.com`)
  store.close()
  expect(count).toBe(501)
})

it('reads file: URLs the way SQLite does', () => {
  expect(filePathOf('file:./data/waitlist.db')).toBe('./data/waitlist.db')
  expect(filePathOf('file:/var/lib/waitlist.db')).toBe('/var/lib/waitlist.db')
  expect(filePathOf('file:///var/lib/waitlist.db?mode=rwc')).toBe('/var/lib/waitlist.db')
})
