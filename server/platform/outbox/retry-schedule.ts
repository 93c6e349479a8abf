// When an entry of the queue that failed is tried again: the one backoff of the outbox, whatever the entry's
// transport. An entry names its schedule (outbox.retry: `mail`, or one its transport's runner knows, such as the
// webhooks' Standard Webhooks schedule); the runner that holds the schedule of that name asks it how long to wait
// after a failed attempt, and gives the entry back to the queue for then (outbox-store.ts retry), or finishes it as
// failed when the schedule says it is given up.

/** The wait after the `attempts`-th failed attempt, in ms, or undefined: given up. */
export type RetrySchedule = (attempts: number) => number | undefined

/** Doubling from `baseMs` (base × 2^(attempt − 1)), capped at `capMs`, ±`jitter` of it at random, given up once
 * `maxAttempts` have failed: the mail's (outbox-sender.ts). */
export function doublingSchedule({ baseMs, capMs, maxAttempts, jitter = 0.2 }: { baseMs: number; capMs: number; maxAttempts: number; jitter?: number }): RetrySchedule {
  return (attempts) => {
    if (attempts >= maxAttempts) return undefined
    const base = Math.min(capMs, baseMs * 2 ** Math.max(0, attempts - 1))
    return Math.round(base * (1 - jitter + Math.random() * 2 * jitter))
  }
}

/** The waits of a list, one after each failed attempt, given up after the last; `untilDone`, never given up: past
 * the list, the last wait again and again. */
export function listedSchedule(waits: readonly number[], { untilDone = false }: { untilDone?: boolean } = {}): RetrySchedule {
  return (attempts) => waits[(untilDone ? Math.min(attempts, waits.length) : attempts) - 1]
}
