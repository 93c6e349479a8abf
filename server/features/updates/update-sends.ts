// Sending an update to the list (issue 31), written once for both engines: the team sends a draft now or at a time,
// to an audience of people who hold news and updates; each move is one the send's machine allows
// (machines/update-send-machine.ts sendMove), in one transaction that locks the update's row first.
//
// - **The audience is taken once**, when the sending starts: one update_recipients row per person, in one
//   INSERT … SELECT, so that who gets it is fixed then (someone who asks for news later is not added) and the
//   unique index takes nobody twice.
// - **The pace** is the clock's (tick, every second, in every instance): it queues the next waiting people in the
//   outbox, each due 1/rate after the one before, a couple of seconds ahead, so every instance's outbox sender
//   shares one pace, and a pause withdraws only those few. A stretch of pacing starts at the start and at each
//   resume; an instance that was down does not catch up in a burst (a stretch more than a second behind starts
//   again from now). On PostgreSQL the clocks of several instances take turns on the send's row.
// - **Each person once.** The outbox is at least once; an update is at most once: its kind marks a person's send
//   begun before it goes (update-emails.ts updateEmailKind), and an entry whose send began before (its instance
//   was killed mid-send) is skipped as "unknown", never sent again.
// - **Skipped, and why**: someone who takes back news and updates, or is erased, before their turn
//   (updates-follow-consent.ts); everyone still waiting when the team cancels.
// - **A cohort** (issue 52): a send may be narrowed to the people of its audience whose answers match a cohort's
//   rules, asked of the questions' wing (its `matching`, through the ports) when the audience is taken; the rules are
//   kept with the sending, so a scheduled one matches when its time comes. Consent still rules: only news holders.
// - **It protects the domain** (issue 49, send-guard.ts): the clock pauses a send whose complaint or hard-bounce rate
//   passes its limit, and says why, as a member's Pause would; only a member's Resume carries it on.
import { sql } from 'kysely'
import { sendMove, type SendAction, type UpdateSendEvent, type UpdateSendState } from '../../../machines/update-send-machine'
import {
  maxSendsPerSecond,
  skipReasons,
  type SkipReason,
  type UpdateAudience,
  type UpdateRecord,
  type UpdateSend,
  updateAudiences,
  sendGuardDefaults,
  type SendGuard,
} from '../../../shared/update-rows'
import type { AnswerMatch } from '../../../shared/questions'
import type { Database, Db } from '../../platform/database/database'
import { enqueue, withdrawQueued } from '../../platform/outbox/outbox-queue'
import { recordOf } from '../../../shared/record-of'
import type { StoredStatus } from '../../../shared/stored-statuses'
import { emailsGone, judgeSend, reportCounts } from './send-guard'

/** Where one person's email of an update stands. `sending` is written, and committed, just before it goes. */
export const recipientStates = ['waiting', 'queued', 'sending', 'sent', 'refused', 'skipped'] as const
export type RecipientState = (typeof recipientStates)[number]

/** The outbox's kind of an update's email to one person; its entry names the update_recipients row. */
export const updateKind = 'update'

/** The pace's look ahead: how far past now the clock queues. A pause leaves at most this much in the outbox. */
export const paceAheadMs = 2000
/** The most one look of the clock queues for one send: three seconds of the fastest pace (maxSendsPerSecond), so
 * that a look a second keeps up with any pace, and one look's writes stay bounded. */
const maxFeed = 3 * maxSendsPerSecond

export type SendOutcome = { ok: true } | { ok: false; reason: 'not-found' | 'wrong-state' | 'nobody' }

/** Who matches a cohort's rules (the questions' `matching`): their ids, or undefined when a rule names no choice
 * question or a choice it does not offer. */
export type CohortMatching = (rules: readonly AnswerMatch[]) => Promise<{ people: number[] } | undefined>

export type UpdateSends = {
  /** How many each audience holds now; with `among`, of those people only (a cohort's). */
  audienceCounts(among?: readonly number[]): Promise<Record<UpdateAudience, number>>
  /** The update's sending and its record, or null for a draft. */
  sendOf(updateId: number): Promise<UpdateSend | null>
  /** The state of each update's sending, for the list (draft where there is none). */
  statesOf(updateIds: number[]): Promise<Map<number, UpdateSendState>>
  /** Whether the update is a draft (it may be edited or deleted): not-found, wrong-state, or ok. */
  whileDraft<T>(updateId: number, change: (trx: Db) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; reason: 'not-found' | 'wrong-state' }>
  /** Sends now (`at` undefined or past) or schedules it. */
  send(updateId: number, request: { audience: UpdateAudience; at: Date | undefined; perSecond: number; match?: AnswerMatch[] }, by: string, now: Date): Promise<SendOutcome>
  /** PAUSE, RESUME, CANCEL or UNSCHEDULE, as the machine allows. */
  move(updateId: number, event: 'PAUSE' | 'RESUME' | 'CANCEL' | 'UNSCHEDULE', now: Date): Promise<SendOutcome>
  /** The clock's look: starts the scheduled sends that are due, queues each sending one's next emails, and marks
   * done those with nobody left. Says how many emails it queued. */
  tick(now: Date): Promise<{ queued: number; started: number; finished: number; paused: number }>
  /** The rates over which a send pauses itself. */
  guard: SendGuard
  /** Every update's emails gone, hard bounces and complaints together, for the rates overall. */
  rates(): Promise<{ emails: number; hardBounces: number; complaints: number }>
  /** The record, one row per person, in the order they were taken, `batch` at a time (for the CSV). */
  recordRows(updateId: number, afterId: number, batch: number): Promise<RecordRow[]>
}

export type RecordRow = { id: number; email: string | null; state: RecipientState; reason: SkipReason | null; at: string | null; unsubscribedAt: string | null }

const iso = (date: Date) => date.toISOString()

/** Who holds news and updates now: the audience of every update, before its step of the launch. */
export function newsHolders(db: Db) {
  return db.selectFrom('signups').where('news_given_at', 'is not', null).where('news_withdrawn_at', 'is', null)
}

// Each audience among the news holders. `everyone` is every confirmed address (a pending one is not confirmed now:
// it signed up again after unsubscribing). The launch's steps are the statuses of the consent machine.
const audienceStatuses: Record<UpdateAudience, StoredStatus[]> = {
  everyone: ['confirmed', 'invited', 'claimed', 'expired', 'unsubscribed'],
  notInvited: ['confirmed'],
  invited: ['invited'],
  claimed: ['claimed'],
}

const emptyRecord = (): UpdateRecord => ({ audience: 0, toGo: 0, sent: 0, refused: 0, skipped: recordOf(skipReasons, () => 0), unsubscribed: 0, hardBounces: 0, complaints: 0 })

/** The ids a statement names at once: a cohort's people are read and taken this many at a time. */
const idsAtOnce = 1000
const inParts = <T>(ids: readonly T[]) => Array.from({ length: Math.ceil(ids.length / idsAtOnce) }, (_, part) => ids.slice(part * idsAtOnce, (part + 1) * idsAtOnce))

/** `guard`: the rates over which a send pauses itself (config.bounces.sendGuard); `matching`: a cohort's people (the
 * questions' wing's, through the ports; without it a cohort matches nobody). */
export function updateSends(database: Database, guard: SendGuard = sendGuardDefaults, matching: CohortMatching = async () => undefined): UpdateSends {
  const { db, lockRows } = database
  // A cohort's people now; nobody when its rules no longer name what they named.
  const cohortOf = async (rules: readonly AnswerMatch[]) => (await matching(rules))?.people ?? []

  async function record(from: Db, updateId: number, audienceSize: number): Promise<UpdateRecord> {
    const rows = await from
      .selectFrom('update_recipients')
      .select((eb) => ['state', 'reason', eb.fn.countAll<number>().as('n'), eb.fn.count<number>('unsubscribed_at').as('unsubscribed')])
      .where('update_id', '=', updateId)
      .groupBy(['state', 'reason'])
      .execute()
    const counted = { ...emptyRecord(), ...(await reportCounts(from, updateId)) }
    counted.audience = audienceSize
    for (const row of rows) {
      const n = Number(row.n)
      counted.unsubscribed += Number(row.unsubscribed)
      if (row.state === 'sent') counted.sent += n
      else if (row.state === 'refused') counted.refused += n
      else if (row.state === 'skipped') counted.skipped[row.reason ?? 'unknown'] += n
      else counted.toGo += n
    }
    return counted
  }

  const sendRow = (from: Db, updateId: number) => from.selectFrom('update_sends').selectAll().where('update_id', '=', updateId)

  // The update's row and its sending's, locked, in the move's transaction: every move on one update takes its turn.
  async function lockUpdate(trx: Db, updateId: number) {
    const update = await lockRows(trx.selectFrom('updates').select('id').where('id', '=', updateId)).executeTakeFirst()
    if (!update) return undefined
    const send = await lockRows(sendRow(trx, updateId)).executeTakeFirst()
    return { state: (send?.state ?? 'draft') as UpdateSendState, send }
  }

  // The audience, taken: one row per person who holds news and updates at its step now, in order of signing up;
  // of a cohort, only those whose answers match its rules now, taken a thousand ids at a time, lowest first, so the
  // order is the same.
  async function takeAudience(trx: Db, updateId: number, audience: UpdateAudience, now: Date, match: AnswerMatch[] | undefined): Promise<number> {
    const holders = (among?: readonly number[]) => {
      const people = newsHolders(trx)
        .select((eb) => [sql.lit(updateId).as('update_id'), eb.ref('id').as('signup_id'), sql.lit('waiting').as('state')])
        .where('status', 'in', audienceStatuses[audience])
      return (among ? people.where('id', 'in', [...among]) : people).orderBy('id')
    }
    const parts = match ? inParts([...(await cohortOf(match))].sort((a, b) => a - b)) : [undefined]
    for (const among of parts) await trx.insertInto('update_recipients').columns(['update_id', 'signup_id', 'state']).expression(holders(among)).execute()
    const { n } = await trx
      .selectFrom('update_recipients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('update_id', '=', updateId)
      .executeTakeFirstOrThrow()
    const size = Number(n)
    await trx.updateTable('update_sends').set({ audience_size: size, started_at: iso(now), paced_from: iso(now), paced_count: 0 }).where('update_id', '=', updateId).execute()
    return size
  }

  // The emails queued but not yet taken by a sender go back to waiting; those a sender holds (leased) go on.
  async function withdrawWaiting(trx: Db, updateId: number, now: Date) {
    const queued = await trx.selectFrom('update_recipients').select('id').where('update_id', '=', updateId).where('state', '=', 'queued').execute()
    for (let from = 0; from < queued.length; from += 1000) {
      const ids = await withdrawQueued(trx, { kind: updateKind, subjectIds: queued.slice(from, from + 1000).map((row) => Number(row.id)) }, now)
      if (ids.length > 0) await trx.updateTable('update_recipients').set({ state: 'waiting' }).where('id', 'in', ids).where('state', '=', 'queued').execute()
    }
  }

  // Does what the machine's move names, in order, then stores the state it reached.
  async function apply(trx: Db, updateId: number, to: UpdateSendState, actions: SendAction[], now: Date, audience?: UpdateAudience, match?: AnswerMatch[]): Promise<number | undefined> {
    // Any move ends a pause the send made by itself: it pauses itself again, after, when the clock does.
    await trx.updateTable('update_sends').set({ state: to as UpdateSend['state'], paused_because: null }).where('update_id', '=', updateId).execute()
    let taken: number | undefined
    for (const action of actions) {
      if (action === 'takeAudience') taken = await takeAudience(trx, updateId, audience!, now, match)
      if (action === 'withdrawWaiting') await withdrawWaiting(trx, updateId, now)
      if (action === 'restartPace') await trx.updateTable('update_sends').set({ paced_from: iso(now), paced_count: 0 }).where('update_id', '=', updateId).execute()
      if (action === 'skipTheRest')
        await trx.updateTable('update_recipients').set({ state: 'skipped', reason: 'cancelled', at: iso(now) }).where('update_id', '=', updateId).where('state', '=', 'waiting').execute()
    }
    if (to === 'done' || to === 'cancelled') await trx.updateTable('update_sends').set({ ended_at: iso(now) }).where('update_id', '=', updateId).execute()
    return taken
  }

  const countOf = async (from: Db, audience: UpdateAudience, among?: readonly number[]) => {
    const count = async (part?: readonly number[]) => {
      const holders = newsHolders(from)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', audienceStatuses[audience])
      return Number((await (part ? holders.where('id', 'in', [...part]) : holders).executeTakeFirstOrThrow()).n)
    }
    if (!among) return count()
    let total = 0
    for (const part of inParts(among)) total += await count(part)
    return total
  }
  const matchOf = (stored: string | null) => (stored === null ? undefined : (JSON.parse(stored) as AnswerMatch[]))

  // The next emails of one sending update, due one 1/rate after the other from the stretch's start, up to
  // paceAheadMs past now; the finish when nobody is left to go.
  async function feed(trx: Db, send: { update_id: number; per_second: number; paced_from: string | null; paced_count: number }, now: Date) {
    const rate = Number(send.per_second)
    const gapMs = 1000 / rate
    let from = send.paced_from === null ? now.getTime() : new Date(send.paced_from).getTime()
    let count = Number(send.paced_count)
    // A stretch more than a second behind (the clocks stopped: every instance down, or paused by a slow
    // database) starts again from now rather than catching up in a burst over the rate.
    if (from + count * gapMs < now.getTime() - 1000) {
      from = now.getTime()
      count = 0
    }
    // And never more in the outbox than the look ahead's worth: when the senders fall behind (a burst of signups'
    // confirmations goes first), what is queued waits for them instead of growing, so that catching up is at most
    // two seconds of emails at once, never minutes of them over the rate.
    const { n: inFlight } = await trx
      .selectFrom('update_recipients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('update_id', '=', send.update_id)
      .where('state', 'in', ['queued', 'sending'])
      .executeTakeFirstOrThrow()
    const room = Math.ceil((rate * paceAheadMs) / 1000) + 1 - Number(inFlight)
    const due = Math.min(maxFeed, room, Math.floor((now.getTime() + paceAheadMs - from) / gapMs) + 1 - count)
    let queued = 0
    if (due > 0) {
      const next = await trx
        .selectFrom('update_recipients')
        .select(['id', 'signup_id'])
        .where('update_id', '=', send.update_id)
        .where('state', '=', 'waiting')
        .orderBy('id')
        .limit(due)
        .execute()
      const people = next.filter((row): row is { id: number; signup_id: number } => row.signup_id !== null)
      for (let at = 0; at < people.length; at += 1000) {
        const part = people.slice(at, at + 1000)
        await trx
          .updateTable('update_recipients')
          .set({ state: 'queued' })
          .where('id', 'in', part.map((row) => row.id))
          .execute()
        await enqueue(
          trx,
          part.map((row, index) => ({ kind: updateKind, personId: row.signup_id, subjectId: row.id, at: new Date(from + Math.floor((count + at + index) * gapMs)) })),
        )
      }
      queued = people.length
      await trx
        .updateTable('update_sends')
        .set({ paced_from: iso(new Date(from)), paced_count: count + queued })
        .where('update_id', '=', send.update_id)
        .execute()
    }
    if (queued > 0) return { queued, finished: false }
    const left = await trx
      .selectFrom('update_recipients')
      .select('id')
      .where('update_id', '=', send.update_id)
      .where('state', 'in', ['waiting', 'queued', 'sending'])
      .executeTakeFirst()
    if (left) return { queued, finished: false }
    const move = sendMove('sending', { type: 'FINISH' })!
    await apply(trx, send.update_id, move.to, move.actions, now)
    return { queued, finished: true }
  }

  return {
    async audienceCounts(among) {
      const counts = await Promise.all(updateAudiences.map((audience) => countOf(db, audience, among)))
      return recordOf(updateAudiences, (audience) => counts[updateAudiences.indexOf(audience)]!)
    },

    async sendOf(updateId) {
      const row = await sendRow(db, updateId).executeTakeFirst()
      if (!row) return null
      return {
        state: row.state,
        audience: row.audience,
        ...(row.audience_match !== null && { match: matchOf(row.audience_match) }),
        sendAt: new Date(row.send_at).toISOString(),
        perSecond: Number(row.per_second),
        requestedBy: row.requested_by,
        startedAt: row.started_at === null ? null : new Date(row.started_at).toISOString(),
        endedAt: row.ended_at === null ? null : new Date(row.ended_at).toISOString(),
        record: row.started_at === null ? emptyRecord() : await record(db, updateId, Number(row.audience_size)),
        autoPaused: row.state === 'paused' ? row.paused_because : null,
        guard,
      }
    },

    async statesOf(updateIds) {
      const rows = updateIds.length === 0 ? [] : await db.selectFrom('update_sends').select(['update_id', 'state']).where('update_id', 'in', updateIds).execute()
      return new Map(updateIds.map((id) => [id, rows.find((row) => Number(row.update_id) === id)?.state ?? 'draft']))
    },

    whileDraft(updateId, change) {
      return db.transaction().execute(async (trx) => {
        const locked = await lockUpdate(trx, updateId)
        if (!locked) return { ok: false, reason: 'not-found' } as const
        if (!sendMove(locked.state, { type: 'EDIT' })) return { ok: false, reason: 'wrong-state' } as const
        return { ok: true, value: await change(trx) } as const
      })
    },

    send(updateId, request, by, now) {
      return db.transaction().execute(async (trx): Promise<SendOutcome> => {
        const locked = await lockUpdate(trx, updateId)
        if (!locked) return { ok: false, reason: 'not-found' }
        const later = request.at !== undefined && request.at.getTime() > now.getTime()
        const event: UpdateSendEvent = later ? { type: 'SCHEDULE' } : { type: 'SEND_NOW' }
        const move = sendMove(locked.state, event)
        if (!move) return { ok: false, reason: 'wrong-state' }
        // Sent now to nobody would be done at once with nothing to show: the team is told instead. (A scheduled
        // send is counted when its time comes, and may find its audience grown.)
        const among = request.match && !later ? await cohortOf(request.match) : undefined
        if (!later && (await countOf(trx, request.audience, among)) === 0) return { ok: false, reason: 'nobody' }
        await trx
          .insertInto('update_sends')
          .values({
            update_id: updateId,
            state: 'scheduled',
            audience: request.audience,
            send_at: iso(later ? request.at! : now),
            per_second: request.perSecond,
            requested_by: by,
            started_at: null,
            ended_at: null,
            paced_from: null,
            audience_match: request.match ? JSON.stringify(request.match) : null,
          })
          .execute()
        await apply(trx, updateId, move.to, move.actions, now, request.audience, request.match)
        return { ok: true }
      })
    },

    move(updateId, type, now) {
      return db.transaction().execute(async (trx): Promise<SendOutcome> => {
        const locked = await lockUpdate(trx, updateId)
        if (!locked) return { ok: false, reason: 'not-found' }
        const move = sendMove(locked.state, { type })
        if (!move) return { ok: false, reason: 'wrong-state' }
        // Taken back before its time, it is a draft again: its sending's row goes.
        if (move.to === 'draft') await trx.deleteFrom('update_sends').where('update_id', '=', updateId).execute()
        else await apply(trx, updateId, move.to, move.actions, now)
        return { ok: true }
      })
    },

    async tick(now) {
      let queued = 0
      let started = 0
      let finished = 0
      let paused = 0
      const due = await db
        .selectFrom('update_sends')
        .select(['update_id', 'state'])
        .where((eb) => eb.or([eb('state', '=', 'sending'), eb.and([eb('state', '=', 'scheduled'), eb('send_at', '<=', iso(now))])]))
        .execute()
      for (const { update_id: updateId } of due) {
        await db.transaction().execute(async (trx) => {
          // Another instance's clock may have moved it since: what the locked row says now decides.
          const locked = await lockUpdate(trx, Number(updateId))
          if (!locked?.send) return
          if (locked.state === 'scheduled') {
            if (new Date(locked.send.send_at) > now) return
            const move = sendMove('scheduled', { type: 'START' })!
            await apply(trx, Number(updateId), move.to, move.actions, now, locked.send.audience, matchOf(locked.send.audience_match))
            started++
          } else if (locked.state !== 'sending') return
          const send = await sendRow(trx, Number(updateId)).executeTakeFirstOrThrow()
          // Its rates first: over a limit, it pauses (what it queued is withdrawn) and queues nothing more.
          const because = await judgeSend(trx, send, guard)
          if (because) {
            const move = sendMove('sending', { type: 'PAUSE' })!
            await apply(trx, Number(updateId), move.to, move.actions, now)
            await trx.updateTable('update_sends').set({ paused_because: because }).where('update_id', '=', Number(updateId)).execute()
            paused++
            return
          }
          const fed = await feed(trx, send, now)
          queued += fed.queued
          if (fed.finished) finished++
        })
      }
      return { queued, started, finished, paused }
    },

    guard,

    async rates() {
      const [emails, reports] = await Promise.all([emailsGone(database.reads), reportCounts(database.reads)])
      return { emails, ...reports }
    },

    async recordRows(updateId, afterId, batch) {
      const rows = await db
        .selectFrom('update_recipients')
        .leftJoin('signups', 'signups.id', 'update_recipients.signup_id')
        .select(['update_recipients.id', 'signups.email', 'update_recipients.state', 'update_recipients.reason', 'update_recipients.at', 'update_recipients.unsubscribed_at'])
        .where('update_recipients.update_id', '=', updateId)
        .where('update_recipients.id', '>', afterId)
        .orderBy('update_recipients.id')
        .limit(batch)
        .execute()
      return rows.map((row) => ({
        id: Number(row.id),
        email: row.email,
        state: row.state,
        reason: row.reason,
        at: row.at === null ? null : new Date(row.at).toISOString(),
        unsubscribedAt: row.unsubscribed_at === null ? null : new Date(row.unsubscribed_at).toISOString(),
      }))
    },
  }
}
