// `npm start` for the specs that run the whole server (npm-start, admin-console, admin-waves). It runs in a process
// group of its own, so that stopping it stops npm's children too.
import { spawn } from 'node:child_process'

export interface NpmStart {
  /** Resolves once the server prints `origin`; rejects with all it printed if it exits first or is not up in `ms`. */
  serving: (origin: string, ms: number) => Promise<void>
  /** Stops the process group and waits for npm to exit. */
  stop: () => Promise<void>
}

/** Starts `npm start` with `env`. Keep the handle before awaiting `serving`, so that afterAll stops a server that never came up. */
export function npmStart(env: NodeJS.ProcessEnv): NpmStart {
  const server = spawn('npm', ['start'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return {
    serving: (origin, ms) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`npm start did not come up in ${ms / 1000} s:\n${output}`)), ms)
        const onData = () => {
          if (!output.includes(origin)) return
          clearTimeout(timer)
          server.stdout.off('data', onData)
          resolve()
        }
        server.stdout.on('data', onData)
        onData()
        server.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)))
      }),
    stop: async () => {
      // Already gone (it failed to start): nothing to stop, and no exit left to wait for.
      if (!server.pid || server.exitCode !== null || server.signalCode !== null) return
      const exited = new Promise((resolve) => server.once('exit', resolve))
      process.kill(-server.pid, 'SIGTERM')
      await exited
    },
  }
}
