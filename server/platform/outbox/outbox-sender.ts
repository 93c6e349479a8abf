// Delivers the outbox (the emails queued in the transactions that stored them) in the background. It claims a
// batch of due entries with a lease, has each entry's kind (outbox-kinds.ts, registered by the features; the
// sender names none) read, render and record it, and marks it sent, skipped or failed; a send that fails is
// tried again later with exponential backoff and jitter. Up to `concurrency` emails of a batch are in flight at once
// (MAIL_CONCURRENCY; one person's emails of a batch one after the other, in order), the suppression list is read
// once a batch, the "send begun" marks asked while one is being committed share the next commit, and the marks of
// the sends that end within a few milliseconds of each other are written in one transaction (one commit for several
// emails). A process killed mid-batch leaves its entries
// leased: PostgreSQL instances take them again when the lease ends; SQLite's single process releases them at
// its next start. So an email is sent at least once, and twice only if its process died between the send and
// the mark (the emails in flight at a crash, and those whose marks were still being gathered), or if a send cut after its end of DATA was delivered after
// all and its retry, held back until the server could no longer deliver the first, went out too.
import { whileRunning } from '../observability/event-loop'
import { afterReplyDelayMs } from '../http/after-reply'
import { silentLogger, type Logger } from '../observability/logger'
import type { SendOutcome } from '../observability/metrics'
import { OverBudgetError, type MailboxBudget } from '../mail/mailbox-budget'
import { DeliveryUnknownError, NotOneMailboxError, smtpTimeouts, type Mailer, type OutgoingMail } from '../mail/mailer'
import type { Db } from '../database/database'
import { groupCommit } from '../database/group-commit'
import type { OutboxKind, OutboxKinds, QueuedEmail, Recipient } from './outbox-kinds'
import type { OutboxStore } from './outbox-store'
import { doublingSchedule } from './retry-schedule'
import { bounceOf, refusalWords, type SuppressionGate } from '../suppression/outbox-gate'
import { OverPaceError, type SendPace } from '../mail/send-pace'

export type OutboxSenderOptions = {
  outbox: OutboxStore
  /** The kinds of email it delivers, each registered by its feature (outbox-kinds.ts). */
  kinds: OutboxKinds
  mailer: Mailer
  /** Each email counts against its inbox's budget for its kind (platform/mail/mailbox-budget.ts); without one, none. */
  budget?: MailboxBudget
  /** How often to look for due entries when nobody pokes (new entries poke at once). */
  pollMs?: number
  /** The least time between two looks that pokes ask for: a burst of pokes is one look. */
  pokeGapMs?: number
  batchSize?: number
  /** How long a claim holds its entries; the entry being sent has its lease renewed every quarter of this. */
  leaseMs?: number
  /** The longest one send may take before it is stopped (its connection closed). */
  sendBudgetMs?: number
  /** How long an email whose send was cut after its end of DATA waits before it is tried again. */
  unknownOutcomeRetryMs?: number
  /** Backoff (retry-schedule.ts doublingSchedule): base × 2^(attempt − 1), capped, ±20 % jitter; after maxAttempts the
   * entry is marked failed. */
  retryBaseMs?: number
  retryCapMs?: number
  maxAttempts?: number
  now: () => Date
  /** Where the sender says what went wrong: a retry (warn), an email given up on, an outbox it cannot read (error). */
  log?: Pick<Logger, 'warn' | 'error'>
  /** Told the outcome of every attempt, for the metrics (platform/observability/metrics.ts). */
  onAttempt?: (kind: string, outcome: SendOutcome) => void
  /** The suppression list (platform/suppression/outbox-gate.ts): asked before each send, told of each bounce. */
  suppression?: SuppressionGate
  /** The receiving domains' cap and the warm-up's (platform/mail/send-pace.ts): taken before each send; without it, none. */
  pace?: SendPace
  /** How many emails are in flight at once (MAIL_CONCURRENCY). */
  concurrency?: number
  /** How long a finished send's mark waits for others to be written with it in one transaction. */
  finishGapMs?: number
}

/** A test's changes to a sender: a short poll, a wrapper that counts the outbox's calls. */
export type OutboxSenderOverrides = Omit<Partial<OutboxSenderOptions>, 'outbox' | 'kinds'> & { outbox?: (outbox: OutboxStore) => OutboxStore }

/** How a send ended without an error: sent, skipped (no longer due), or suppressed (its address is on the list). */
type Delivered = 'sent' | 'skipped' | 'suppressed'

/** A claimed entry with its kind, if one is registered by that name, what the kind read for it, and whether the
 * suppression list stopped it when the batch was read. */
type Claimed = QueuedEmail & { registered: OutboxKind | undefined; email: Recipient | undefined; suppressed: boolean }

export type OutboxSender = {
  /** Look now: something was just queued. */
  poke(): void
  /** Resolves when the outbox has nothing due (for tests and the start-up catch-up). */
  idle(): Promise<void>
  /** Stops polling and waits for the batch in flight. */
  stop(): Promise<void>
}

// A send may take as long as the SMTP mailer's RFC 5321 limits allow (platform/mail/mailer.ts smtpTimeouts: 40 min at
// worst); the budget is a backstop a minute past them, for a mailer that would not keep its own. The lease is
// renewed while a send runs, so it stays short: a dead instance's emails are taken over within a minute. An
// email cut after its end of DATA waits out the time the server had to answer it (§4.5.3.2.6, 10 min): an
// honest server has delivered the first copy or dropped it by then.
export const outboxDefaults = { pollMs: 1000, pokeGapMs: 25, batchSize: 10, concurrency: 1, finishGapMs: 10, leaseMs: 60_000, sendBudgetMs: smtpTimeouts.untilDataEndMs + smtpTimeouts.afterDataEndMs + 60_000, unknownOutcomeRetryMs: smtpTimeouts.afterDataEndMs, retryBaseMs: 2000, retryCapMs: 10 * 60_000, maxAttempts: 12 }

/** How long an email over its inbox's budget waits when the budget does not say (a mailer's own refusal). */
export const budgetRetryMs = 60 * 60_000

// A 5yz reply is a permanent refusal (RFC 5321 §4.2.1: "the same request … will not succeed"), such as an
// unknown mailbox: retrying it for hours would only keep the entry unfinished (and /healthz at 503).
const isPermanentRefusal = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

export function startOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const settings = { ...outboxDefaults, ...options }
  const now = options.now
  const log = options.log ?? silentLogger
  const counted = (entry: QueuedEmail, outcome: SendOutcome) => options.onAttempt?.(entry.kind, outcome)
  let stopped = false
  let running: Promise<void> | undefined
  let again = false
  let timer: NodeJS.Timeout | undefined
  const idleWaiters: (() => void)[] = []
  /** Stops each send in flight. */
  const stopSending = new Set<(reason: string) => void>()
  const concurrency = Math.max(1, settings.concurrency)
  // A claim takes enough to keep every send busy: at least a batch, and two rounds of the concurrency.
  const batchSize = Math.max(settings.batchSize, 2 * concurrency)

  // The mail's schedule of the queue's one backoff (retry-schedule.ts): every email's entry names it (`mail`).
  const backoffMs = doublingSchedule({ baseMs: settings.retryBaseMs, capMs: settings.retryCapMs, maxAttempts: settings.maxAttempts })

  // The budget is asked before the email is made: an email that has to wait makes no link, and the link it
  // carries when it does go is made then.
  const mail = (kind: string, to: Recipient, signal: AbortSignal, compose: () => Promise<OutgoingMail>) =>
    options.budget
      ? options.budget.send(options.mailer, kind, to.address, to.vouched, compose, { signal })
      : compose().then((made) => options.mailer.send(made, { signal }))

  // Sends one entry, or says why not: its person is gone (erased), or its kind says it no longer goes. A kind that
  // must reach nobody twice marks the send begun before it goes (OutboxKind begin), once the budget allows it: an
  // entry whose send already began (its instance stopped mid-send) is skipped, never sent again; one known not to
  // have gone (refused, cut before its end of DATA) has the mark taken back, so its retry may go.
  async function deliver(entry: Claimed, signal: AbortSignal): Promise<Delivered> {
    const { registered: kind, email } = entry
    if (!kind) throw new Error(`outbox: no kind is registered as ${entry.kind}`)
    if (!email || !kind.sends(email, now())) return 'skipped'
    // The one rule every kind passes: an address on the suppression list gets nothing more (outbox-gate.ts). The list
    // was read for the whole batch (load); an address refused since, in this batch, is asked about again.
    if (entry.suppressed || (bouncedInBatch.has(email.address) && (await options.suppression?.stops(entry, email, kind)))) return 'suppressed'
    // The receiving domain's minute and the warm-up's day (send-pace.ts): over either, it waits (OverPaceError).
    const paced = await options.pace?.take(email.address, kind.bulk === true, now())
    let begun = 'no' as 'no' | 'yes' | 'refused'
    try {
      await mail(kind.name, email, signal, async () => {
        if (kind.begin && !(await begin((trx) => kind.begin!(trx, email, now())))) {
          begun = 'refused'
          throw new Error('its send began before, or it is no longer due')
        }
        begun = 'yes'
        return kind.render(email, now())
      })
    } catch (error) {
      // What did not go gives its place in the pace back; what may have gone keeps it.
      if (!(error instanceof DeliveryUnknownError)) await paced?.refund()
      if (begun === 'refused') return 'skipped'
      // Should the mark stay (the database does not answer), the retry is skipped: never twice, at worst not at all.
      if (begun === 'yes' && kind.release && !(error instanceof DeliveryUnknownError)) await kind.release(email).catch(() => {})
      throw error
    }
    return 'sent'
  }

  // What the entry's kind records of its outcome, written with the mark, in its transaction (outbox-store.ts finish).
  function recordOf(entry: Claimed, outcome: Delivered | 'failed', at: Date): ((trx: Db) => Promise<void>) | undefined {
    const { registered: kind, email } = entry
    if (!kind || !email) return undefined
    if (outcome === 'sent') return kind.delivered && ((trx) => kind.delivered!(trx, email, at))
    return kind.ended && ((trx) => kind.ended!(trx, email, outcome, at))
  }

  // What each entry needs, read by its kind, one read per kind for the batch. An entry whose kind nobody
  // registered (a feature removed, an instance of another version) fails its send, and is tried again.
  async function load(entries: QueuedEmail[]): Promise<Claimed[]> {
    const claimed: Claimed[] = entries.map((entry) => ({ ...entry, registered: options.kinds.get(entry.kind), email: undefined, suppressed: false }))
    for (const kind of new Set(claimed.map((entry) => entry.registered))) {
      if (!kind) continue
      const mine = claimed.filter((entry) => entry.registered === kind)
      const emails = await kind.load(mine)
      for (const [index, entry] of mine.entries()) entry.email = emails[index]
    }
    // The suppression list, read once for the batch rather than once an email.
    const addressed = claimed.flatMap((entry) => (entry.registered && entry.email ? [{ entry, to: entry.email, kind: entry.registered }] : []))
    const stopped = addressed.length > 0 ? await options.suppression?.stoppedAmong(addressed) : undefined
    for (const entry of claimed) entry.suppressed = stopped?.has(entry.id) ?? false
    return claimed
  }

  // The "send begun" writes (outbox-kinds.ts begin) share commits (platform/database/group-commit.ts): while one
  // group's transaction runs, the begins asked meanwhile wait and go together in the next, so under load one commit,
  // with its sync to disk (on SQLite, on the event loop), serves several emails. Should a group's transaction fail,
  // each of its begins is tried alone, so that one bad row fails only its own email.
  const begin = groupCommit<(trx: Db) => Promise<boolean>, boolean>(async (writes) => {
    const together = writes.length > 1 ? await options.outbox.beginAll(writes).catch(() => undefined) : undefined
    if (together) return together
    const answers: Promise<boolean>[] = []
    for (const write of writes) {
      const alone = options.outbox.beginAll([write]).then(([answer]) => answer!)
      answers.push(alone)
      await alone.catch(() => {})
    }
    return answers
  })

  // The addresses the mail server refused in the batch being sent: their later emails of the batch ask the list again.
  const bouncedInBatch = new Set<string>()

  // One send, its entry's lease kept for as long as the send is alive, so that no other instance takes an email
  // that may still be delivered, however long an honest server takes: renewed before the send when a quarter
  // of it is gone (an entry another instance has claimed since is left to it), then every quarter lease. The
  // send is stopped (its connection closed) when its budget is up, when the sender stops, or when the lease is
  // lost: taken over, or not renewed for three quarters of it (the database does not answer).
  async function send(entry: Claimed, claimedUntil: Date): Promise<{ outcome: Delivered } | { error: unknown; lost: boolean } | undefined> {
    let heldUntil = claimedUntil
    const renewed = () => new Date(now().getTime() + settings.leaseMs)
    if (heldUntil.getTime() - now().getTime() < (settings.leaseMs * 3) / 4) {
      const until = renewed()
      if (!(await options.outbox.renewLease(entry.id, heldUntil, until))) return undefined
      heldUntil = until
    }
    const attempt = new AbortController()
    const stop = (reason: string) => attempt.abort(new Error(reason))
    stopSending.add(stop)
    let lost = false
    let renewing = false
    let renewedAt = performance.now()
    const budget = setTimeout(() => stop(`no answer from the mail server within ${settings.sendBudgetMs / 1000} s`), settings.sendBudgetMs)
    const keeper = setInterval(() => {
      if (performance.now() - renewedAt > (settings.leaseMs * 3) / 4) stop('its lease could not be renewed in time')
      if (renewing || attempt.signal.aborted) return
      renewing = true
      const until = renewed()
      options.outbox
        .renewLease(entry.id, heldUntil, until)
        .then((held) => {
          if (held) {
            heldUntil = until
            renewedAt = performance.now()
          } else if (!attempt.signal.aborted) {
            lost = true
            stop('another sender took it over')
          }
        })
        // Tried again at the next tick; the check above stops the send if none succeeds in time.
        .catch(() => {})
        .finally(() => (renewing = false))
    }, settings.leaseMs / 4)
    try {
      return { outcome: await deliver(entry, attempt.signal) }
    } catch (error) {
      return { error, lost }
    } finally {
      clearTimeout(budget)
      clearInterval(keeper)
      stopSending.delete(stop)
    }
  }

  // A refusal of the recipient is a bounce the suppression list counts (outbox-gate.ts bounceOf), recorded before the
  // entry is finished: should the process die between the two, the entry's retry meets the list.
  async function bounced(entry: Claimed, error: unknown): Promise<void> {
    const kind = bounceOf(error)
    if (!kind || !entry.email) return
    bouncedInBatch.add(entry.email.address)
    await options.suppression?.bounced(entry.email, kind, refusalWords(error), now())
  }

  // The marks of the sends that went (sent, skipped, suppressed), gathered for finishGapMs and written together, each
  // with its kind's record, in one transaction (outbox-store.ts finishAll): one commit for several emails. Should
  // that transaction fail, each is written on its own; one that cannot be is left leased, and is claimed again once
  // its lease ends (a kind that goes at most once finds its send begun, and skips it).
  function finisher() {
    let pending: { entry: Claimed; outcome: Delivered }[] = []
    let timer: NodeJS.Timeout | undefined
    let written: Promise<void> = Promise.resolve()
    const write = async (items: { entry: Claimed; outcome: Delivered }[]) => {
      const at = now()
      const marks = items.map(({ entry, outcome }) => ({ id: entry.id, outcome, recorded: recordOf(entry, outcome, at) }))
      let written = items
      try {
        await options.outbox.finishAll(marks, at)
      } catch {
        written = []
        for (const [index, mark] of marks.entries())
          await options.outbox.finish(mark.id, at, mark.outcome, undefined, mark.recorded).then(
            () => written.push(items[index]!),
            (error: unknown) => log.error({ err: error, outbox: mark.id }, `outbox: email #${mark.id} went, but its mark could not be written; it is claimed again when its lease ends`),
          )
      }
      for (const { entry, outcome } of written) counted(entry, outcome === 'suppressed' ? 'skipped' : outcome)
    }
    const flush = () => {
      clearTimeout(timer)
      timer = undefined
      const items = pending
      pending = []
      if (items.length > 0) written = written.then(() => write(items))
      return written
    }
    return {
      add(entry: Claimed, outcome: Delivered) {
        pending.push({ entry, outcome })
        if (pending.length >= batchSize) void flush()
        else timer ??= setTimeout(flush, settings.finishGapMs)
      },
      flush,
    }
  }

  // One entry's send and what follows it: its mark (gathered), or its retry, or its end.
  async function handle(entry: Claimed, claimedUntil: Date, finished: ReturnType<typeof finisher>): Promise<void> {
    // The lines name the entry by its id and kind, never by its address; the reason is the mail server's
    // own words, which may quote the address (the logger scrubs it: platform/observability/logger.ts).
    const about = { outbox: entry.id, kind: entry.kind, attempt: entry.attempts }
    const result = await send(entry, claimedUntil)
    if (result === undefined) return
    if ('outcome' in result) return finished.add(entry, result.outcome)
    const error = result.error
    const reason = error instanceof Error ? error.message : String(error)
    // The wait before its next attempt, or undefined: its attempts are spent.
    const backoff = backoffMs(entry.attempts)
    if (result.lost) {
      // Another instance has the entry now: its retry and its record are that instance's.
      log.warn(about, `outbox: email #${entry.id} stopped, its lease lost: ${reason}`)
      return
    }
    if (error instanceof OverBudgetError || error instanceof OverPaceError) {
      // Every email waits for its inbox's budget, and for the provider's pace, rather than being dropped: someone
      // asked for it, or is waiting for it (one its kind no longer sends is skipped when it comes round). The
      // budget, or the pace, says when.
      await options.outbox.retry(entry.id, new Date(now().getTime() + (error.retryAfterMs ?? budgetRetryMs)), reason)
      counted(entry, 'over_budget')
    } else if (error instanceof NotOneMailboxError || isPermanentRefusal(error)) {
      // Nothing a retry could change: the stored address is not one mailbox (left by the older rule), or
      // the mail server refused it for good.
      log.error(about, `outbox: email #${entry.id} refused for good, not retried: ${reason}`)
      await bounced(entry, error)
      await options.outbox.finish(entry.id, now(), 'failed', reason, recordOf(entry, 'failed', now()))
      counted(entry, 'failed')
    } else if (backoff === undefined) {
      log.error(about, `outbox: giving up on email #${entry.id} after ${entry.attempts} attempts: ${reason}`)
      await bounced(entry, error)
      await options.outbox.finish(entry.id, now(), 'failed', reason, recordOf(entry, 'failed', now()))
      counted(entry, 'failed')
    } else if (error instanceof DeliveryUnknownError) {
      // The server may still deliver the first copy: a retry before its time is up could be a second.
      const wait = Math.max(backoff, settings.unknownOutcomeRetryMs)
      log.warn({ ...about, retryInMs: wait }, `outbox: email #${entry.id} ${reason}; trying again in ${Math.round(wait / 1000)} s, once the server can no longer deliver it`)
      await options.outbox.retry(entry.id, new Date(now().getTime() + wait), reason)
      counted(entry, 'retry')
    } else {
      const wait = backoff
      log.warn({ ...about, retryInMs: wait }, `outbox: email #${entry.id} not sent (attempt ${entry.attempts}), trying again in ${Math.round(wait / 1000)} s: ${reason}`)
      await options.outbox.retry(entry.id, new Date(now().getTime() + wait), reason)
      counted(entry, 'retry')
    }
  }

  async function drain(): Promise<void> {
    for (let first = true; ; first = false) {
      const claimedAt = now().getTime()
      // A look that follows a batch leaves alone what was queued in the last moments: a new signup's email,
      // committed while this sender was at work, whose reply may not have been read yet; sending it at once
      // slowed that reply, and only a new signup's (platform/http/after-reply.ts). The poke after the reply comes for it.
      const dueBy = first ? claimedAt : claimedAt - afterReplyDelayMs.min
      const claimed = await options.outbox.claim(new Date(dueBy), batchSize, settings.leaseMs)
      if (claimed.length === 0) return
      bouncedInBatch.clear()
      const entries = await load(claimed)
      const claimedUntil = new Date(claimedAt + settings.leaseMs)
      // Up to `concurrency` sends at once. One person's emails of the batch (a confirmation and the welcome after it)
      // stay one after the other, in order, in one line; different people's go side by side.
      const byPerson = new Map<string, Claimed[]>()
      for (const entry of entries) {
        const key = entry.personId === null ? `entry:${entry.id}` : `person:${entry.personId}`
        byPerson.set(key, [...(byPerson.get(key) ?? []), entry])
      }
      const lines = [...byPerson.values()]
      const finished = finisher()
      const sendLines = async () => {
        for (let line = lines.shift(); line; line = lines.shift())
          for (const entry of line) {
            // What is left is given back at once (its lease ended now, if it is still ours), to be claimed afresh.
            if (stopped) await options.outbox.renewLease(entry.id, claimedUntil, now())
            else await handle(entry, claimedUntil, finished)
          }
      }
      // Every line ends before the batch does, even when one fails (the database does not answer): no send outlives its drain.
      const ended = await Promise.allSettled(Array.from({ length: Math.min(concurrency, lines.length) }, sendLines))
      await finished.flush()
      const failed = ended.find((line) => line.status === 'rejected')
      if (failed) throw failed.reason
      if (stopped) return
    }
  }

  // Every signup pokes, new or repeat (only the store knows whether it queued an email), so under load pokes
  // come many a millisecond. Each asked for a look of its own, and with the outbox empty those looks ran back to
  // back: a thousand claims a second on SQLite's one connection, where the signups wait their turn (repeats fell
  // from 3,300 to 670 a second in npm run bench:endpoint once the outbox was empty). Now the pokes of a burst
  // share one look, at most one every pokeGapMs, so a new email still leaves within that gap.
  let lookedAt = -Infinity
  let pokeTimer: NodeJS.Timeout | undefined
  function poke(): void {
    if (stopped || pokeTimer) return
    if (running) {
      again = true
      return
    }
    pokeTimer = setTimeout(
      () => {
        pokeTimer = undefined
        run()
      },
      Math.max(0, lookedAt + settings.pokeGapMs - performance.now()),
    )
  }

  function run(): void {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    clearTimeout(timer)
    lookedAt = performance.now()
    // Marked for the event loop's guard (platform/observability/event-loop.ts), as the clocks are.
    running = whileRunning('outbox', drain)
      .catch((error: unknown) => log.error({ err: error }, 'outbox: cannot read the outbox now; will try again'))
      .finally(() => {
        running = undefined
        if (again) {
          again = false
          poke()
          return
        }
        for (const resolve of idleWaiters.splice(0)) resolve()
        if (!stopped) timer = setTimeout(run, settings.pollMs)
      })
  }

  run()
  return {
    poke,
    idle: () =>
      new Promise((resolve) => {
        idleWaiters.push(resolve)
        run()
      }),
    async stop() {
      stopped = true
      clearTimeout(timer)
      clearTimeout(pokeTimer)
      // A send may take many minutes against a slow server: it is stopped rather than waited for (it is tried
      // again, and one cut after its end of DATA only once the server can no longer deliver it).
      for (const stop of stopSending) stop('the sender is stopping')
      await running
      for (const resolve of idleWaiters.splice(0)) resolve()
    },
  }
}
