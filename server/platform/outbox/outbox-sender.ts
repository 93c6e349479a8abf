// Delivers the outbox (the emails queued in the transactions that stored them) in the background. It claims a
// batch of due entries with a lease, sends each, and marks it sent, skipped or failed; a send that fails is
// tried again later with exponential backoff and jitter. A process killed mid-batch leaves its entries
// leased: PostgreSQL instances take them again when the lease ends; SQLite's single process releases them at
// its next start. So an email is sent at least once, and twice only if its process died between the send and
// the mark (the one batch in flight at a crash), or if a send cut after its end of DATA was delivered after
// all and its retry, held back until the server could no longer deliver the first, went out too.
import { invitationRules, linkLifetimesMs, placeLinkLifetimeMs, referralRules, reminderAfterMs } from '../../../shared/rules'
import { hashSecret, newSecret } from '../secrets/tokens'
import { afterReplyDelayMs } from '../http/after-reply'
import { silentLogger, type Logger } from '../observability/logger'
import type { SendOutcome } from '../observability/metrics'
import { OverBudgetError, type MailboxBudget } from '../mail/mailbox-budget'
import { DeliveryUnknownError, NotOneMailboxError, smtpTimeouts, type Mailer, type OutgoingMail } from '../mail/mailer'
import type { EmailLinks } from '../mail/list-email'
import { confirmationEmail, erasureEmail } from '../../features/consent/consent-emails'
import { invitationEmail, invitationReminderEmail } from '../../features/launch/launch-emails'
import { welcomeEmail } from '../../features/referral/referral-emails'
import type { ConsentStore, OutboxEntry, OutboxKind } from '../../features/consent/consent-store'
import type { LinkToken } from '../secrets/link-tokens'

/** An invitation's link lives as long as its invitation (INVITE_LIFETIME_DAYS), so it has no lifetime of its own here. */
const tokenLifetimesMs = { confirm: linkLifetimesMs.confirm, erase: linkLifetimesMs.erase, unsubscribe: linkLifetimesMs.unsubscribe, place: placeLinkLifetimeMs }
type TokenPurpose = keyof typeof tokenLifetimesMs | 'invite'

export type OutboxSenderOptions = {
  store: ConsentStore
  mailer: Mailer
  /** Each email counts against its inbox's budget for its kind (platform/mail/mailbox-budget.ts); without one, none. */
  budget?: MailboxBudget
  links: EmailLinks
  /** How often to look for due entries when nobody pokes (new entries poke at once). */
  pollMs?: number
  /** The places a confirmed friend moves someone up (PLACE_BOOST), as the welcome email says it. */
  placeBoost?: number
  /** How long an invitation works (INVITE_LIFETIME_DAYS), as its email says it. */
  invitationLifetimeMs?: number
  /** The least time between two looks that pokes ask for: a burst of pokes is one look. */
  pokeGapMs?: number
  batchSize?: number
  /** How long a claim holds its entries; the entry being sent has its lease renewed every quarter of this. */
  leaseMs?: number
  /** The longest one send may take before it is stopped (its connection closed). */
  sendBudgetMs?: number
  /** How long an email whose send was cut after its end of DATA waits before it is tried again. */
  unknownOutcomeRetryMs?: number
  /** Backoff: base × 2^(attempt − 1), capped, ±20 % jitter; after maxAttempts the entry is marked failed. */
  retryBaseMs?: number
  retryCapMs?: number
  maxAttempts?: number
  now?: () => Date
  /** Where the sender says what went wrong: a retry (warn), an email given up on, an outbox it cannot read (error). */
  log?: Pick<Logger, 'warn' | 'error'>
  /** Told the outcome of every attempt, for the metrics (platform/observability/metrics.ts). */
  onAttempt?: (kind: OutboxKind, outcome: SendOutcome) => void
}

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
export const outboxDefaults = { pollMs: 1000, pokeGapMs: 25, placeBoost: referralRules.boostPlaces as number, invitationLifetimeMs: invitationRules.lifetimeMs as number, batchSize: 10, leaseMs: 60_000, sendBudgetMs: smtpTimeouts.untilDataEndMs + smtpTimeouts.afterDataEndMs + 60_000, unknownOutcomeRetryMs: smtpTimeouts.afterDataEndMs, retryBaseMs: 2000, retryCapMs: 10 * 60_000, maxAttempts: 12 }

/** How long an email over its inbox's budget waits when the budget does not say (a mailer's own refusal). */
export const invitationBudgetRetryMs = 60 * 60_000

// A 5yz reply is a permanent refusal (RFC 5321 §4.2.1: "the same request … will not succeed"), such as an
// unknown mailbox: retrying it for hours would only keep the entry unfinished (and /healthz at 503).
const isPermanentRefusal = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

export function startOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const settings = { ...outboxDefaults, ...options }
  const now = options.now ?? (() => new Date())
  const log = options.log ?? silentLogger
  const counted = (entry: OutboxEntry, outcome: SendOutcome) => options.onAttempt?.(entry.kind, outcome)
  let stopped = false
  let running: Promise<void> | undefined
  let again = false
  let timer: NodeJS.Timeout | undefined
  const idleWaiters: (() => void)[] = []
  /** Stops the send in flight, if any. */
  let stopSending: ((reason: string) => void) | undefined

  const backoffMs = (attempts: number) => {
    const base = Math.min(settings.retryCapMs, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1))
    return Math.round(base * (0.8 + Math.random() * 0.4))
  }

  // An invitation's link ends with the invitation (`invitationEndsAt`); every other link lives its own lifetime.
  async function tokensFor(signupId: number, purposes: TokenPurpose[], invitationEndsAt?: Date): Promise<Record<TokenPurpose, string>> {
    const at = now().getTime()
    const tokens = purposes.map((purpose) => ({ purpose, secret: newSecret() }))
    const endOf = (purpose: TokenPurpose) => (purpose === 'invite' ? invitationEndsAt! : new Date(at + tokenLifetimesMs[purpose]))
    const rows: LinkToken[] = tokens.map(({ purpose, secret }) => ({ hash: hashSecret(secret), purpose, personId: signupId, expiresAt: endOf(purpose) }))
    await options.store.saveTokens(rows)
    return Object.fromEntries(tokens.map(({ purpose, secret }) => [purpose, secret])) as Record<TokenPurpose, string>
  }

  // The budget is asked before the email is made: an email that has to wait makes no tokens, and the link it
  // carries when it does go is made then. Anyone can make a pending signup; any other status took a link from
  // the inbox, so its owner vouched for the address.
  const mail = (kind: OutboxKind, to: { email: string; status: string }, signal: AbortSignal, compose: () => Promise<OutgoingMail>) =>
    options.budget
      ? options.budget.send(options.mailer, kind, to.email, to.status !== 'pending', compose, { signal })
      : compose().then((made) => options.mailer.send(made, { signal }))

  // Sends one entry, or says why not: a confirmation only to a pending signup, a welcome only to a confirmed
  // one (an unsubscribed person gets no email) that has its referral code, an invitation and its reminder only
  // to someone invited whose invitation is still open (not claimed, expired, unsubscribed from), nothing to an
  // erased one.
  async function deliver(entry: OutboxEntry, signal: AbortSignal): Promise<'sent' | 'skipped'> {
    const signup = entry.signup
    if (!signup) return 'skipped'
    const kind = entry.kind
    switch (kind) {
      case 'confirm': {
        if (signup.status !== 'pending') return 'skipped'
        await mail(kind, signup, signal, async () => {
          const tokens = await tokensFor(signup.id, ['confirm', 'unsubscribe'])
          return confirmationEmail(signup, options.links, { confirm: tokens.confirm, unsubscribe: tokens.unsubscribe })
        })
        return 'sent'
      }
      case 'erase': {
        await mail(kind, signup, signal, async () => {
          const tokens = await tokensFor(signup.id, ['erase', 'unsubscribe'])
          return erasureEmail(signup, options.links, { erase: tokens.erase, unsubscribe: tokens.unsubscribe })
        })
        return 'sent'
      }
      case 'welcome': {
        const referralCode = signup.referralCode
        if (signup.status !== 'confirmed' || referralCode === null) return 'skipped'
        await mail(kind, signup, signal, async () => {
          const tokens = await tokensFor(signup.id, ['place', 'unsubscribe'])
          return welcomeEmail(signup, options.links, { place: tokens.place, unsubscribe: tokens.unsubscribe }, referralCode, settings.placeBoost)
        })
        return 'sent'
      }
      case 'invite':
      case 'reminder': {
        const invitation = entry.invitation
        if (signup.status !== 'invited' || !invitation?.open || invitation.expiresAt <= now()) return 'skipped'
        await mail(kind, signup, signal, async () => {
          const tokens = await tokensFor(signup.id, ['invite', 'unsubscribe'], invitation.expiresAt)
          const pair = { invite: tokens.invite, unsubscribe: tokens.unsubscribe }
          return kind === 'invite'
            ? invitationEmail(signup, options.links, pair, { expiresAt: invitation.expiresAt, lifetimeMs: settings.invitationLifetimeMs })
            : invitationReminderEmail(signup, options.links, pair, { expiresAt: invitation.expiresAt, leftMs: settings.invitationLifetimeMs - reminderAfterMs(settings.invitationLifetimeMs) })
        })
        return 'sent'
      }
      default: {
        const unknown: never = kind
        throw new Error(`outbox: no email for the kind ${String(unknown)}`)
      }
    }
  }

  // One send, its entry's lease kept for as long as the send is alive, so that no other instance takes an email
  // that may still be delivered, however long an honest server takes: renewed before the send when a quarter
  // of it is gone (an entry another instance has claimed since is left to it), then every quarter lease. The
  // send is stopped (its connection closed) when its budget is up, when the sender stops, or when the lease is
  // lost: taken over, or not renewed for three quarters of it (the database does not answer).
  async function send(entry: OutboxEntry, claimedUntil: Date): Promise<{ outcome: 'sent' | 'skipped' } | { error: unknown; lost: boolean } | undefined> {
    let heldUntil = claimedUntil
    const renewed = () => new Date(now().getTime() + settings.leaseMs)
    if (heldUntil.getTime() - now().getTime() < (settings.leaseMs * 3) / 4) {
      const until = renewed()
      if (!(await options.store.renewOutboxLease(entry.id, heldUntil, until))) return undefined
      heldUntil = until
    }
    const attempt = new AbortController()
    const stop = (reason: string) => attempt.abort(new Error(reason))
    stopSending = stop
    let lost = false
    let renewing = false
    let renewedAt = performance.now()
    const budget = setTimeout(() => stop(`no answer from the mail server within ${settings.sendBudgetMs / 1000} s`), settings.sendBudgetMs)
    const keeper = setInterval(() => {
      if (performance.now() - renewedAt > (settings.leaseMs * 3) / 4) stop('its lease could not be renewed in time')
      if (renewing || attempt.signal.aborted) return
      renewing = true
      const until = renewed()
      options.store
        .renewOutboxLease(entry.id, heldUntil, until)
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
      stopSending = undefined
    }
  }

  async function drain(): Promise<void> {
    for (let first = true; ; first = false) {
      const claimedAt = now().getTime()
      // A look that follows a batch leaves alone what was queued in the last moments: a new signup's email,
      // committed while this sender was at work, whose reply may not have been read yet; sending it at once
      // slowed that reply, and only a new signup's (platform/http/after-reply.ts). The poke after the reply comes for it.
      const dueBy = first ? claimedAt : claimedAt - afterReplyDelayMs.min
      const entries = await options.store.claimOutbox(new Date(dueBy), settings.batchSize, settings.leaseMs)
      if (entries.length === 0) return
      const claimedUntil = new Date(claimedAt + settings.leaseMs)
      // One at a time, in order: a small outbox, and SMTP servers throttle bursts anyway.
      for (const [index, entry] of entries.entries()) {
        if (stopped) {
          // What is left is given back at once (its lease ended now, if it is still ours), to be claimed afresh.
          await Promise.all(entries.slice(index).map((rest) => options.store.renewOutboxLease(rest.id, claimedUntil, now())))
          return
        }
        // The lines name the entry by its id and kind, never by its address; the reason is the mail server's
        // own words, which may quote the address (the logger scrubs it: platform/observability/logger.ts).
        const about = { outbox: entry.id, kind: entry.kind, attempt: entry.attempts }
        const result = await send(entry, claimedUntil)
        if (result === undefined) continue
        if ('outcome' in result) {
          const invitation = entry.invitation && (entry.kind === 'invite' || entry.kind === 'reminder') ? { id: entry.invitation.id, kind: entry.kind } : undefined
          await options.store.finishOutbox(entry.id, now(), result.outcome, undefined, invitation)
          counted(entry, result.outcome)
          continue
        }
        const error = result.error
        const reason = error instanceof Error ? error.message : String(error)
        if (result.lost) {
          // Another instance has the entry now: its retry and its record are that instance's.
          log.warn(about, `outbox: email #${entry.id} stopped, its lease lost: ${reason}`)
          continue
        }
        if (error instanceof OverBudgetError) {
          // Every email waits for its inbox's budget rather than being dropped: someone asked for it, or is
          // waiting for it (an invitation is skipped anyway once it has ended). The budget says when.
          await options.store.retryOutbox(entry.id, new Date(now().getTime() + (error.retryAfterMs ?? invitationBudgetRetryMs)), reason)
          counted(entry, 'over_budget')
        } else if (error instanceof NotOneMailboxError || isPermanentRefusal(error)) {
          // Nothing a retry could change: the stored address is not one mailbox (left by the older rule), or
          // the mail server refused it for good.
          log.error(about, `outbox: email #${entry.id} refused for good, not retried: ${reason}`)
          await options.store.finishOutbox(entry.id, now(), 'failed', reason)
          counted(entry, 'failed')
        } else if (entry.attempts >= settings.maxAttempts) {
          log.error(about, `outbox: giving up on email #${entry.id} after ${entry.attempts} attempts: ${reason}`)
          await options.store.finishOutbox(entry.id, now(), 'failed', reason)
          counted(entry, 'failed')
        } else if (error instanceof DeliveryUnknownError) {
          // The server may still deliver the first copy: a retry before its time is up could be a second.
          const wait = Math.max(backoffMs(entry.attempts), settings.unknownOutcomeRetryMs)
          log.warn({ ...about, retryInMs: wait }, `outbox: email #${entry.id} ${reason}; trying again in ${Math.round(wait / 1000)} s, once the server can no longer deliver it`)
          await options.store.retryOutbox(entry.id, new Date(now().getTime() + wait), reason)
          counted(entry, 'retry')
        } else {
          const wait = backoffMs(entry.attempts)
          log.warn({ ...about, retryInMs: wait }, `outbox: email #${entry.id} not sent (attempt ${entry.attempts}), trying again in ${Math.round(wait / 1000)} s: ${reason}`)
          await options.store.retryOutbox(entry.id, new Date(now().getTime() + wait), reason)
          counted(entry, 'retry')
        }
      }
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
    running = drain()
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
      stopSending?.('the sender is stopping')
      await running
      for (const resolve of idleWaiters.splice(0)) resolve()
    },
  }
}
