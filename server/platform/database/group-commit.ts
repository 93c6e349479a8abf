// Group commit: calls that arrive while a batch is being written wait and go together in the next one, so
// a burst of signups costs one transaction (one fsync) per batch instead of one per signup. Every caller is
// still settled only after the batch holding its item has run, with that item's own result.

export type BatchRunner<T, R> = (items: T[]) => Promise<readonly (R | PromiseLike<R>)[]>

/** A later turn of the event loop: setImmediate on Node, a zero timer where it does not exist (edge runtimes). */
export const nextTurn: (callback: () => void) => void =
  typeof setImmediate === 'function' ? (callback) => setImmediate(callback) : (callback) => setTimeout(callback, 0)

export function groupCommit<T, R>(run: BatchRunner<T, R>): (item: T) => Promise<R> {
  let waiting: { item: T; resolve: (result: R | PromiseLike<R>) => void; reject: (error: unknown) => void }[] = []
  let running = false

  async function drain() {
    while (waiting.length > 0) {
      const batch = waiting
      waiting = []
      try {
        const results = await run(batch.map(({ item }) => item))
        batch.forEach(({ resolve, reject }, index) =>
          index < results.length ? resolve(results[index] as R | PromiseLike<R>) : reject(new Error('batch returned too few results')),
        )
      } catch (error) {
        for (const { reject } of batch) reject(error)
      }
    }
    running = false
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject })
      if (running) return
      running = true
      // Wait for the rest of this turn of the event loop, so requests read together are written together.
      nextTurn(() => void drain())
    })
}
