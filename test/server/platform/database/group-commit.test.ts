// @vitest-environment node
// Calls made together are written together, each caller gets its own result, and a failed batch fails
// exactly its own callers.
import { expect, it } from 'vitest'
import { groupCommit } from '../../../../server/platform/database/group-commit'

it('runs the calls of one turn as one batch and the calls made meanwhile as the next', async () => {
  const batches: number[][] = []
  let release = () => {}
  const double = groupCommit<number, number>(async (items) => {
    batches.push(items)
    if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve))
    return items.map((item) => (item === 3 ? Promise.resolve(item * 2) : item * 2))
  })
  const first = [1, 2, 3].map(double)
  await new Promise((resolve) => setImmediate(resolve))
  const second = [4, 5].map(double)
  release()
  expect(await Promise.all([...first, ...second])).toEqual([2, 4, 6, 8, 10])
  expect(batches).toEqual([[1, 2, 3], [4, 5]])
})

it('rejects every caller of a failed batch and carries on with the next', async () => {
  let calls = 0
  const write = groupCommit<string, string>(async (items) => {
    if (calls++ === 0) throw new Error('disk full')
    return items
  })
  const failed = Promise.allSettled(['a', 'b'].map(write))
  expect((await failed).map((result) => result.status)).toEqual(['rejected', 'rejected'])
  expect(await write('c')).toBe('c')
})

it('rejects a caller whose result is itself a rejection, alone', async () => {
  const write = groupCommit<string, string>(async (items) => items.map((item) => (item === 'bad' ? Promise.reject(new Error(item)) : item)))
  const results = await Promise.allSettled(['ok', 'bad'].map(write))
  expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected'])
})
