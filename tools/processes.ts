// The endpoint as a real process, for tests that kill it: each is its own process group, so a signal reaches every
// process of it. `stopAll()` kills whatever is left. The test run starts the server as the image does, `node main.js`
// from the build it makes once (test/utils/server-for-run.ts, scripts/build-server.ts): a start there took 0.8 s of
// CPU against tsx's 2.8 s, which compiles the server's sources again in every process. Anything else (the
// benchmarks) starts `tsx server/main.ts`.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process'
import { finished } from 'node:stream/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const children = new Set<ChildProcess>()

/** Told of the engine each server process is started over: the suites' setup listens (test/utils/store-suite.ts
 * holds a file that reaches a database to saying on which engines it runs); nothing else does. */
let databaseUse: (engine: 'sqlite' | 'postgres') => void = () => {}
export const whenServerUsesDatabase = (listener: typeof databaseUse) => {
  databaseUse = listener
}

/** The built server's main.js, once the test run has built it; until then `tsx server/main.ts`. */
let builtMain: string | undefined
export const startBuiltServer = (mainJs: string) => {
  builtMain = mainJs
}

export type ServerProcess = { child: ChildProcess; origin: string; exited: Promise<number | null>; output: () => string }

/** A command run with no input and everything it prints (stdout and stderr as they come) kept; `tracked` holds the
 * child until it exits, so whoever owns that set can kill what is left. */
export function spawnCaptured(command: readonly string[], options: Omit<SpawnOptions, 'stdio'>, tracked: Set<ChildProcess>) {
  const child = spawn(command[0]!, command.slice(1), { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
  tracked.add(child)
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve)).finally(() => tracked.delete(child))
  return { child, exited, output: () => output }
}

export function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal)
  } catch {
    // already gone
  }
}

export function stopAll() {
  for (const child of children) killGroup(child, 'SIGKILL')
}

/** `fileSizeLimitKiB`: no file the server writes may grow past this (bash's `ulimit -f`), as on a full disk:
 * a write past it comes back short (Node ignores SIGXFSZ), which SQLite answers with SQLITE_FULL.
 * `startTimeoutMs`: how long the start may take (20 s unless said; a benchmark's large database takes longer). */
export type ServerProcessOptions = { fileSizeLimitKiB?: number; startTimeoutMs?: number }

function spawnServer(env: Record<string, string>, { fileSizeLimitKiB }: ServerProcessOptions = {}) {
  // The server reaches its database in its own process, which the test's drivers do not see (store-suite.ts).
  const databaseUrl = env.DATABASE_URL ?? process.env.DATABASE_URL
  if (databaseUrl) databaseUse(/^postgres(ql)?:/.test(databaseUrl) ? 'postgres' : 'sqlite')
  const server = builtMain === undefined ? [join(repoRoot, 'node_modules/.bin/tsx'), 'server/main.ts'] : [process.execPath, builtMain]
  const [command, args] =
    fileSizeLimitKiB === undefined ? [server[0]!, server.slice(1)] : ['bash', ['-c', `ulimit -f ${fileSizeLimitKiB} && exec "$0" "$@"`, ...server]]
  return spawnCaptured(
    [command, ...args],
    {
      cwd: repoRoot,
      detached: true,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_MAX: '1000000', STATIC_DIR: join(repoRoot, 'no-site-here'), ...env },
    },
    children,
  )
}

/** Starts the endpoint and resolves with its origin once it listens. */
export function startServerProcess(env: Record<string, string>, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const server = spawnServer(env, options)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${server.output()}`)), options.startTimeoutMs ?? 20_000)
    void server.exited.then(() => reject(new Error(`server exited at start:\n${server.output()}`)))
    server.child.stdout!.on('data', () => {
      // The start-up line naming the site's address (a metrics port, if any, is named before it).
      const port = /waitlist on http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output())?.[1]
      if (port) {
        clearTimeout(timer)
        resolve({ ...server, origin: `http://127.0.0.1:${port}` })
      }
    })
  })
}

/** Runs the endpoint expecting it to refuse to start; resolves with its exit code and everything it printed. */
/** `printedToExitMs`: from its first line to its exit, which leaves out how long the process took to start. */
export async function failingStart(env: Record<string, string>): Promise<{ code: number | null; output: string; printedToExitMs: number }> {
  const server = spawnServer(env)
  let firstPrinted: number | undefined
  const onFirst = () => (firstPrinted ??= performance.now())
  server.child.stdout!.once('data', onFirst)
  server.child.stderr!.once('data', onFirst)
  const code = await server.exited
  const exitedAt = performance.now()
  // A process's exit can be seen before the last of what it printed has been read from its pipes: read them to their end.
  await Promise.all([server.child.stdout!, server.child.stderr!].map((stream) => finished(stream).catch(() => {})))
  return { code, output: server.output(), printedToExitMs: exitedAt - (firstPrinted ?? exitedAt) }
}
