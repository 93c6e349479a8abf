// Delivers the outbox (the emails queued in the transactions that stored them) in the background. It claims a
// batch of due entries with a lease, sends each, and marks it sent, skipped or failed; a send that fails is
// tried again later with exponential backoff and jitter. A process killed mid-batch leaves its entries
// leased: PostgreSQL instances take them again when the lease ends; SQLite's single process releases them at
// its next start. So an email is sent at least once, and twice only if its process died between the send and
// the mark: the one batch in flight at a crash.
import { hashSecret, newSecret } from '../admin/tokens'
import type { Mailer } from '../mail/mailer'
import { confirmationEmail, erasureEmail, type EmailLinks } from './consent-emails'
import { tokenLifetimesMs, type ConsentStore, type NewToken, type OutboxEntry, type TokenPurpose } from './consent-store'

export type OutboxSenderOptions = {
  store: ConsentStore
  mailer: Mailer
  links: EmailLinks
  /** How often to look for due entries when nobody pokes (new entries poke at once). */
  pollMs?: number
  batchSize?: number
  leaseMs?: number
  /** Backoff: base × 2^(attempt − 1), capped, ±20 % jitter; after maxAttempts the entry is marked failed. */
  retryBaseMs?: number
  retryCapMs?: number
  maxAttempts?: number
  now?: () => Date
  log?: (line: string) => void
}

export type OutboxSender = {
  /** Look now: something was just queued. */
  poke(): void
  /** Resolves when the outbox has nothing due (for tests and the start-up catch-up). */
  idle(): Promise<void>
  /** Stops polling and waits for the batch in flight. */
  stop(): Promise<void>
}

export const outboxDefaults = { pollMs: 1000, batchSize: 10, leaseMs: 60_000, retryBaseMs: 2000, retryCapMs: 10 * 60_000, maxAttempts: 12 }

export function startOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const settings = { ...outboxDefaults, ...options }
  const now = options.now ?? (() => new Date())
  const log = options.log ?? ((line: string) => console.error(line))
  let stopped = false
  let running: Promise<void> | undefined
  let again = false
  let timer: NodeJS.Timeout | undefined
  const idleWaiters: (() => void)[] = []

  const backoffMs = (attempts: number) => {
    const base = Math.min(settings.retryCapMs, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1))
    return Math.round(base * (0.8 + Math.random() * 0.4))
  }

  async function tokensFor(signupId: number, purposes: TokenPurpose[]): Promise<Record<TokenPurpose, string>> {
    const at = now().getTime()
    const tokens = purposes.map((purpose) => ({ purpose, secret: newSecret() }))
    const rows: NewToken[] = tokens.map(({ purpose, secret }) => ({ hash: hashSecret(secret), purpose, signupId, expiresAt: new Date(at + tokenLifetimesMs[purpose]) }))
    await options.store.saveTokens(rows)
    return Object.fromEntries(tokens.map(({ purpose, secret }) => [purpose, secret])) as Record<TokenPurpose, string>
  }

  // Sends one entry, or says why not: a confirmation only to a pending signup, nothing to an erased one.
  async function deliver(entry: OutboxEntry): Promise<'sent' | 'skipped'> {
    const signup = entry.signup
    if (!signup) return 'skipped'
    if (entry.kind === 'confirm') {
      if (signup.status !== 'pending') return 'skipped'
      const tokens = await tokensFor(signup.id, ['confirm', 'unsubscribe'])
      await options.mailer.send(confirmationEmail(signup, options.links, { confirm: tokens.confirm, unsubscribe: tokens.unsubscribe }))
      return 'sent'
    }
    const tokens = await tokensFor(signup.id, ['erase', 'unsubscribe'])
    await options.mailer.send(erasureEmail(signup, options.links, { erase: tokens.erase, unsubscribe: tokens.unsubscribe }))
    return 'sent'
  }

  async function drain(): Promise<void> {
    for (;;) {
      const entries = await options.store.claimOutbox(now(), settings.batchSize, settings.leaseMs)
      if (entries.length === 0) return
      // One at a time, in order: a small outbox, and SMTP servers throttle bursts anyway.
      for (const entry of entries) {
        try {
          const outcome = await deliver(entry)
          await options.store.finishOutbox(entry.id, now(), outcome)
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error)
          if (entry.attempts >= settings.maxAttempts) {
            log(`outbox: giving up on email #${entry.id} after ${entry.attempts} attempts: ${reason}`)
            await options.store.finishOutbox(entry.id, now(), 'failed', reason)
          } else {
            const wait = backoffMs(entry.attempts)
            log(`outbox: email #${entry.id} not sent (attempt ${entry.attempts}), trying again in ${Math.round(wait / 1000)} s: ${reason}`)
            await options.store.retryOutbox(entry.id, new Date(now().getTime() + wait), reason)
          }
        }
      }
      if (stopped) return
    }
  }

  function run(): void {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    clearTimeout(timer)
    running = drain()
      .catch((error: unknown) => log(`outbox: cannot read the outbox now (${error instanceof Error ? error.message : String(error)}); will try again`))
      .finally(() => {
        running = undefined
        if (again) {
          again = false
          run()
          return
        }
        for (const resolve of idleWaiters.splice(0)) resolve()
        if (!stopped) timer = setTimeout(run, settings.pollMs)
      })
  }

  run()
  return {
    poke: run,
    idle: () =>
      new Promise((resolve) => {
        idleWaiters.push(resolve)
        run()
      }),
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
      for (const resolve of idleWaiters.splice(0)) resolve()
    },
  }
}
