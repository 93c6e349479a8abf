// The statements the stores send, recorded with their values left out: what work the database is asked for, not
// for whom. Tests that say a listed and an unlisted address cost the same work compare two such records
// (test/server/features/signup/same-work.test.ts, test/server/features/api/same-answer.test.ts).
import type { KyselyPlugin, OperationNode } from 'kysely'
import type { Database } from '../../server/platform/database/database'

/** A statement as the engine receives it, its values replaced by `?`. */
function shape(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shape)
  if (node === null || typeof node !== 'object') return node
  const { kind } = node as OperationNode
  if (kind === 'ValueNode') return '?'
  if (kind === 'PrimitiveValueListNode' || kind === 'ValueListNode') return `?×${(node as { values: unknown[] }).values.length}`
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, shape(value)]))
}

/** The database, with every statement sent through it written down; `take()` hands over those since the last. */
export function recorded(database: Database): { database: Database; take: () => unknown[] } {
  let statements: unknown[] = []
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }) => (statements.push(shape(node)), node),
    transformResult: async ({ result }) => result,
  }
  const watched = Object.assign(Object.create(database) as Database, { db: database.db.withPlugin(recorder) })
  return {
    database: watched,
    take: () => {
      const taken = statements
      statements = []
      return taken
    },
  }
}
