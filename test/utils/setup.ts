import Sqlite from 'libsql'
import pg from 'pg'
import { afterAll, expect, inject } from 'vitest'
import { noteDatabaseUse, resetStoreSuiteState, storeSuiteDeclaration, undeclaredStoreSuite } from './store-suite'

// Every test file runs this first. Files in jsdom (the views) also get setup-dom.ts: Testing Library and the rest
// of what a page needs, which the files in Node's environment never use.
if (typeof window !== 'undefined') await import('./setup-dom')
// A server process over a database counts as the file's reaching it (tools/processes.ts starts those, from the
// run's build: server-for-run.ts; jsdom's files start none, and its import.meta.url is no file's).
else {
  const processes = await import('../../tools/processes')
  processes.whenServerUsesDatabase(noteDatabaseUse)
  processes.startBuiltServer(inject('builtServerMain'))
  // A file in a shared worker (vitest.config.ts) stops all it starts: left-behind.ts fails it otherwise. Registered
  // first, this hook runs after the file's own.
  if (inject('sharesWorker')) {
    const { watchLeftBehind } = await import('./left-behind')
    afterAll(watchLeftBehind())
  }
}

// Which engines a file runs on is said in the file (store-suite.ts). The drivers tell when a file reaches a
// database, so a file that does and says nothing fails here, after its tests. They load once per worker: the
// wrappers go on once, and what they note starts afresh with each file.
resetStoreSuiteState()
type Noted = { strideNotesDatabaseUse?: true }
const client = pg.Client.prototype as pg.Client & Noted
if (!client.strideNotesDatabaseUse) {
  client.strideNotesDatabaseUse = true
  const connect = client.connect as (...args: unknown[]) => unknown
  client.connect = function (this: pg.Client, ...args: unknown[]) {
    noteDatabaseUse('postgres')
    return connect.apply(this, args)
  } as unknown as typeof client.connect
}
const sqlite = Sqlite.prototype as unknown as Record<string, (...args: unknown[]) => unknown> & Noted
if (!sqlite.strideNotesDatabaseUse) {
  sqlite.strideNotesDatabaseUse = true
  for (const method of ['prepare', 'exec', 'pragma']) {
    const original = sqlite[method]!
    sqlite[method] = function (this: unknown, ...args: unknown[]) {
      noteDatabaseUse('sqlite')
      return original.apply(this, args)
    }
  }
}
afterAll(() => {
  const undeclared = undeclaredStoreSuite()
  if (undeclared) throw new Error(undeclared)
  // The config and the file must agree: vitest.config.ts runs on PostgreSQL the files it reads this call in.
  const file = expect.getState().testPath
  if (storeSuiteDeclaration()?.kind === 'both' && file && !inject('suitesOnBothEngines').some((suite) => file.endsWith(suite))) {
    throw new Error('This file calls runsOnBothEngines(), but vitest.config.ts did not find the call: write it at the start of a line, at the top level.')
  }
})
