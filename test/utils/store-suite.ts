// Which engines a test file's database runs on is said in the file itself, at its top, in one of three ways:
//
// - `runsOnBothEngines()`: the file's databases come from the harness (test/server/harness.ts `freshDatabase`,
//   and the servers built on it), which gives the engine of the run. vitest.config.ts reads this call and runs
//   the file twice, once on SQLite and once in its `postgres` project (WAITLIST_TEST_ENGINE=postgres).
// - `describe.each(eachEngine())` (test/utils/engines.ts): the file runs its blocks on each engine itself.
// - `onlyOn(engine, why)`: the file runs on one engine, and the reason is written there.
//
// A file that opens a database, or starts a server process over one, and says none of these fails
// (test/utils/setup.ts checks after its tests), so a new store suite cannot silently skip PostgreSQL.
// Nothing here imports vitest: test/server/processes.ts, which the scripts also use, reports its databases here.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

export type EngineName = 'sqlite' | 'postgres'

type Declaration = { kind: 'both' } | { kind: 'each' } | { kind: 'only'; engine: EngineName; why: string }

type FileState = { declared?: Declaration; touched?: EngineName }

// One test file runs at a time in a worker; test/utils/setup.ts starts each file with a fresh state. It lives on
// globalThis, not in this module, because the drivers (pg, libsql) load once per worker, not once per file.
const holder = globalThis as { strideStoreSuite?: FileState }
const state = (): FileState => (holder.strideStoreSuite ??= {})

export function resetStoreSuiteState(): void {
  holder.strideStoreSuite = {}
}

function declare(declaration: Declaration): void {
  const current = state()
  if (current.declared && current.declared.kind !== declaration.kind) throw new Error(`This file says twice on which engines it runs (${current.declared.kind}, then ${declaration.kind}).`)
  current.declared = declaration
}

/** At the top of a file whose databases come from the harness: vitest runs it on SQLite and on PostgreSQL. */
export function runsOnBothEngines(): void {
  declare({ kind: 'both' })
}

/** Called by `eachEngine()` (engines.ts): the file's blocks run on each engine. */
export function runsOnEachEngineItself(): void {
  declare({ kind: 'each' })
}

/** At the top of a file that runs on one engine only; `why` is the reason, in a sentence. */
export function onlyOn(engine: EngineName, why: string): void {
  if (why.trim().length < 10) throw new Error(`onlyOn('${engine}', why): say why the file runs on ${engine} only.`)
  declare({ kind: 'only', engine, why })
}

/** A database was opened or reached (the drivers, the harness and the server processes tell it). */
export function noteDatabaseUse(engine: EngineName): void {
  state().touched ??= engine
}

/** The sentence that fails a file that touched a database and did not say on which engines it runs, if so. */
export function undeclaredStoreSuite(): string | undefined {
  const { declared, touched } = state()
  if (!touched || declared) return undefined
  return (
    `This file reached a ${touched === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database and does not say on which engines it runs. ` +
    'Call runsOnBothEngines() at its top (its databases come from the harness), use describe.each(eachEngine()), ' +
    "or onlyOn('sqlite' | 'postgres', why) with the reason (test/utils/store-suite.ts)."
  )
}

/** A top-level `runsOnBothEngines()` call, at the start of a line, as vitest.config.ts reads it. */
const bothEnginesCall = /^runsOnBothEngines\(\)/m

/** The test files (relative to `root`) that declare `runsOnBothEngines()`: the `postgres` project's files. */
export function suitesOnBothEngines(root: string, folder = 'test'): string[] {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.test\.tsx?$/.test(entry.name) && bothEnginesCall.test(readFileSync(path, 'utf8'))) files.push(relative(root, path))
    }
  }
  walk(join(root, folder))
  return files.sort()
}

/** What the file said, if it said anything. */
export function storeSuiteDeclaration(): Declaration | undefined {
  return state().declared
}
