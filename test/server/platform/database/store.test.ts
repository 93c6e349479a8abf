// @vitest-environment node
// SQLite's own promises beside the store contract (store-contract.test.ts): the file in WAL mode with its
// migrations, and file: URLs read as SQLite reads them.
import { join, resolve } from 'node:path'
import { createClient } from '@libsql/client'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openStore } from '../../../../tools/open-store'
import { sqliteFilePath } from '../../../../server/platform/database/database-url'
import { featureMigrations } from '../../../../server/feature-migrations'
import { platformMigrations } from '../../../../server/platform/database/migrations'
import { makeTempDir, validSignup } from '../../harness'
import { onlyOn } from '../../../utils/store-suite'

onlyOn('sqlite', 'what SQLite alone promises (WAL mode, file: URLs); what both engines promise is store-contract.test.ts')

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeEach(async () => {
  temp = await makeTempDir()
})
afterEach(() => temp.remove())

const signup = (email: string) => ({ ...validSignup, email, emailNormalized: email, submissionId: null })

async function query(databaseUrl: string, sql: string) {
  const client = createClient({ url: databaseUrl })
  try {
    return (await client.execute(sql)).rows
  } finally {
    client.close()
  }
}
const pragma = async (databaseUrl: string, name: string) => (await query(databaseUrl, `PRAGMA ${name}`))[0]?.[0]

it('creates the schema, in WAL mode, and records the migrations it ran', async () => {
  const databaseUrl = `file:${join(temp.dir, 'waitlist.db')}`
  const store = await openStore(databaseUrl)
  expect(await store.add(signup('ann@example.com'))).toBe('added')
  expect(await store.add(signup('ann@example.com'))).toBe('duplicate')
  await store.close()
  expect(await pragma(databaseUrl, 'journal_mode')).toBe('wal')
  const names = (await query(databaseUrl, 'SELECT name FROM kysely_migration ORDER BY name')).map((row) => row.name)
  expect(names).toEqual([platformMigrations, ...featureMigrations].flatMap((list) => Object.keys(list)).sort())
})

it('reads file: URLs the way SQLite does', () => {
  expect(sqliteFilePath('file:./data/waitlist.db')).toBe(resolve('./data/waitlist.db'))
  expect(sqliteFilePath('file:/var/lib/waitlist.db')).toBe('/var/lib/waitlist.db')
  expect(sqliteFilePath('file:///var/lib/waitlist.db?mode=rwc')).toBe('/var/lib/waitlist.db')
})

it('looks for due emails among the unfinished ones only, however many were sent before', async () => {
  const databaseUrl = `file:${join(temp.dir, 'waitlist.db')}`
  const store = await openStore(databaseUrl)
  await store.add(signup('ann@example.com'))
  await store.close()
  // The sender's look (platform/outbox/outbox-store.ts claim), as SQLite plans it: through the index of unfinished
  // emails, not a walk through every email ever sent (which it chose before, to skip a sort).
  const client = createClient({ url: databaseUrl })
  try {
    const plan = await client.execute({
      sql: `EXPLAIN QUERY PLAN SELECT id FROM outbox WHERE finished_at IS NULL AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY id LIMIT 10`,
      args: ['2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z'],
    })
    expect(plan.rows.map((row) => String(row.detail)).join('\n')).toMatch(/USING INDEX outbox_unfinished/)
  } finally {
    client.close()
  }
})
