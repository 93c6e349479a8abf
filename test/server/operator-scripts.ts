// The operator's scripts (scripts/) as tests run them, and the restore docs/operations.md tells the operator to do
// ("Backups and restore"): the backup test and the held-restore test both take a copy and restore it, and must
// do so the same way, the way the docs say.
import { spawn, spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { expect, inject } from 'vitest'
import { serverEntries } from '../../scripts/build-server'
import { testCommands } from '../utils/server-for-run'
import { findPostgresTool } from '../../tools/postgres-tools'
import { freshDatabase, testEngine } from './harness'
import { repoRoot } from '../../tools/processes'

export type ScriptRun = { code: number | null; stdout: string; stderr: string }

/** How a test runs the command `source` (`scripts/backup-waitlist.ts`, `server/migrate-command.ts`,
 * `test/utils/open-store-once.ts`) as its own process: with plain `node`, from the server the run built as the image
 * builds it (test/utils/server-for-run.ts), which carries the release step, the operator's commands and the tests'
 * own, else with tsx. A tsx start compiles the command's imports first: 1.5 s a start against node's 0.6 here
 * (2026-12-07), and a run starts some fifty. */
export function commandFor(source: string): [string, string] {
  const built = Object.entries({ ...serverEntries, ...testCommands }).find(([, entry]) => entry === source)?.[0]
  const builtMain = inject('builtServerMain')
  return built && builtMain ? [process.execPath, join(dirname(builtMain), `${built}.js`)] : [join(repoRoot, 'node_modules/.bin/tsx'), join(repoRoot, source)]
}

/** scripts/<script> as an operator runs it, from `cwd`, with `env` over this process's. */
export function runScript(script: string, env: Record<string, string>, args: string[] = [], cwd = repoRoot): Promise<ScriptRun> {
  const command = commandFor(`scripts/${script}`)
  return new Promise((resolve) => {
    const child = spawn(command[0], [command[1], ...args], { cwd, env: { ...process.env, ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** The restore of docs/operations.md, into the folder `dir`: the file in place of the database (SQLite), or psql
 * into an empty database, which must take every statement. The restored database's URL. */
export async function restoreBackup(backupFile: string, dir: string): Promise<string> {
  if (testEngine === 'sqlite') {
    const restored = join(dir, 'restored')
    mkdirSync(restored, { recursive: true })
    const file = join(restored, 'waitlist.db')
    copyFileSync(backupFile, file)
    return `file:${file}`
  }
  const databaseUrl = await freshDatabase(dir)
  const psql = findPostgresTool('psql').path
  const restored = spawnSync(psql, ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-f', backupFile, databaseUrl], { encoding: 'utf8' })
  expect(restored.stderr).toBe('')
  expect(restored.status).toBe(0)
  return databaseUrl
}
