// The site the gallery drives: built with the real build command into dist-gallery/.build/ (never dist/, never
// the prerender's own output), once per kind of build a machine needs, and served on 127.0.0.1 at a free port.
// A build is reused while it is newer than every source file that goes into it.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { freePort } from '../e2e/support/ports'
import { startStaticServer, type RunningServer } from '../e2e/support/static-server'
import type { SiteBuild } from './gallery-types'

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

export function ensureBuild(build: SiteBuild): { dir: string; built: boolean } {
  const dir = join(buildRoot, build)
  const stamp = join(dir, '404.html')
  if (existsSync(stamp) && statSync(stamp).mtimeMs > Math.max(...sources.map(newestSource))) return { dir, built: false }
  const result = spawnSync('npm', ['run', 'build'], { env: { ...process.env, SITE_OUT_DIR: dir, VITE_WAITLIST_ENDPOINT: endpoints[build] }, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`npm run build into ${dir} failed (${result.status}):\n${result.stdout}\n${result.stderr}`)
  return { dir, built: true }
}

export async function serveBuild(dir: string): Promise<RunningServer> {
  const port = await freePort()
  const server = await startStaticServer({ root: dir, port })
  return server
}
