// A file that shares its worker with the files after it (test/utils/isolation.ts) must leave the worker as it
// found it: a server still listening, a socket, a timer (an outbox sender's next poll) or a child process it
// started would run on into the next file's tests and logs. setup.ts counts what keeps the worker's event loop
// alive when the file starts and fails the file, naming what is left, if more is still there after its last hook.
// Closing is asynchronous (a socket's close lands a few turns later), so the count is waited for, to a bound.
import { setTimeout as sleep } from 'node:timers/promises'

type Counts = Map<string, number>

/** What keeps the event loop alive now, by kind (Node's own names: TCPServerWrap, Timeout, ProcessWrap…). */
function activeResources(): Counts {
  const counts: Counts = new Map()
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1)
  return counts
}

function surplus(now: Counts, before: Counts): string[] {
  return [...now].filter(([kind, count]) => count > (before.get(kind) ?? 0)).map(([kind, count]) => `${count - (before.get(kind) ?? 0)} ${kind}`)
}

/** Counts what is alive now; the returned function fails with what is still alive beyond it after `boundMs`. */
export function watchLeftBehind(boundMs = 10_000): () => Promise<void> {
  const before = activeResources()
  return async () => {
    const deadline = Date.now() + boundMs
    for (;;) {
      // The wait's own timer has fired by the time this runs, so it is not counted.
      const left = surplus(activeResources(), before)
      if (left.length === 0) return
      if (Date.now() > deadline)
        throw new Error(
          `This file shares its worker with the files after it (test/utils/isolation.ts) and left running: ${left.join(', ')}. ` +
            'Stop what the file starts in afterEach or afterAll (or a finally), not only when a test passes.',
        )
      await sleep(20)
    }
  }
}
