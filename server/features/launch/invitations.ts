// Invitations in waves (issue 22): the team invites the next confirmed people by place in line, now or at a
// daily pace; each gets one invitation email and one reminder through the outbox, and a link that claims it
// once. Written once for both engines over platform/database/database.ts.
//
// A wave is one transaction that takes the line's counter row first (features/referral/line.ts), as every change to the
// line does: two waves started at once, from two tabs or two instances, run one after the other, and the second
// takes the people after the first's. A wave started from a preview names the first person the team saw; if
// someone else's wave took them meanwhile, it invites nobody and says the list changed. Each person's status
// moves only as the consent machine allows (INVITE, CLAIM, EXPIRE: machines/signup-consent-machine.ts).
//
// A wave's emails are spread over time as they are queued, `sendsPerSecond` apart across the wave, so every
// instance's sender shares one pace and the mail server sees no flood; each reminder is queued with its
// invitation, for its day, and is skipped when it comes due if the invitation was claimed, ended or
// unsubscribed from by then.
import { eventMove, tokenMove } from '../consent/public'
import type { Line } from '../referral/public'
import type { Database, Db } from '../../platform/database/database'
import { transactionEvents } from '../../platform/events/transaction-events'
import type { LaunchEventBus } from './launch-events'
import { enqueue, lastDueAt } from '../../platform/outbox/outbox-queue'
import { takeLinkToken } from '../../platform/secrets/link-tokens'
import { invitationRules, reminderAfterMs } from '../../../shared/rules'
import type { Funnel, FunnelColumn, NextUp, Pace, WaveKind, WaveRow, WavesOverview } from '../../../shared/launch-rows'
import { funnelColumns, noFunnel, previewLimit } from '../../../shared/launch-rows'
import { recordOf } from '../../../shared/record-of'
import { issueActivationCode, type ActivationCode } from './activation-code'

export type InvitationSettings = { lifetimeMs: number; sendsPerSecond: number }
export const invitationDefaults: InvitationSettings = { lifetimeMs: invitationRules.lifetimeMs, sendsPerSecond: invitationRules.sendsPerSecond }

export type StartWave = {
  count: number
  by: string
  kind: WaveKind
  now: Date
  /** The first person the team saw in the preview. */
  firstId?: number
  /** A cohort (issue 52): only these people, the next in line among them. */
  among?: readonly number[]
}
export type WaveStarted = { ok: true; wave: WaveRow } | { ok: false; reason: 'list-changed' | 'nobody' }

export type Invitations = {
  /** Who a wave of `count` would take, for the team to see before they start it. */
  nextUp(count: number, among?: readonly number[]): Promise<NextUp>
  /** Starts a wave in one transaction: invitations, statuses, the line, and the emails. */
  startWave(wave: StartWave): Promise<WaveStarted>
  /** A new wave of a wave's expired invitations (the team sends them again); nobody when it has none. */
  inviteAgain(waveId: number, by: string, now: Date): Promise<WaveStarted>
  overview(ready: boolean): Promise<WavesOverview>
  setPace(pace: { perDay: number; atUtc: string }, by: string, now: Date): Promise<Pace>
  stopPace(now: Date): Promise<boolean>
  /** The pace's wave when today's is due and not run yet (one instance runs it), and every invitation past its
   * end expired. Run every so often by the launch ticker. */
  tick(now: Date): Promise<{ waveId: number | undefined; expired: number }>
  /** What the invitation page shows for a link, or undefined for an unknown, used or ended one. Reads only. */
  invitationOf(tokenHash: string, now: Date): Promise<{ firstName: string; expiresAt: Date } | undefined>
  /** Claims the invitation behind a link (the token is used up whatever happens); false when it cannot be. */
  claim(tokenHash: string, now: Date): Promise<boolean>
  /** The same claim, with the activation code it issued (activation-code.ts) to show the person once; undefined
   * when it cannot be claimed. */
  claimWithCode(tokenHash: string, now: Date): Promise<ActivationCode | undefined>
}

const iso = (date: Date) => date.toISOString()
const invite = tokenMove('INVITE')
// The machine's guard is the invitation being open, which claim() checks before it moves anyone.
const claimMove = eventMove({ type: 'CLAIM', invitationOpen: true })
const expire = tokenMove('EXPIRE')
const chunk = 500

const utcDay = (date: Date) => iso(date).slice(0, 10)
// One wave per UTC day of the pace, whatever the clocks do: the day last run only ever moves forward, and a day
// at or before it is done. A clock stepped back (or an instance whose clock is behind) finds its day done; one
// stepped forward runs today's wave, never the days it skipped. Days as YYYY-MM-DD compare as text.
const dayDone = (lastRunDay: string | null, day: string) => lastRunDay !== null && lastRunDay >= day
const laterDay = (a: string | null, b: string | null) => (a === null ? b : b === null || a >= b ? a : b)

/** `events` is told of each wave's invitations and each claim, in their transactions (launch-events.ts): the
 * composition subscribes the webhooks. */
export function invitations(database: Database, line: Line, settings: InvitationSettings, events: LaunchEventBus = transactionEvents()): Invitations {
  const { db, lockRows } = database
  const gapMs = 1000 / settings.sendsPerSecond
  const remindAfter = reminderAfterMs(settings.lifetimeMs)

  // The wave itself, inside a transaction that holds the line's counter row.
  async function inviteIn(trx: Db, people: { id: number; line_score: number | null }[], kind: WaveKind, by: string, now: Date): Promise<WaveRow> {
    const wave = await trx.insertInto('waves').values({ kind, started_by: by, started_at: iso(now), size: people.length }).returning('id').executeTakeFirstOrThrow()
    const expiresAt = iso(new Date(now.getTime() + settings.lifetimeMs))
    // Emails already waiting for their turn (an earlier wave still sending) go first: this wave's queue behind them.
    const last = await lastDueAt(trx, 'invite')
    const start = Math.max(now.getTime(), last ? last.getTime() + gapMs : 0)
    for (let from = 0; from < people.length; from += chunk) {
      const part = people.slice(from, from + chunk)
      const ids = part.map((person) => person.id)
      const rows = await trx
        .insertInto('invitations')
        .values(part.map((person) => ({ wave_id: wave.id, signup_id: person.id, invited_at: iso(now), expires_at: expiresAt })))
        .returning(['id', 'signup_id'])
        .execute()
      const moved = await trx.updateTable('signups').set({ status: invite.to }).where('id', 'in', ids).where('status', 'in', invite.from).executeTakeFirst()
      if (Number(moved.numUpdatedRows) !== part.length) throw new Error('a wave found someone it had chosen no longer invitable')
      await events.publish(trx, 'sent', {
        waveId: wave.id,
        invitations: rows.map((row) => ({ invitationId: row.id, signupId: row.signup_id!, expiresAt: new Date(expiresAt) })),
        now,
      })
      const sendAt = (index: number, after: number) => new Date(start + after + Math.floor((from + index) * gapMs))
      await enqueue(
        trx,
        rows.flatMap((row, index) => [
          { kind: 'invite', personId: row.signup_id!, subjectId: row.id, at: sendAt(index, 0) },
          { kind: 'reminder', personId: row.signup_id!, subjectId: row.id, at: sendAt(index, remindAfter) },
        ]),
      )
    }
    await line.take(
      trx,
      people.filter((person): person is { id: number; line_score: number } => person.line_score !== null),
    )
    return { id: wave.id, kind, startedBy: by, startedAt: iso(now), funnel: { ...noFunnel, invited: people.length } }
  }

  async function startWaveIn(trx: Db, wave: StartWave): Promise<WaveStarted> {
    const people = await line.next(trx, Math.min(wave.count, invitationRules.maxWave), wave.among)
    if (wave.firstId !== undefined && people[0]?.id !== wave.firstId) return { ok: false, reason: 'list-changed' }
    if (people.length === 0) return { ok: false, reason: 'nobody' }
    return { ok: true, wave: await inviteIn(trx, people, wave.kind, wave.by, wave.now) }
  }

  const funnelOf = (where: (query: ReturnType<typeof funnelQuery>) => ReturnType<typeof funnelQuery>, from: Db = db) => where(funnelQuery(from))

  async function paceOf(from: Db = db): Promise<{ pace: Pace | null; ended: WavesOverview['paceEnded'] }> {
    const row = await from.selectFrom('launch_pace').selectAll().where('id', '=', 1).executeTakeFirst()
    if (!row) return { pace: null, ended: null }
    // Both are set when a pace ends, and cleared together when one is set.
    if (row.ended_at !== null && row.ended_reason !== null) return { pace: null, ended: { reason: row.ended_reason, at: new Date(row.ended_at).toISOString() } }
    return {
      pace: { perDay: Number(row.per_day), atUtc: row.at_utc, startedBy: row.started_by, startedAt: new Date(row.started_at).toISOString(), lastRunDay: row.last_run_day },
      ended: null,
    }
  }

  // The claim, in one transaction with the code it issues (activation-code.ts).
  function claimWithCode(tokenHash: string, now: Date): Promise<ActivationCode | undefined> {
    return db.transaction().execute(async (trx): Promise<ActivationCode | undefined> => {
      await events.lock(trx, 'claimed')
      const signupId = await takeLinkToken(trx, 'invite', tokenHash, now)
      if (signupId === undefined) return undefined
      const open = await lockRows(
        trx
          .selectFrom('invitations')
          .select(['id', 'expires_at'])
          .where('signup_id', '=', signupId)
          .where('claimed_at', 'is', null)
          .where('expired_at', 'is', null)
          .orderBy('id', 'desc'),
      ).executeTakeFirst()
      if (!open || open.expires_at <= iso(now)) return undefined
      const moved = await trx.updateTable('signups').set({ status: claimMove.to }).where('id', '=', signupId).where('status', 'in', claimMove.from).executeTakeFirst()
      if (moved.numUpdatedRows !== 1n) return undefined
      await trx.updateTable('invitations').set({ claimed_at: iso(now) }).where('id', '=', open.id).execute()
      await events.publish(trx, 'claimed', { invitationId: open.id, signupId, now })
      // Single use: the invitation's other links (the reminder's) end with the claim.
      await trx.deleteFrom('consent_tokens').where('signup_id', '=', signupId).where('purpose', '=', 'invite').execute()
      // The code the app will ask for, issued with the claim and taken back with it.
      return issueActivationCode(trx, signupId, now)
    })
  }

  return {
    // A preview reads through the reads connection, off the event loop, as the overview does: at a million signups
    // its count of who waits held SQLite's one connection 46 ms a call, and /healthz behind it (bench:console,
    // 2026-12-06). Starting the wave reads the line again in its own transaction, so a preview a moment old is safe.
    async nextUp(count, among) {
      const wanted = Math.max(0, Math.min(count, invitationRules.maxWave))
      const { reads } = database
      const [people, all] = await Promise.all([line.next(reads, Math.min(wanted, previewLimit), among), line.waiting(reads, among)])
      const places = await Promise.all(people.map((person) => line.placeOf(person.id)))
      return {
        people: people.map((person, index) => ({ id: person.id, firstName: person.first_name, email: person.email, place: places[index]?.place ?? 0 })),
        count: Math.min(wanted, all),
        waiting: all,
      }
    },
    startWave(wave) {
      return db.transaction().execute(async (trx) => {
        await events.lock(trx, 'sent')
        await line.lock(trx)
        return startWaveIn(trx, wave)
      })
    },
    inviteAgain(waveId, by, now) {
      return db.transaction().execute(async (trx) => {
        await events.lock(trx, 'sent')
        await line.lock(trx)
        const people = await trx
          .selectFrom('invitations')
          .innerJoin('signups', 'signups.id', 'invitations.signup_id')
          .select(['signups.id', 'signups.line_score'])
          .where('invitations.wave_id', '=', waveId)
          .where('invitations.expired_at', 'is not', null)
          .where('signups.status', '=', expire.to)
          .orderBy('invitations.id')
          .execute()
        if (people.length === 0) return { ok: false, reason: 'nobody' } as const
        return { ok: true, wave: await inviteIn(trx, people, 'again', by, now) } as const
      })
    },
    // Read off the event loop (the reads connection): at a million signups, counting who waits held SQLite's one
    // connection, and every request behind it, 25-40 ms, and up to 306 ms beside the Overview's other calls.
    async overview(ready) {
      const { reads } = database
      const [rows, total, pace, all] = await Promise.all([
        reads.selectFrom('waves').selectAll().orderBy('id', 'desc').limit(200).execute(),
        funnelOf((query) => query, reads).executeTakeFirstOrThrow(),
        paceOf(reads),
        line.waiting(reads),
      ])
      const perWave =
        rows.length === 0 ? [] : await funnelOf((query) => query.select('wave_id').where('wave_id', 'in', rows.map((row) => row.id)).groupBy('wave_id'), reads).execute()
      return {
        waves: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          startedBy: row.started_by,
          startedAt: new Date(row.started_at).toISOString(),
          funnel: funnel(perWave.find((counts) => Number((counts as { wave_id?: number }).wave_id) === row.id)),
        })),
        total: funnel(total),
        pace: pace.pace,
        paceEnded: pace.ended,
        waiting: all,
        ready,
        lifetimeDays: Math.round(settings.lifetimeMs / 86_400_000),
      }
    },
    setPace({ perDay, atUtc }, by, now) {
      return db.transaction().execute(async (trx) => {
        const current = await lockRows(trx.selectFrom('launch_pace').select('last_run_day').where('id', '=', 1)).executeTakeFirst()
        // Set after today's time, the first wave is tomorrow's: a pace never fires the moment it is set. Set again,
        // it keeps the last day run, so no day runs twice (not even set on a clock stepped back).
        const lastRunDay = laterDay(iso(now).slice(11, 16) >= atUtc ? utcDay(now) : null, current?.last_run_day ?? null)
        const row = { per_day: perDay, at_utc: atUtc, started_by: by, started_at: iso(now), last_run_day: lastRunDay, ended_reason: null, ended_at: null }
        await trx
          .insertInto('launch_pace')
          .values({ id: 1, ...row })
          .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
          .execute()
        return { perDay, atUtc, startedBy: by, startedAt: iso(now), lastRunDay }
      })
    },
    async stopPace(now) {
      const stopped = await db.updateTable('launch_pace').set({ ended_reason: 'stopped', ended_at: iso(now) }).where('id', '=', 1).where('ended_at', 'is', null).executeTakeFirst()
      return stopped.numUpdatedRows === 1n
    },
    async tick(now) {
      const expired = await db.transaction().execute(async (trx) => {
        const ended = await trx
          .updateTable('invitations')
          .set({ expired_at: iso(now) })
          .where('expires_at', '<=', iso(now))
          .where('claimed_at', 'is', null)
          .where('expired_at', 'is', null)
          .where('unsubscribed_at', 'is', null)
          .where('erased_at', 'is', null)
          // Only someone the machine lets expire: still invited (not unsubscribed since, not erased).
          .where('signup_id', 'in', (eb) => eb.selectFrom('signups').select('id').where('status', 'in', expire.from))
          .returning('signup_id')
          .execute()
        const ids = ended.map((row) => row.signup_id).filter((id): id is number => id !== null)
        for (let from = 0; from < ids.length; from += 1000)
          await trx
            .updateTable('signups')
            .set({ status: expire.to })
            .where('id', 'in', ids.slice(from, from + 1000))
            .where('status', 'in', expire.from)
            .execute()
        return ended.length
      })
      const waveId = await db.transaction().execute(async (trx) => {
        await events.lock(trx, 'sent')
        await line.lock(trx)
        const pace = await lockRows(trx.selectFrom('launch_pace').selectAll().where('id', '=', 1).where('ended_at', 'is', null)).executeTakeFirst()
        if (!pace || dayDone(pace.last_run_day, utcDay(now)) || iso(now).slice(11, 16) < pace.at_utc) return undefined
        await trx.updateTable('launch_pace').set({ last_run_day: utcDay(now) }).where('id', '=', 1).execute()
        const started = await startWaveIn(trx, { count: Number(pace.per_day), by: pace.started_by, kind: 'pace', now })
        // The list is empty (now, or after this wave): the pace has done its work.
        if (!started.ok || (await line.waiting(trx)) === 0) await trx.updateTable('launch_pace').set({ ended_reason: 'list-empty', ended_at: iso(now) }).where('id', '=', 1).execute()
        return started.ok ? started.wave.id : undefined
      })
      return { waveId, expired }
    },
    async invitationOf(tokenHash, now) {
      const row = await db
        .selectFrom('consent_tokens')
        .innerJoin('signups', 'signups.id', 'consent_tokens.signup_id')
        .innerJoin('invitations', 'invitations.signup_id', 'signups.id')
        .select(['signups.first_name', 'invitations.expires_at'])
        .where('consent_tokens.token_hash', '=', tokenHash)
        .where('consent_tokens.purpose', '=', 'invite')
        .where('consent_tokens.expires_at', '>', iso(now))
        .where('invitations.claimed_at', 'is', null)
        .where('invitations.expired_at', 'is', null)
        .where('invitations.expires_at', '>', iso(now))
        .where('signups.status', 'in', claimMove.from)
        .orderBy('invitations.id', 'desc')
        .executeTakeFirst()
      return row && { firstName: row.first_name, expiresAt: new Date(row.expires_at) }
    },
    async claim(tokenHash, now) {
      return (await claimWithCode(tokenHash, now)) !== undefined
    },
    claimWithCode,
  }
}

function funnelQuery(db: Db) {
  return db
    .selectFrom('invitations')
    .select((eb) => [
      eb.fn.countAll<number>().as('invited'),
      eb.fn.count<number>('delivered_at').as('delivered'),
      eb.fn.count<number>('reminded_at').as('reminded'),
      eb.fn.count<number>('claimed_at').as('claimed'),
      eb.fn.count<number>('expired_at').as('expired'),
      eb.fn.count<number>('unsubscribed_at').as('unsubscribed'),
      eb.fn.count<number>('erased_at').as('erased'),
    ])
}

const funnel = (counts: Partial<Record<FunnelColumn, unknown>> | undefined): Funnel => recordOf(funnelColumns, (column) => Number(counts?.[column] ?? 0))
