// The site as `npm run build` makes it for an endpoint, made once for a checkout's sources: the production build's
// test (test/build/production-build.test.ts) and the browser suite's global setup (e2e/support/global-setup.ts) both
// need the build `npm start` makes (posting to /api/waitlist), and `npm test` runs one after the other over the same
// files. Each build is kept in .e2e/site-builds/ under a hash of everything it could read: every file of the checkout
// that git tracks or would add (the suites, docs and pictures aside), the installed packages' lockfile
// (node_modules/.package-lock.json), the .env files Vite reads, and the variables the build reads. Any change to one
// of them is another hash, so another build; where git cannot list the files, nothing is kept and every call builds.
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { lstat, mkdir, readdir, readFile, readlink, rename, rm, stat } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const buildsDir = join(root, '.e2e', 'site-builds')
/** Folders the build never reads: the suites, the docs, the gallery's pictures and the benchmarks. */
const notRead = ['test/', 'e2e/', 'docs/', 'gallery/', 'bench/']
/** Builds kept; older ones are removed when a new one is kept. */
const kept = 6

/** What the build reads besides the files: the endpoint the forms post to, and the environment's mode. */
const buildEnvironment = (endpoint: string, env: NodeJS.ProcessEnv) => ({
  ...Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('VITE_'))),
  VITE_WAITLIST_ENDPOINT: endpoint,
  NODE_ENV: env.NODE_ENV,
})

/** The hash of everything the build could read, or undefined where git cannot list the checkout's files. */
async function sourcesHash(environment: Record<string, string | undefined>): Promise<string | undefined> {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  if (listed.status !== 0) return undefined
  const files = [...new Set(listed.stdout.split('\0').filter((file) => file && !notRead.some((folder) => file.startsWith(folder))))]
  const envFiles = (await readdir(root)).filter((name) => name.startsWith('.env'))
  const hash = createHash('sha256').update(JSON.stringify(Object.entries(environment).sort()))
  for (const file of [...files, ...envFiles, 'node_modules/.package-lock.json'].sort()) {
    const path = join(root, file)
    const info = await lstat(path).catch(() => undefined)
    // A file git lists but the checkout lacks (deleted, not yet staged) is part of the state as its absence.
    const content = !info ? 'absent' : info.isSymbolicLink() ? `link to ${await readlink(path)}` : info.isFile() ? await readFile(path) : 'not a file'
    hash.update(`${file}\0`).update(content).update('\0')
  }
  return hash.digest('hex').slice(0, 24)
}

/** Runs `npm run build` into `outDir` (relative to the checkout) with `endpoint`, or throws with what it printed. The
 * renderer the build makes and uses beside it (`<outDir>-server`, vite.config.ts) is removed after. */
async function runBuild(outDir: string, endpoint: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    await npmRunBuild(outDir, endpoint, env)
  } finally {
    await rm(join(root, `${outDir}-server`), { recursive: true, force: true })
  }
}

async function npmRunBuild(outDir: string, endpoint: string, env: NodeJS.ProcessEnv) {
  const child = spawn('npm', ['run', 'build'], { cwd: root, env: { ...env, SITE_OUT_DIR: outDir, VITE_WAITLIST_ENDPOINT: endpoint }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve, reject) => child.once('error', reject).once('exit', resolve))
  if (code !== 0) throw new Error(`npm run build into ${outDir} failed (${code}):\n${output}`)
}

/** The site built with `endpoint` from the checkout as it is now: the build kept for these sources, or a new one,
 * kept. `env` is the environment the build runs in (its NODE_ENV and VITE_ variables count). `dir` is absolute; a
 * build that could not be kept (no git) is the caller's to remove. */
export async function siteBuild(endpoint: string, env: NodeJS.ProcessEnv = process.env): Promise<{ dir: string; reused: boolean; kept: boolean }> {
  const key = await sourcesHash(buildEnvironment(endpoint, env))
  await mkdir(buildsDir, { recursive: true })
  if (key === undefined) {
    const dir = join(buildsDir, `unkept-${process.pid}-${Date.now()}`)
    await runBuild(relative(root, dir), endpoint, env)
    return { dir, reused: false, kept: false }
  }
  const dir = join(buildsDir, key)
  if (await isFile(join(dir, '404.html'))) return { dir, reused: true, kept: true }
  // Built beside, then renamed into place: a half-written build is never found under the key.
  const making = `${dir}.${process.pid}.making`
  await runBuild(relative(root, making), endpoint, env)
  try {
    await rename(making, dir)
  } catch (error) {
    // Another run kept the same build meanwhile: the same sources, so the same site.
    if (!(await isFile(join(dir, '404.html')))) throw error
    await rm(making, { recursive: true, force: true })
  }
  await removeOldBuilds()
  return { dir, reused: false, kept: true }
}

async function isFile(path: string) {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false
}

async function removeOldBuilds() {
  const entries = await Promise.all((await readdir(buildsDir)).map(async (name) => ({ name, at: (await stat(join(buildsDir, name))).mtimeMs })))
  const old = entries.sort((a, b) => b.at - a.at).slice(kept)
  for (const { name } of old) await rm(join(buildsDir, name), { recursive: true, force: true })
}
