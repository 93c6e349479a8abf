// @vitest-environment node
// Before a confirmation returned a comeback to their invitation (features/launch/held-invitation.ts), an invited person
// who unsubscribed and joined again was left `confirmed` with no place and a dead link. The migration that
// repairs them, from a database as the earlier release left it, on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { openStore } from '../../../../tools/open-store'

const day = 24 * 60 * 60_000

describe.each(eachEngine())('stranded invitees on $engine', (engine: EngineUnderTest) => {
  beforeAll(() => engine.setup(), 60_000)
  afterAll(() => engine.teardown(), 60_000)

  it('return to their invitation: open, claimed or ended; nobody else changes', async () => {
    const url = await engine.newDatabase()
    const older = await openStore(url, { stopBefore: '2026-11-26-1913-stranded-invitees-return' })
    const { db } = older.database
    const now = Date.now()
    const at = (ms: number) => new Date(now + ms).toISOString()
    const person = (name: string, seq: number, lineScore: number | null) => ({
      email: `${name}@example.com`,
      email_normalized: `${name}@example.com`,
      first_name: name,
      source: 'stride-marketing-site',
      created_at: at(-30 * day),
      status: 'confirmed' as const,
      confirmed_at: at(-day),
      confirm_seq: seq,
      line_score: lineScore,
    })
    const ids = Object.fromEntries(
      await Promise.all(
        (
          [
            ['open', 1, null],
            ['unsent', 2, null],
            ['claimed', 3, null],
            ['ended', 4, null],
            ['inLine', 5, 5],
          ] as const
        ).map(async ([name, seq, score]) => [name, Number((await db.insertInto('signups').values(person(name, seq, score)).returning('id').executeTakeFirstOrThrow()).id)]),
      ),
    ) as Record<'open' | 'unsent' | 'claimed' | 'ended' | 'inLine', number>
    const wave = Number(
      (await db.insertInto('waves').values({ kind: 'next', started_by: 'team@company.example', started_at: at(-10 * day), size: 4 }).returning('id').executeTakeFirstOrThrow()).id,
    )
    const invitation = (signup: number, fields: Record<string, string | null>) =>
      db
        .insertInto('invitations')
        .values({ wave_id: wave, signup_id: signup, invited_at: at(-10 * day), expires_at: at(4 * day), unsubscribed_at: at(-5 * day), ...fields })
        .returning('id')
        .executeTakeFirstOrThrow()
    await invitation(ids.open, { delivered_at: at(-10 * day) })
    const unsent = Number((await invitation(ids.unsent, { delivered_at: null })).id)
    await invitation(ids.claimed, { delivered_at: at(-10 * day), claimed_at: at(-6 * day), unsubscribed_at: null })
    await invitation(ids.ended, { delivered_at: at(-10 * day), expires_at: at(-day) })
    await older.close()

    const store = await openStore(url)
    try {
      const rows = await store.database.db.selectFrom('signups').select(['id', 'status']).execute()
      const status = Object.fromEntries(rows.map((row) => [Number(row.id), row.status]))
      expect(status).toEqual({ [ids.open]: 'invited', [ids.unsent]: 'invited', [ids.claimed]: 'claimed', [ids.ended]: 'expired', [ids.inLine]: 'confirmed' })
      const invitations = await store.database.db.selectFrom('invitations').select(['signup_id', 'unsubscribed_at', 'expired_at']).execute()
      const of = (id: number) => invitations.find((row) => Number(row.signup_id) === id)!
      // Open again for the two who hold one: no longer counted as unsubscribed from; the ended one is expired.
      expect(of(ids.open).unsubscribed_at).toBeNull()
      expect(of(ids.unsent).unsubscribed_at).toBeNull()
      expect(of(ids.ended).expired_at).not.toBeNull()
      // The invitation that never reached its person is queued, once; nobody else is mailed.
      const outbox = await store.database.db.selectFrom('outbox').select(['kind', 'signup_id', 'subject_id']).execute()
      expect(outbox.map((row) => ({ kind: row.kind, signup: Number(row.signup_id), invitation: Number(row.subject_id) }))).toEqual([
        { kind: 'invite', signup: ids.unsent, invitation: unsent },
      ])
    } finally {
      await store.close()
    }
  })
})
