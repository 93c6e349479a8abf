// The operator's scripts (scripts/) as tests run them, and the restore docs/operations.md tells the operator to do
// ("Backups and restore"): the backup test and the held-restore test both take a copy and restore it, and must
// do so the same way, the way the docs say.
import { spawn, spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import { findPostgresTool } from '../../tools/postgres-tools'
import { freshDatabase, testEngine } from './harness'
import { repoRoot } from '../../tools/processes'

export type ScriptRun = { code: number | null; stdout: string; stderr: string }

/** scripts/<script> as an operator runs it, from `cwd`, with `env` over this process's. */
export function runScript(script: string, env: Record<string, string>, args: string[] = [], cwd = repoRoot): Promise<ScriptRun> {
  return new Promise((resolve) => {
    const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), [join(repoRoot, 'scripts', script), ...args], { cwd, env: { ...process.env, ...env } })
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
