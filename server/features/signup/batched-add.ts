// Signups added in batches, in the same work whether or not the address is listed (issue 19).
import { groupCommit } from '../../platform/database/group-commit'
import { afterReplyDelay } from '../../platform/http/after-reply'
import { silentLogger, type Logger } from '../../platform/observability/logger'

export type AddResult = 'added' | 'duplicate'

/** How both engines add signups, in the same work whether or not the address is listed, so the time to the
 * reply says nothing (issue 19). A batch of them is inserted at once (`insertBatch` says which were added: the
 * others are listed or erased) in one write transaction that always writes, so a repeat costs the same commit
 * as a new signup. Every caller is answered after its batch; only then, a random moment later
 * (platform/http/after-reply.ts), is each signup looked up again and the repeats signed up again (`signUpAgain`: a
 * confirmation re-sent as the consent machine says). That
 * courtesy is the one thing a crash at that moment could lose, and the person can simply ask again. A signup is
 * whatever the signup store keeps (validate.ts). */
export function batchedAdd<Signup>(
  insertBatch: (signups: Signup[]) => Promise<boolean[]>,
  signUpAgain: (lookUp: Signup[], repeats: Signup[]) => Promise<void>,
  classify: (error: unknown) => unknown,
  log: Pick<Logger, 'error'> = silentLogger,
  laterDelay: () => number = afterReplyDelay,
): { add: (signup: Signup) => Promise<AddResult>; settled: () => Promise<void> } {
  const pending = new Set<Promise<void>>()
  const add = groupCommit<Signup, AddResult>(async (signups) => {
    const added = await insertBatch(signups)
    // Every signup of the batch is looked up, new or not, so that the work after the reply (which a next
    // request may wait behind) is the same too; only the repeats are acted on.
    const repeats = signups.filter((_, index) => !added[index])
    const later = new Promise<void>((resolve) => setTimeout(resolve, laterDelay()))
      .then(() => signUpAgain(signups, repeats))
      .catch((error: unknown) => log.error({ err: error }, 'waitlist: a repeat signup was not re-sent its email'))
      .finally(() => pending.delete(later))
    pending.add(later)
    return signups.map((_, index) => (added[index] ? 'added' : 'duplicate'))
  })
  return {
    add: (signup) =>
      add(signup).catch((error: unknown) => {
        throw classify(error)
      }),
    settled: async () => void (await Promise.all(pending)),
  }
}
