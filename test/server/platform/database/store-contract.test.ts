// @vitest-environment node
// The store contract, once, against every engine: SQLite (a temp file) and PostgreSQL (a throwaway cluster
// this file starts and removes). Signups, duplicates under concurrency, retries, the export's paging,
// migrations from an empty and from an older database, instances starting together.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Stores } from '../../../../tools/open-store'
import { openStore } from '../../../../tools/open-store'
import { featureMigrations } from '../../../../server/feature-migrations'
import { platformMigrations } from '../../../../server/platform/database/migrations'
import { canonicalAddress } from '../../../../shared/mailbox'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { validSignup } from '../../harness'
import { commandFor } from '../../operator-scripts'

const signup = (email: string, submissionId: string | null = null) => ({ ...validSignup, email, emailNormalized: canonicalAddress(email)!, submissionId })

async function emails(store: Stores) {
  const found: string[] = []
  for await (const row of store.all()) found.push(row.email)
  return found
}

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url))
const execFileAsync = promisify(execFile)

const every = [platformMigrations, ...featureMigrations].flatMap((list) => Object.keys(list)).sort()
const before = (name: string) => every.slice(0, every.indexOf(name))

describe.each(eachEngine())('the $engine store', (engine: EngineUnderTest) => {
  const opened: Stores[] = []
  const open = async (url: string, stopBefore?: string) => {
    const store = await openStore(url, { stopBefore })
    opened.push(store)
    return store
  }
  const migrationsRun = async (url: string) => (await engine.query(url, 'SELECT name FROM kysely_migration ORDER BY name')).map((row) => row.name)

  beforeAll(() => engine.setup(), 60_000)
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close().catch(() => {})))
    await engine.teardown()
  })

  it('stores a signup once and answers a repeat as a duplicate', async () => {
    const store = await open(await engine.newDatabase())
    expect(store.engine).toBe(engine.engine)
    expect(await store.add(signup('ann@example.com'))).toBe('added')
    expect(await store.add(signup('ann@EXAMPLE.com'))).toBe('duplicate')
    const [row] = await (async () => { const rows = []; for await (const r of store.all()) rows.push(r); return rows })()
    expect(row).toMatchObject({ email: 'ann@example.com', first_name: 'Ann', source: validSignup.source })
    expect(new Date(row!.created_at).toISOString()).toBe(row!.created_at)
  })

  it('stores one row when the same email arrives many times at once, on two instances', async () => {
    const url = await engine.newDatabase()
    const [first, second] = [await open(url), await open(url)]
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) => (index % 2 ? first : second).add(signup(index % 3 ? 'same@example.com' : 'same@Example.COM'))),
    )
    expect(results.filter((result) => result === 'added')).toHaveLength(1)
    expect(await emails(first)).toHaveLength(1)
  })

  it('never fails when two instances store the same new addresses at once, in opposite orders', async () => {
    const url = await engine.newDatabase()
    const [first, second] = [await open(url), await open(url)]
    for (let round = 0; round < 20; round++) {
      const addresses = Array.from({ length: 12 }, (_, index) => `round${round}-${index}@example.com`)
      // Each instance's calls of one turn share a batch: the same twelve new addresses, one batch in each order.
      const results = await Promise.all([...addresses.map((email) => first.add(signup(email))), ...[...addresses].reverse().map((email) => second.add(signup(email)))])
      expect(results.filter((result) => result === 'added')).toHaveLength(addresses.length)
    }
    expect(await emails(first)).toHaveLength(240)
  })

  it('makes a retry with the same submission id harmless, and keeps a person whose id was reused', async () => {
    const store = await open(await engine.newDatabase())
    expect(await store.add(signup('bea@example.com', 'sub-1'))).toBe('added')
    expect(await store.add(signup('bea@example.com', 'sub-1'))).toBe('duplicate')
    expect(await store.add(signup('cat@example.com', 'sub-1'))).toBe('added')
    expect(await emails(store)).toEqual(['bea@example.com', 'cat@example.com'])
  })

  it('reads every signup in arrival order across export pages (500 rows a page)', async () => {
    const store = await open(await engine.newDatabase())
    for (let index = 0; index < 501; index++) await store.add(signup(`p${index}@example.com`))
    expect(await emails(store)).toEqual(Array.from({ length: 501 }, (_, index) => `p${index}@example.com`))
  })

  it('runs every migration on an empty database', async () => {
    const url = await engine.newDatabase()
    await open(url)
    expect(await migrationsRun(url)).toEqual(every)
  })

  it('migrates a database from before consent, keeping its rows', async () => {
    const url = await engine.newDatabase()
    const consent = '2026-11-22-2318-tokens-outbox-settings'
    const old = await open(url, consent)
    await old.close()
    // A row as the previous release wrote it: only the columns it knew.
    const now = engine.engine === 'sqlite' ? `'${new Date().toISOString()}'` : 'now()'
    await engine.query(url, `INSERT INTO signups (email_normalized, email, first_name, source, created_at) VALUES ('old@example.com', 'old@example.com', 'Old', 'site', ${now})`)
    expect(await migrationsRun(url)).toEqual(before(consent))
    const current = await open(url)
    expect(await migrationsRun(url)).toEqual(every)
    expect(await current.add(signup('new@example.com'))).toBe('added')
    expect(await emails(current)).toEqual(['old@example.com', 'new@example.com'])
    // The old signup is pending with no email queued for it (it never asked for one); the new one has its email queued.
    expect(await current.consent.statusOf('old@example.com')).toBe('pending')
    expect(await engine.query(url, "SELECT kind FROM outbox")).toEqual([{ kind: 'confirm' }])
  })

  it('moves signups stored under the older address rule to the canonical address, one row per person', async () => {
    const url = await engine.newDatabase()
    const older = await open(url, '2026-11-24-0209-canonical-addresses')
    // As the rule before issue 19 stored them: the local part as typed, the domain lower-cased but not IDNA.
    const stored = ['Ann@example.com', 'ann@example.com', 'ANN@EXAMPLE.COM', 'Bob@example.com', 'user@bücher.example', 'user@xn--bcher-kva.example', 'a@b.io,c@d.io']
    const now = engine.engine === 'sqlite' ? `'${new Date().toISOString()}'` : 'now()'
    for (const email of stored)
      await engine.query(url, `INSERT INTO signups (email_normalized, email, source, created_at) VALUES ('${email.replace(/@.*/, (domain) => domain.toLowerCase())}', '${email}', 'site', ${now})`)
    const id = async (email: string) => Number((await engine.query(url, `SELECT id FROM signups WHERE email = '${email}'`))[0]!.id)
    const stamp = engine.engine === 'sqlite' ? (at: string) => `'${at}'` : (at: string) => `'${at}'::timestamptz`
    await engine.query(url, `UPDATE signups SET status = 'confirmed', confirmed_at = ${stamp('2026-01-02T00:00:00.000Z')} WHERE id = ${await id('ann@example.com')}`)
    await engine.query(url, `UPDATE signups SET status = 'unsubscribed', unsubscribed_at = ${stamp('2026-01-03T00:00:00.000Z')} WHERE id = ${await id('ANN@EXAMPLE.COM')}`)
    await engine.query(url, `UPDATE signups SET status = 'confirmed', confirmed_at = ${stamp('2026-01-04T00:00:00.000Z')} WHERE id = ${await id('user@bücher.example')}`)
    const firstAnn = await id('Ann@example.com')
    await older.close()

    const current = await open(url)
    const rows = await engine.query(url, 'SELECT id, email, email_normalized, status FROM signups ORDER BY id')
    expect(rows.map((row) => [Number(row.id), row.email, row.email_normalized, row.status])).toEqual([
      // Ann's first row keeps her place; her withdrawal in another spelling wins over a confirmation.
      [firstAnn, 'ann@example.com', 'ann@example.com', 'unsubscribed'],
      [firstAnn + 3, 'bob@example.com', 'bob@example.com', 'pending'],
      [firstAnn + 4, 'user@xn--bcher-kva.example', 'user@xn--bcher-kva.example', 'confirmed'],
      // Not one mailbox under the new rule: kept as it was (the sender never mails it).
      [firstAnn + 6, 'a@b.io,c@d.io', 'a@b.io,c@d.io', 'pending'],
    ])
    // The merged rows' queued emails went with them: one confirmation per remaining person.
    expect((await engine.query(url, 'SELECT signup_id FROM outbox ORDER BY signup_id')).map((row) => Number(row.signup_id))).toEqual([firstAnn, firstAnn + 3, firstAnn + 4, firstAnn + 6])
    expect(await current.add(signup('ANN@example.com'))).toBe('duplicate')
  })

  it('migrates once when several instances (processes) start together', async () => {
    const url = await engine.newDatabase()
    const [command, script] = commandFor('test/utils/open-store-once.ts')
    const starts = Array.from({ length: 4 }, (_, index) =>
      execFileAsync(command, [script], { cwd: repoRoot, env: { ...process.env, DATABASE_URL: url, SIGNUP_EMAIL: `start-${index}@example.com` } }),
    )
    await Promise.all(starts)
    expect(await migrationsRun(url)).toEqual(every)
    expect((await emails(await open(url))).sort()).toEqual(['start-0@example.com', 'start-1@example.com', 'start-2@example.com', 'start-3@example.com'])
    // Four processes each load the server through tsx when the run has no build of it (about 5 s of CPU each here):
    // on 2 cores under other work they took 16–20 s together (2026-12-03, load 9), at the 20 s default's edge.
  }, 90_000)

  it('refuses a database from a newer release, in one clear line', async () => {
    const url = await engine.newDatabase()
    await open(url)
    const newer = '2099-01-01-0000-from-a-newer-release'
    await engine.query(url, `INSERT INTO kysely_migration (name, timestamp) VALUES ('${newer}', '2099-01-01T00:00:00.000Z')`)
    await expect(open(url)).rejects.toThrow(`is newer than this release: it has run the migration ${newer}, which this release does not know.`)
  })
})
