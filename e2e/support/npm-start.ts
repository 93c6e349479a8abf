// `npm start` for the spec that tries it as a newcomer would (npm-start), and the same server over the site
// global-setup.ts built once as `npm start` builds it (`npm run serve:api`), for the specs that run the whole server
// (the console's walks, analytics, news and updates). Each runs in a process group of its own, so that stopping it
// stops npm's children too.
import { spawn } from 'node:child_process'
import { serverSiteDir } from './ports'

export interface NpmStart {
  /** Resolves once the server prints `origin`; rejects with all it printed if it exits first or is not up in `ms`. */
  serving: (origin: string, ms: number) => Promise<void>
  /** Stops the process group and waits for npm to exit. */
  stop: () => Promise<void>
}

/** Starts `npm start` with `env`. Keep the handle before awaiting `serving`, so that afterAll stops a server that never came up. */
export function npmStart(env: NodeJS.ProcessEnv): NpmStart {
  return npmRun('start', env)
}

/** What `npm start` runs once it has built the site, over the site built once for the suite: the whole server in
 * seconds, rather than a build of a minute for each spec. */
export function servedSite(env: NodeJS.ProcessEnv): NpmStart {
  return npmRun('serve:api', { ...env, STATIC_DIR: serverSiteDir })
}

function npmRun(script: string, env: NodeJS.ProcessEnv): NpmStart {
  const server = spawn('npm', ['run', script], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return {
    serving: (origin, ms) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`npm run ${script} did not come up in ${ms / 1000} s:\n${output}`)), ms)
        const onData = () => {
          if (!output.includes(origin)) return
          clearTimeout(timer)
          server.stdout.off('data', onData)
          resolve()
        }
        server.stdout.on('data', onData)
        onData()
        server.once('exit', (code) => reject(new Error(`npm run ${script} exited with ${code}:\n${output}`)))
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
