// A throwaway PostgreSQL cluster for tests, from the machine's own binaries (Debian's `postgresql` package):
// initdb into a temp folder, pg_ctl start on a free loopback port, and stop + remove afterwards. As root,
// initdb refuses to run, so the cluster then belongs to the `postgres` user. Missing binaries fail loudly with
// the one line that says how to get them: a suite that needs PostgreSQL never skips silently.
import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

export type TestPostgres = {
  /** postgres:// URL of the cluster's `postgres` database. */
  url: string
  port: number
  /** A fresh, empty database on the cluster; its URL. */
  createDatabase: () => Promise<string>
  /** pg_ctl stop -m fast: every connection is dropped, as in a restart or failover. */
  stop: () => void
  start: () => void
  /** Stops the cluster and removes its folder. */
  destroy: () => void
}

export const missingPostgresMessage =
  'PostgreSQL binaries (initdb, pg_ctl) not found: install them with `apt-get install -y postgresql` (Debian/Ubuntu) or `brew install postgresql`, or set PG_BIN to their folder.'

export function postgresBinDir(): string {
  const candidates = [process.env.PG_BIN]
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim())
  } catch {
    // no pg_config on PATH
  }
  const debian = '/usr/lib/postgresql'
  if (existsSync(debian)) for (const version of readdirSync(debian).sort((a, b) => Number(b) - Number(a))) candidates.push(join(debian, version, 'bin'))
  const found = candidates.find((dir) => dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')))
  if (!found) throw new Error(missingPostgresMessage)
  return found
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** `durable: false` (tests) turns fsync off; benchmarks keep it on, as production would. */
export async function startPostgres({ durable = false } = {}): Promise<TestPostgres> {
  const bin = postgresBinDir()
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'))
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  const run = (tool: string, args: string[]) => {
    const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args]
    const result = spawnSync(command as string, commandArgs as string[], { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`)
  }
  const data = join(dir, 'data')
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'])
  const start = () => run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${durable ? '' : ' -c fsync=off'}`, 'start'])
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
  start()
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  let databases = 0
  return {
    url,
    port,
    async createDatabase() {
      const name = `test_${++databases}`
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`CREATE DATABASE ${name}`)
      } finally {
        await client.end()
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`
    },
    stop,
    start,
    destroy() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
