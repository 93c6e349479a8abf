// Folders the server writes into (the SQLite database's, MAIL_DIR), checked and created one level at a time.
// Node's mkdirSync(path, { recursive: true }) loops forever at 100 % CPU where mkdir answers ENOENT although
// the parent exists (any path under /proc), and reports a file in the way as a bare EEXIST: both become one
// sentence here.
import { mkdirSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

const reasons: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  ENOENT: 'this file system does not allow new folders there',
  ENAMETOOLONG: 'the name is too long',
}
const reasonOf = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code ?? ''
  return reasons[code] ?? (code || String(error))
}

/** Why `path` cannot be a folder (something in the way is a file, or cannot be looked into), or undefined. */
export function folderProblem(path: string): string | undefined {
  const target = resolve(path)
  const blocked = blockingPath(target)
  if (!blocked) return undefined
  if (blocked.path === target) return blocked.reason === 'is a file' ? `${target} is a file, not a folder` : `${target} ${blocked.reason}`
  return `the folder ${target} cannot be made: ${blocked.path} ${blocked.reason}`
}

// The nearest existing path at or above `target`, when it is not a folder.
function blockingPath(target: string): { path: string; reason: string } | undefined {
  for (let current = target; ; current = dirname(current)) {
    try {
      return statSync(current).isDirectory() ? undefined : { path: current, reason: 'is a file' }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return { path: current, reason: `cannot be looked into (${reasonOf(error)})` }
    }
    if (dirname(current) === current) return undefined
  }
}

/** Creates the folder and any missing parents; throws an Error whose message is one sentence. */
export function createFolder(path: string): void {
  const target = resolve(path)
  const problem = folderProblem(target)
  if (problem) throw new Error(problem)
  const missing: string[] = []
  for (let current = target; !exists(current); current = dirname(current)) missing.unshift(current)
  for (const folder of missing) {
    try {
      mkdirSync(folder)
    } catch (error) {
      // Another process may have made it a moment ago; anything else is the answer.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && statSync(folder).isDirectory()) continue
      throw new Error(`the folder ${folder} cannot be made: ${reasonOf(error)}`)
    }
  }
}

function exists(path: string): boolean {
  try {
    statSync(path)
    return true
  } catch {
    return false
  }
}
