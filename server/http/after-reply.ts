// Work whose cost must not show in the reply's timing (what differs between a listed and an unlisted address)
// runs after the reply has left. On Node that is once the response is written (@hono/node-server hands the
// handler its ServerResponse as `c.env.outgoing`); elsewhere, on a later turn of the event loop. A promise
// merely left unawaited is not enough: libsql holds the thread while it writes, and a write started before the
// reply is sent delays it.
import type { Context } from 'hono'
import { nextTurn } from '../group-commit'

type Outgoing = { once(event: 'close', listener: () => void): unknown; readonly closed?: boolean }

export function afterReply(c: Context, work: () => void): void {
  const outgoing = (c.env as { outgoing?: Outgoing } | undefined)?.outgoing
  if (outgoing && typeof outgoing.once === 'function' && !outgoing.closed) outgoing.once('close', () => nextTurn(work))
  else nextTurn(work)
}
