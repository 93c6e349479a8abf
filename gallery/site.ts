// The site the gallery drives: built with the real build command into dist-gallery/.build/ (never dist/, never
// the prerender's own output), once per kind of build a machine needs, and served on 127.0.0.1 at a free port.
// A build is reused while it is newer than every source file that goes into it.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { freePort } from '../tools/ports'
import { startStaticServer, type RunningServer } from '../tools/static-server'
import type { SiteBuild } from './types'

export const buildRoot = 'dist-gallery/.build'
const sources = ['src', 'machines', 'shared', 'public', 'index.html', 'vite.config.ts', 'vite.admin.config.ts', 'scripts/prerender.ts', 'package.json']

/** The endpoint each build posts to: the same origin, where page.route answers, or none (the mail drafts). */
const endpoints: Record<SiteBuild, string> = { endpoint: '/api/waitlist', 'no-endpoint': '' }

function newestSource(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestSource(join(path, name))))
}

/** Builds run side by side: much of a build waits on one core, and two of them take little longer than one. */
export async function ensureBuild(build: SiteBuild): Promise<{ dir: string; built: boolean }> {
  const dir = join(buildRoot, build)
  // Written only once a build finished, so that a build stopped half-way (Ctrl-C) is never taken for one.
  const stamp = `${dir}.built`
  if (existsSync(stamp) && statSync(stamp).mtimeMs > Math.max(...sources.map(newestSource))) return { dir, built: false }
  rmSync(stamp, { force: true })
  const child = spawn('npm', ['run', 'build'], { env: { ...process.env, SITE_OUT_DIR: dir, VITE_WAITLIST_ENDPOINT: endpoints[build] }, stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  running.delete(child)
  if (code !== 0) throw new Error(`npm run build into ${dir} failed (${code}):\n${output}`)
  writeFileSync(stamp, `${new Date().toISOString()}\n`)
  return { dir, built: true }
}

const running = new Set<ChildProcess>()
/** Stops builds still running (Ctrl-C during a build). */
export const stopBuilds = () => {
  for (const child of running) child.kill('SIGTERM')
}

export async function serveBuild(dir: string): Promise<RunningServer> {
  const port = await freePort()
  const server = await startStaticServer({ root: dir, port })
  return server
}
