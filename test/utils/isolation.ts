// Which test files vitest may run one after another in the same worker, sharing the modules they import
// (vitest.config.ts `isolate: false`), and which need a fresh worker each. Importing the server's module graph
// anew for every file cost a third of the suite's worker time on 2 cores (the run's "import" figure: 870 s against
// 2,660 s in the tests themselves, 2026-12-07, on a machine shared with other work), so the files that can share,
// share.
//
// A file shares when what it leaves behind cannot reach the next file: it runs in Node's environment (a DOM is
// per file), and neither it nor a test helper it imports replaces a module, a global or the environment (vi.mock,
// vi.stubGlobal, vi.stubEnv, fake timers, process.env written, process.chdir, process.on). Everything else it
// starts, it stops: setup.ts fails a sharing file that leaves a server, a socket, a timer or a child process behind.
// The file says so in its own text; nothing is listed here. A file may still ask for a worker of its own, saying why
// on the line (`// own worker: …`).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

declare module 'vitest' {
  export interface ProvidedContext {
    /** True in the projects whose files share workers (vitest.config.ts). */
    sharesWorker?: boolean
  }
}

/** A first-line `// @vitest-environment node`: the file runs without a DOM. */
const inNode = /^\/\/ @vitest-environment node\s*$/m
/** What changes the worker for the files after this one. */
const changesTheWorker =
  /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|useFakeTimers|spyOn|resetModules)\b|process\.env(\.\w+|\[[^\]]+\])\s*(=[^=]|\?\?=|\|\|=)|delete\s+process\.env|Object\.assign\(\s*process\.env|process\.(chdir|on|once|addListener|umask)\(|globalThis\.\w+\s*=[^=]/
/** A relative import of a test helper (only those under test/ are read: the code under test is the same for all). */
const relativeImport = /from\s+'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier)
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => /\.tsx?$/.test(path) && existsSync(path))
}

/** True when the file, or a helper under `testDir` it imports (at any depth), changes the worker for later files. */
function changesWorker(file: string, testDir: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false
  seen.add(file)
  const text = readFileSync(file, 'utf8')
  if (changesTheWorker.test(text)) return true
  for (const match of text.matchAll(relativeImport)) {
    const path = resolveImport(file, match[1] ?? match[2]!)
    if (path && path.startsWith(testDir) && changesWorker(path, testDir, seen)) return true
  }
  return false
}

/** A file that asks for a worker of its own, with its reason on the same line: `// own worker: <why>`. */
const ownWorker = /^\/\/ own worker: \S/m

/** Whether the test file (absolute path) may run in a worker shared with other files. */
export function mayShareWorker(file: string, testDir: string): boolean {
  const text = readFileSync(file, 'utf8')
  return inNode.test(text) && !ownWorker.test(text) && !changesWorker(file, testDir)
}

/** The test files under `root`/`folder` (relative to `root`) that may share a worker. */
export function filesSharingWorkers(root: string, folder = 'test'): string[] {
  const testDir = join(root, folder)
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.test\.tsx?$/.test(entry.name) && mayShareWorker(path, testDir)) files.push(relative(root, path))
    }
  }
  walk(testDir)
  return files.sort()
}
