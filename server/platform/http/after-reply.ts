// Work whose cost must not show in the reply's timing (what differs between a listed and an unlisted address:
// a token stored, an email rendered and sent) runs after the reply has left. On Node that is once the response
// is written (@hono/node-server hands the handler its ServerResponse as `c.env.outgoing`); elsewhere, once the
// handler has returned. A promise merely left unawaited is not enough: libsql holds the thread while it writes,
// and a write started before the reply is sent delays it.
//
// Nor is "once written" enough. The response is written about 0.5 ms before the client has read it (median;
// 1.6 ms at the 90th percentile, 10 ms and more at the 99th on a busy machine; measured 2026-11-26 on the
// 2-core shared machine), and work begun at once held up the reading of its own reply: a team address's
// sign-in request answered slower in 60–72 % of pairs, a new signup's slower than a repeat's (0.82–0.87 of the
// time). Begun 2–20 ms later it still fell, on the 20 ms-spaced requests of `npm run bench:timing`, mostly on
// the new signup's own or next request (0.82–0.84 there). So the work starts at a random moment 20–200 ms after
// the reply: past the reading of its own reply, and at no fixed distance from it, so it falls on no particular
// later request either. Signup rows measured 0.97–1.09 with it.
import type { Context } from 'hono'
import { randomInt } from 'node:crypto'

type Outgoing = { once(event: 'close', listener: () => void): unknown; readonly closed?: boolean }

/** The window after the reply in which its work starts, at a random moment. */
export const afterReplyDelayMs = { min: 20, max: 200 }

/** A random moment in that window, in milliseconds from the reply. */
export const afterReplyDelay = () => randomInt(afterReplyDelayMs.min, afterReplyDelayMs.max + 1)

const pending = new Set<Promise<void>>()

/** Runs `work` after the reply; a promise it returns is waited for by afterRepliesSettled (its errors are its own
 * to report). */
export function afterReply(c: Context, work: () => unknown): void {
  let settle = () => {}
  const settled = new Promise<void>((resolve) => (settle = resolve)).finally(() => pending.delete(settled))
  pending.add(settled)
  const run = () => {
    try {
      void Promise.resolve(work()).catch(() => {}).finally(settle)
    } catch {
      settle()
    }
  }
  const later = () => void setTimeout(run, afterReplyDelay())
  const outgoing = (c.env as { outgoing?: Outgoing } | undefined)?.outgoing
  if (outgoing && typeof outgoing.once === 'function' && !outgoing.closed) outgoing.once('close', later)
  else later()
}

/** Resolves once the work of every reply sent so far has run: a clean stop waits for it before the database
 * closes. */
export async function afterRepliesSettled(): Promise<void> {
  await Promise.all([...pending])
}
