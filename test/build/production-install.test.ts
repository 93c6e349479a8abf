// @vitest-environment node
// The production install, as the image's last stage makes it (production-install.ts, Dockerfile): in a clean folder
// outside the repo, the manifests, `npm ci --omit=dev`, the built server and a site; then plain `node` migrates
// and starts it, with no tsx and no devDependency anywhere, and a visitor signs up and confirms through a real SMTP
// server. A server that imports a devDependency fails here, at its start. On the engine of the run (SQLite here,
// PostgreSQL in the postgres project), as compose.yaml runs it.
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildServer } from '../../scripts/build-server'
import { consentApi } from '../../shared/consent-paths'
import { messages } from '../../shared/messages'
import { spawnCaptured } from '../../tools/processes'
import { startInbox, type Inbox } from '../../tools/smtp-inbox'
import { freshDatabase, queryDatabase, validSignup } from '../server/harness'
import { runsOnBothEngines } from '../utils/store-suite'
import { imageEnvironment, installCommand, manifestFiles, migrateCommand, startCommand, testOnlyInstallFlags } from './production-install'

runsOnBothEngines()

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
let folder = ''
let inbox: Inbox
const children = new Set<ChildProcess>()

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'production-install-'))
  inbox = await startInbox()
})
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL')
  await inbox?.close()
  if (folder) await rm(folder, { recursive: true, force: true })
})

/** Runs a command in the install's folder with only what the image's container has (PATH, HOME, the image's
 * variables), and the given ones over them. */
const run = (command: readonly string[], env: Record<string, string> = {}) =>
  spawnCaptured(command, { cwd: folder, env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? folder, ...imageEnvironment, ...env } }, children)

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`

// Its bound is for a loaded machine: npm ci took 6.6 s alone and 41 s beside five other suites (2026-12-06, load 14
// to 19), the whole test 92 s.
it('installs without devDependencies, migrates and starts with node, and takes a signup through confirmation', async () => {
  const began = performance.now()
  // As the image's build stage leaves them: the server built, and a site (the build of the pages is another
  // test's: test/build/production-build.test.ts; here one page stands for it).
  const { packages } = await buildServer(join(folder, 'dist-api'))
  // Every package the built files import, whether or not this run reaches the import, is a dependency.
  const { dependencies } = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  expect(packages.length).toBeGreaterThan(10)
  expect(packages.filter((name) => !(name in dependencies))).toEqual([])
  await mkdir(join(folder, 'dist'))
  await writeFile(join(folder, 'dist/index.html'), '<!doctype html><title>the built site</title>')
  for (const file of manifestFiles) await copyFile(join(repoRoot, file), join(folder, file))

  const installing = performance.now()
  const install = run([...installCommand, ...testOnlyInstallFlags], { npm_config_update_notifier: 'false' })
  expect(await install.exited, install.output()).toBe(0)
  const installTook = seconds(installing)
  const manifest = JSON.parse(await readFile(join(folder, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }
  const devInstalled = Object.keys(manifest.devDependencies).filter((name) => existsSync(join(folder, 'node_modules', name, 'package.json')))
  expect(devInstalled).toEqual([])

  const databaseUrl = await freshDatabase(folder)
  // Told to leave the migrations to their own step, a start on a database that lacks them refuses, in one line.
  const early = run(startCommand, { DATABASE_URL: databaseUrl, MIGRATE_AT_START: 'false', PORT: '0' })
  expect(await early.exited).toBe(1)
  expect(early.output()).toMatch(/^The \S+ database .* lacks \d+ migrations of this release \(from [^)]+\), and MIGRATE_AT_START is false: run node dist-api\/migrate\.js \(npm run migrate\) first\.\n$/)
  const migrate = run(migrateCommand, { DATABASE_URL: databaseUrl })
  expect(await migrate.exited, migrate.output()).toBe(0)
  expect(migrate.output()).toMatch(/^Migrated: .* has every migration of this release/)

  const starting = performance.now()
  const server = run(startCommand, {
    DATABASE_URL: databaseUrl,
    MIGRATE_AT_START: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    SMTP_URL: inbox.url,
    STATIC_DIR: join(folder, 'dist'),
  })
  const origin = await new Promise<string>((resolve, reject) => {
    void server.exited.then(() => reject(new Error(`the server exited at start:\n${server.output()}`)))
    server.child.stdout!.on('data', () => {
      const port = /waitlist on http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output())?.[1]
      if (port) resolve(`http://127.0.0.1:${port}`)
    })
  })
  const startTook = seconds(starting)

  expect(await (await fetch(`${origin}/healthz`)).text()).toBe('ok\n')
  expect(await (await fetch(`${origin}/`)).text()).toContain('the built site')
  const email = 'production@example.com'
  const joined = await fetch(`${origin}/api/waitlist`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ ...validSignup, email }) })
  expect(await joined.json()).toMatchObject({ ok: true })
  const token = /\/waitlist\/confirm\?token=([A-Za-z0-9_-]{43})/.exec((await inbox.next(email, 20_000)).text ?? '')?.[1]
  expect(token).toBeDefined()
  const confirmed = await fetch(`${origin}${consentApi.confirm}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token }) })
  expect(await confirmed.json()).toMatchObject({ ok: true, message: messages.confirmed })
  expect(await queryDatabase(databaseUrl, 'SELECT status FROM signups WHERE email_normalized = $1', [email])).toEqual([{ status: 'confirmed' }])
  // The operator's commands are built too: a sign-in link for the console, with no tsx.
  const owner = 'team@company.example'
  const link = run(['node', 'dist-api/admin-link.js', owner], { DATABASE_URL: databaseUrl, ADMIN_EMAILS: owner })
  expect(await link.exited, link.output()).toBe(0)
  expect(link.output()).toMatch(/\/admin\/sign-in#token=[A-Za-z0-9_-]+/)
  // And the serverless entry loads with the dependencies alone, with its handler and every scheduled function.
  const lambda = run(['node', '-e', "import('./dist-api/aws-lambda.js').then((m) => { console.log(Object.keys(m).sort().join(' ')); process.exit(0) })"], {
    DATABASE_URL: databaseUrl,
    MIGRATE_AT_START: 'false',
  })
  expect(await lambda.exited, lambda.output()).toBe(0)
  expect(lambda.output().trim()).toBe('analyticsClock answersRetention consoleSweep handler launchClock outboxSender retentionSweep updatesClock webhookBodiesClock webhooksClock')

  // Idle, once it has served: the resident memory of the node process, as the kernel counts it.
  const rss = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${server.child.pid}/status`, 'utf8'))?.[1]
  server.child.kill('SIGTERM')
  expect(await server.exited, server.output()).toBe(0)
  // The key's change is built too, and run as docs/operations.md says, the server stopped: with no health answer
  // stored it re-seals none, and puts the new key in the file the server's start made.
  const rotated = run(['node', 'dist-api/rotate-answers-key.js'], { DATABASE_URL: databaseUrl, SENSITIVE_ANSWERS_NEW_KEY: randomBytes(32).toString('hex') })
  expect(await rotated.exited, rotated.output()).toBe(0)
  expect(rotated.output()).toMatch(/^Re-sealed: 0 sensitive answers under the new key, 0 already under it, 0 unreadable with either key \(left as they are\), in [\d.]+ s\. \S+ now holds the new key; start the server as before\.\n$/)

  // A database a newer release migrated: this release refuses it, in one line, and changes nothing.
  const newer = '2099-01-01-0000-from-a-newer-release'
  await queryDatabase(databaseUrl, 'INSERT INTO kysely_migration (name, timestamp) VALUES ($1, $2)', [newer, '2099-01-01T00:00:00.000Z'])
  for (const command of [migrateCommand, startCommand]) {
    const refused = run(command, { DATABASE_URL: databaseUrl, PORT: '0' })
    expect(await refused.exited).toBe(1)
    expect(refused.output()).toMatch(new RegExp(`^The \\S+ database .* is newer than this release: it has run the migration ${newer}, which this release does not know\\. [^\\n]+\\n$`))
  }
  console.log(`production install: npm ci ${installTook}, start ${startTook}, ${Math.round(Number(rss) / 1024)} MB resident after a signup, whole test ${seconds(began)}`)
}, 240_000)
