// `database.reads` only reads (database.ts): a query built to write (an insert, an update, a delete, a merge, a
// schema change) is refused before it reaches either engine, with a plain error and no database code, so that
// classify() leaves it a bug (a 500) rather than "the database is away". Raw SQL passes through: on SQLite the
// read connection refuses it itself (PRAGMA query_only, sqlite-read-worker.mjs).
import type { KyselyPlugin } from 'kysely'

export const readsOnly: KyselyPlugin = {
  transformQuery({ node }) {
    if (node.kind === 'SelectQueryNode' || node.kind === 'RawNode') return node
    throw new Error(`database.reads only reads: send this ${node.kind.replace(/Node$/, '')} through database.db`)
  },
  transformResult: async ({ result }) => result,
}
