// @vitest-environment node
// The outbox's entries name their subject as `subject_id` (it was `invitation_id`), and a person only when they
// have one (a test of an update named signup 0 before): the migration moves the rows an earlier release left, on
// both engines, each with its id, lease and attempts, and the sender then takes them as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { openStore } from '../../../../tools/open-store'

describe.each(eachEngine())('the outbox subjects migration on $engine', (engine: EngineUnderTest) => {
  beforeAll(() => engine.setup(), 60_000)
  afterAll(() => engine.teardown(), 60_000)

  it('moves every entry: its subject, its person (none for signup 0), its lease and attempts', async () => {
    const url = await engine.newDatabase()
    const older = await openStore(url, { stopBefore: '2026-12-06-0900-outbox-subjects' })
    const at = '2026-12-01T10:00:00.000Z'
    const later = '2026-12-01T10:05:00.000Z'
    // As the earlier release wrote them: an invitation's email (leased, tried once), a test to a team member
    // (signup 0), a confirmation with no subject, and one finished.
    await sql`INSERT INTO outbox (kind, signup_id, invitation_id, created_at, next_attempt_at, attempts, claimed_until) VALUES
      ('invite', 7, 41, ${at}, ${at}, 1, ${later}),
      ('update-test', 0, 3, ${at}, ${at}, 0, NULL),
      ('confirm', 8, NULL, ${at}, ${at}, 0, NULL)`.execute(older.database.db)
    await sql`INSERT INTO outbox (kind, signup_id, created_at, next_attempt_at, attempts, finished_at, outcome) VALUES ('welcome', 9, ${at}, ${at}, 1, ${later}, 'sent')`.execute(
      older.database.db,
    )
    const before = await sql<{ id: number }>`SELECT id FROM outbox ORDER BY id`.execute(older.database.db)
    await older.close()

    const store = await openStore(url)
    try {
      const { db } = store.database
      const rows = await db.selectFrom('outbox').select(['id', 'kind', 'signup_id', 'subject_id', 'attempts', 'claimed_until', 'outcome']).orderBy('id').execute()
      expect(rows.map((row) => Number(row.id))).toEqual(before.rows.map((row) => Number(row.id)))
      expect(rows.map((row) => ({ ...row, id: undefined, claimed_until: row.claimed_until && new Date(row.claimed_until).toISOString() }))).toEqual([
        { id: undefined, kind: 'invite', signup_id: 7, subject_id: 41, attempts: 1, claimed_until: later, outcome: null },
        { id: undefined, kind: 'update-test', signup_id: null, subject_id: 3, attempts: 0, claimed_until: null, outcome: null },
        { id: undefined, kind: 'confirm', signup_id: 8, subject_id: null, attempts: 0, claimed_until: null, outcome: null },
        { id: undefined, kind: 'welcome', signup_id: 9, subject_id: null, attempts: 1, claimed_until: null, outcome: 'sent' },
      ])
      // The sender's claim reads the moved rows: the test's entry, due and not leased, comes with its subject and no person.
      const claimed = await store.outbox.claim(new Date('2026-12-01T10:01:00.000Z'), 10, 60_000)
      expect(claimed.map(({ kind, personId, subjectId }) => ({ kind, personId, subjectId }))).toEqual([
        { kind: 'update-test', personId: null, subjectId: 3 },
        { kind: 'confirm', personId: 8, subjectId: null },
      ])
    } finally {
      await store.close()
    }
  })
})
