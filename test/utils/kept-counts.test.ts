// @vitest-environment node
// The check every test composition makes as it closes (kept-counts.ts) finds a count that is not its rows': were
// it to find nothing, every test that leans on it would pass whatever the counts said.
import { expect, it } from 'vitest'
import { sql } from 'kysely'
import { keptCountsAgainstRows } from '../../tools/kept-counts'
import { openStore } from '../../tools/open-store'
import { freshDatabase, makeTempDir } from '../server/harness'
import { canonicalAddress } from '../../shared/mailbox'
import { runsOnBothEngines } from './store-suite'

runsOnBothEngines()

it('names each kept count that differs from the rows, and nothing while they agree', async () => {
  const temp = await makeTempDir()
  const store = await openStore(await freshDatabase(temp.dir))
  try {
    const email = 'ann@example.com'
    await store.add({ email, emailNormalized: canonicalAddress(email)!, firstName: '', source: 'test', submissionId: null })
    expect(await keptCountsAgainstRows(store.database)).toEqual([])
    await sql`UPDATE signup_tallies SET n = n + 1 WHERE kind = 'source'`.execute(store.database.db)
    expect(await keptCountsAgainstRows(store.database)).toEqual(['source test: kept 2, counted 1'])
    await sql`UPDATE signup_tallies SET n = n - 1 WHERE kind = 'source'`.execute(store.database.db)
  } finally {
    await store.close()
    await temp.remove()
  }
})
