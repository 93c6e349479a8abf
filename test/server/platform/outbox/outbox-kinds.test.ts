// @vitest-environment node
// The outbox is a queue with registered kinds (issue 30): a kind no feature has (a note, made up here, with a
// table of its own) is queued by enqueue in the caller's transaction, delivered by the real sender beside the
// features' kinds, skipped when it says so, counted in the metrics under its own name, and its delivery record
// is written in the transaction that marks it sent: when the record fails, the mark goes with it, and the email
// is sent again once its lease has ended. On both engines.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailKinds } from '../../../../server/email-kinds'
import type { Database } from '../../../../server/platform/database/database'
import type { Mailer, OutgoingMail } from '../../../../server/platform/mail/mailer'
import { createMetrics } from '../../../../server/platform/observability/metrics'
import type { OutboxKind, Recipient } from '../../../../server/platform/outbox/outbox-kinds'
import { enqueue } from '../../../../server/platform/outbox/outbox-queue'
import { startOutboxSender, type OutboxSender } from '../../../../server/platform/outbox/outbox-sender'
import { outboxStore } from '../../../../server/platform/outbox/outbox-store'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { openStore, type Stores } from '../../../../tools/open-store'
import { validSignup } from '../../harness'

type Note = Recipient & { entryId: number; noteId: number; body: string; withdrawn: boolean }

describe.each(eachEngine())('a kind of email registered by a test, on $engine', (engine: EngineUnderTest) => {
  const opened: { store: Stores; sender: OutboxSender }[] = []
  beforeAll(() => engine.setup(), 60_000)
  afterAll(async () => {
    for (const { store, sender } of opened) {
      await sender.stop()
      await store.close()
    }
    await engine.teardown()
  })

  it('is delivered and counted like the features’ own, and its record is written with the mark or not at all', async () => {
    const store = await openStore(await engine.newDatabase())
    const { db } = store.database
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL, withdrawn INTEGER NOT NULL, delivered_at TEXT NULL)`.execute(db)
    await store.add({ ...validSignup, email: 'ann@example.com', emailNormalized: 'ann@example.com', submissionId: null })
    await store.settled()
    const { id: personId } = await db.selectFrom('signups').select('id').executeTakeFirstOrThrow()
    // The sender's clock, from after the signup: its confirmation is due.
    const clock = { at: Date.now() }
    const now = () => new Date(clock.at)
    // A note and its email, in one transaction, as a feature queues its own.
    const write = (id: number, body: string, withdrawn: boolean) =>
      db.transaction().execute(async (trx) => {
        await sql`INSERT INTO notes (id, body, withdrawn) VALUES (${id}, ${body}, ${withdrawn ? 1 : 0})`.execute(trx)
        await enqueue(trx, { kind: 'note', personId, subjectId: id, at: now() })
      })

    const record = { fails: false, outcomesSeen: [] as unknown[] }
    const note: OutboxKind<Note> = {
      name: 'note',
      async load(entries) {
        const { rows } = await sql<{ id: number; body: string; withdrawn: number }>`SELECT id, body, withdrawn FROM notes`.execute(db)
        const people = await db.selectFrom('signups').select(['id', 'email']).execute()
        return entries.map((entry) => {
          const row = rows.find((candidate) => Number(candidate.id) === entry.subjectId)
          const person = people.find((candidate) => candidate.id === entry.personId)
          return row && person && { address: person.email, vouched: false, entryId: entry.id, noteId: Number(row.id), body: row.body, withdrawn: Number(row.withdrawn) === 1 }
        })
      },
      sends: (email) => !email.withdrawn,
      render: async (email) => ({ to: email.address, subject: 'A note', text: email.body, html: `<p>${email.body}</p>`, links: [] }),
      async delivered(trx, email, at) {
        // In the transaction that marks the entry sent: the mark is there already, seen from inside.
        const { rows } = await sql<{ outcome: string | null }>`SELECT outcome FROM outbox WHERE id = ${email.entryId}`.execute(trx)
        record.outcomesSeen.push(rows[0]?.outcome)
        if (record.fails) throw new Error('the note could not be marked delivered')
        await sql`UPDATE notes SET delivered_at = ${at.toISOString()} WHERE id = ${email.noteId}`.execute(trx)
      },
    }

    const sent: OutgoingMail[] = []
    const mailer: Mailer = { destination: 'memory', send: async (mail) => void sent.push(mail), close: () => {} }
    const metrics = createMetrics()
    const leaseMs = 60_000
    const kinds = emailKinds(store.database, { links: { siteUrl: 'https://site.example', apiUrl: 'https://api.example' } }).register(note)
    const sender = startOutboxSender({
      outbox: outboxStore(store.database),
      kinds,
      mailer,
      leaseMs,
      pollMs: 3_600_000,
      now,
      onAttempt: metrics.countOutboxSends(kinds.names()),
    })
    opened.push({ store, sender })
    const counted = async (kind: string, outcome: string) =>
      (await metrics.outboxSends.get()).values.find((sample) => sample.labels.kind === kind && sample.labels.outcome === outcome)?.value
    const noteRows = async () => (await sql<{ id: number; delivered_at: string | null }>`SELECT id, delivered_at FROM notes ORDER BY id`.execute(db)).rows
    const entryOf = (noteId: number) =>
      db.selectFrom('outbox').select(['outcome', 'finished_at', 'attempts']).where('kind', '=', 'note').where('subject_id', '=', noteId).executeTakeFirstOrThrow()

    // Counted from 0 before its first send, as the features' kinds are.
    expect(await counted('note', 'sent')).toBe(0)
    await write(1, 'Never mind', true)
    await write(2, 'Hello', false)
    record.fails = true
    await sender.idle()
    // The confirmation the signup queued went beside the notes: the features' kinds and this one, in one batch.
    expect(sent.map((mail) => mail.subject)).toContain('A note')
    expect(sent.filter((mail) => mail.subject === 'A note')).toEqual([expect.objectContaining({ to: 'ann@example.com', text: 'Hello' })])
    expect(await counted('confirm', 'sent')).toBe(1)
    // The withdrawn note was skipped, and recorded nothing.
    expect(await entryOf(1)).toMatchObject({ outcome: 'skipped' })
    expect(await counted('note', 'skipped')).toBe(1)
    // The other was sent, but its record failed: the mark, seen inside its transaction, was rolled back with it; the
    // batch's marks are written together first, then, that failing, each on its own, so the record was tried twice.
    expect(record.outcomesSeen).toEqual(['sent', 'sent'])
    expect(await entryOf(2)).toMatchObject({ outcome: null, finished_at: null })
    expect(await noteRows()).toEqual([expect.objectContaining({ id: 1, delivered_at: null }), expect.objectContaining({ id: 2, delivered_at: null })])
    expect(await counted('note', 'sent')).toBe(0)

    // Its lease ends, and it is sent again: this time the record and the mark are written together.
    record.fails = false
    clock.at += leaseMs
    await sender.idle()
    expect(sent.filter((mail) => mail.subject === 'A note')).toHaveLength(2)
    const entry = await entryOf(2)
    expect(entry).toMatchObject({ outcome: 'sent', attempts: 2 })
    expect((await noteRows())[1]!.delivered_at).toBe(entry.finished_at)
    expect(record.outcomesSeen).toEqual(['sent', 'sent', 'sent'])
    expect(await counted('note', 'sent')).toBe(1)
  })
})

it('refuses a second kind of the same name: two features cannot share one by mistake', () => {
  const kind: OutboxKind = { name: 'confirm', load: async () => [], sends: () => false, render: () => Promise.reject(new Error('never sent')) }
  expect(() => emailKinds({} as Database, { links: { siteUrl: 'https://site.example', apiUrl: 'https://api.example' } }).register(kind)).toThrow(/confirm is registered twice/)
})
