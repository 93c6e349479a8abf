// @vitest-environment node
// A person's id is never given twice (issue 45, case 1), on both engines: `person.id` names the same person in
// every webhook event (docs/webhooks.md), so the next signup after the newest person's erasure must not get the
// erased person's id, a restart between them changing nothing; and a database the release before made keeps its
// rows and takes the rule on its first start (features/signup/ids-never-reused.ts). The stores' close checks the
// console's kept counts against the rows, so a rebuilt table that lost its triggers fails here too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signupMigrations } from '../../../../server/features/signup/migrations'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { openStore, type Stores } from '../../../../tools/open-store'

const neverReused = Object.keys(signupMigrations).find((name) => name.endsWith('-signup-ids-never-reused'))!

const signUp = async (store: Stores, email: string) => {
  expect(await store.add({ email, emailNormalized: email, firstName: 'Pat', source: 'test', submissionId: null })).toBe('added')
  const row = await store.database.db.selectFrom('signups').select('id').where('email_normalized', '=', email).executeTakeFirstOrThrow()
  return Number(row.id)
}

describe.each(eachEngine())('ids on $engine', (engine: EngineUnderTest) => {
  beforeAll(() => engine.setup(), 60_000)
  afterAll(() => engine.teardown(), 60_000)

  it('gives the next signup a new id when the newest person was erased, across a restart too', async () => {
    const url = await engine.newDatabase()
    let store = await openStore(url)
    const ann = await signUp(store, 'ann@example.com')
    expect(await store.consent.eraseById(ann, new Date())).toBe(true)
    const bob = await signUp(store, 'bob@example.com')
    expect({ ann, bob }).toEqual({ ann, bob: ann + 1 })

    expect(await store.consent.eraseById(bob, new Date())).toBe(true)
    await store.close()
    store = await openStore(url)
    const cat = await signUp(store, 'cat@example.com')
    expect(cat).toBe(bob + 1)
    await store.close()
  })

  it('keeps a database already running safe: its rows kept, and the newest erased id not given again', async () => {
    const url = await engine.newDatabase()
    let store = await openStore(url, { stopBefore: neverReused })
    const ann = await signUp(store, 'ann@example.com')
    const bob = await signUp(store, 'bob@example.com')
    await store.close()

    store = await openStore(url)
    const kept = await store.database.db.selectFrom('signups').select(['id', 'email']).orderBy('id').execute()
    expect(kept.map((row) => [Number(row.id), row.email])).toEqual([
      [ann, 'ann@example.com'],
      [bob, 'bob@example.com'],
    ])
    expect(await store.consent.eraseById(bob, new Date())).toBe(true)
    const cat = await signUp(store, 'cat@example.com')
    expect(cat).toBe(bob + 1)
    await store.close()
  })
})
