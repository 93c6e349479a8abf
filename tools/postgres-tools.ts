// Where PostgreSQL's own programs are on this machine, for the operator's scripts (pg_dump for
// `npm run waitlist:backup`) and the tests' throwaway clusters (tools/postgres.ts), which look in the same
// places: PG_BIN (a folder without the program is an error, never a silent fallback), `pg_config --bindir`
// (Homebrew, most packages), Debian's /usr/lib/postgresql/<version>/bin (newest first), then PATH.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { delimiter, join } from 'node:path'

/** One copy of a program, with the version it says it is. */
export type PostgresTool = { path: string; version: string; major: number }

export function pgConfigBindir(): string | undefined {
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined
  } catch {
    return undefined // no pg_config on PATH
  }
}

export function debianBinDirs(): string[] {
  const debian = '/usr/lib/postgresql'
  if (!existsSync(debian)) return []
  return readdirSync(debian)
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => join(debian, version, 'bin'))
}

/** "pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)" → 15.18, major 15. */
export function toolVersion(path: string): { version: string; major: number } | undefined {
  try {
    const said = execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 })
    const found = /\(PostgreSQL\)\s+(\d+)(\.\d+)?/.exec(said)
    return found ? { version: `${found[1]}${found[2] ?? ''}`, major: Number(found[1]) } : undefined
  } catch {
    return undefined // not runnable
  }
}

/** Every copy of `tool` in the order above (only PG_BIN's when it is set), each once, with its version. */
export function postgresToolCopies(tool: string, env: Record<string, string | undefined> = process.env): PostgresTool[] {
  const folders = env.PG_BIN ? [env.PG_BIN] : [pgConfigBindir(), ...debianBinDirs(), ...(env.PATH ?? '').split(delimiter)]
  const paths = [...new Set(folders.filter((folder): folder is string => Boolean(folder)).map((folder) => join(folder, tool)))]
  return paths.flatMap((path) => {
    const version = existsSync(path) ? toolVersion(path) : undefined
    return version ? [{ path, ...version }] : []
  })
}

const install = (tool: string, major?: number) =>
  `install PostgreSQL's client programs${major ? ` ${major} or newer` : ''} (apt-get install -y postgresql-client${major ? `-${major}` : ''}, brew install libpq) or set PG_BIN to the folder of ${tool}`

/**
 * The first copy that is at least `atLeastMajor` (pg_dump refuses a server newer than itself), or an Error
 * whose message is one line saying what was found and what to install.
 */
export function chooseTool(tool: string, copies: PostgresTool[], atLeastMajor: number, pgBin?: string, serverVersion = `${atLeastMajor}`): PostgresTool {
  const chosen = copies.find((copy) => copy.major >= atLeastMajor)
  if (chosen) return chosen
  if (copies.length === 0) {
    if (pgBin) throw new Error(`PG_BIN is ${pgBin}, which holds no ${tool} that runs; ${install(tool)}`)
    throw new Error(`no ${tool} on this machine (looked in PG_BIN, pg_config --bindir, /usr/lib/postgresql/*/bin and PATH); ${install(tool)}`)
  }
  const newest = copies.reduce((best, copy) => (copy.major > best.major ? copy : best))
  throw new Error(`${tool} ${newest.version} (${newest.path}) is older than the server, PostgreSQL ${serverVersion}, and cannot read it; ${install(tool, atLeastMajor)}`)
}

/** The copy of `tool` to use against a server of major version `atLeastMajor` (0: any). */
export function findPostgresTool(tool: string, atLeastMajor = 0, serverVersion?: string, env: Record<string, string | undefined> = process.env): PostgresTool {
  return chooseTool(tool, postgresToolCopies(tool, env), atLeastMajor, env.PG_BIN, serverVersion)
}
