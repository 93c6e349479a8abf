// @vitest-environment node
// kill -9 in the middle of a burst of signups, then a restart on the same database file: every signup that
// was answered ok is there exactly once, and retrying the unanswered ones completes the list without doubles.
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makeTempDir, readRows, validSignup } from './harness'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const children = new Set<ChildProcess>()
let temp: Awaited<ReturnType<typeof makeTempDir>>
let databaseUrl: string

beforeAll(async () => {
  temp = await makeTempDir()
  databaseUrl = `file:${join(temp.dir, 'waitlist.db')}`
})
afterAll(async () => {
  for (const child of children) killGroup(child, 'SIGKILL')
  await temp.remove()
})

/** Signals tsx and the node process it starts: they share the process group the child leads. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal)
  } catch {
    // already gone
  }
}

/** Starts `tsx server/main.ts` as its own process group and resolves with its origin once it listens. */
function startServer(): Promise<{ child: ChildProcess; origin: string; exited: Promise<unknown> }> {
  const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, RATE_LIMIT_MAX: '1000000', STATIC_DIR: join(temp.dir, 'no-site') },
  })
  children.add(child)
  const exited = new Promise((resolve) => child.once('exit', resolve)).finally(() => children.delete(child))
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 15_000)
    child.stderr!.on('data', (chunk) => (output += chunk))
    child.stdout!.on('data', (chunk) => {
      output += chunk
      const port = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]
      if (port) {
        clearTimeout(timer)
        resolve({ child, origin: `http://127.0.0.1:${port}`, exited })
      }
    })
  })
}

const bodyFor = (index: number) => JSON.stringify({ ...validSignup, email: `burst-${index}@example.com`, submissionId: `burst-${index}` })

async function post(origin: string, index: number): Promise<boolean> {
  const response = await fetch(`${origin}/api/waitlist`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: bodyFor(index) })
  return response.status === 200 && (await response.json()).ok === true
}

it('keeps every acknowledged signup exactly once across a kill -9 and a restart', async () => {
  const first = await startServer()
  const acknowledged = new Set<number>()
  let sent = 0
  let killed = false
  const worker = async () => {
    while (!killed) {
      const index = sent++
      try {
        if (await post(first.origin, index)) acknowledged.add(index)
      } catch {
        // the connection died with the server: this one is unanswered
      }
      if (acknowledged.size >= 200 && !killed) {
        killed = true
        killGroup(first.child, 'SIGKILL')
      }
    }
  }
  await Promise.all(Array.from({ length: 24 }, worker))
  await first.exited

  const second = await startServer()
  try {
    const rows = await readRows(databaseUrl)
    const present = rows.map((row) => Number(row.email.match(/^burst-(\d+)@/)?.[1]))
    console.log(`kill -9: ${sent} sent, ${acknowledged.size} answered ok, ${rows.length} rows after restart`)
    expect(new Set(present).size).toBe(present.length)
    for (const index of acknowledged) expect(present).toContain(index)

    // The visitors whose requests died retry with the same submission: the list completes, nothing doubles.
    const retried = await Promise.all(Array.from({ length: sent }, (_, index) => post(second.origin, index)))
    expect(retried.every(Boolean)).toBe(true)
    const after = await readRows(databaseUrl)
    expect(after).toHaveLength(sent)
    expect(new Set(after.map((row) => row.email)).size).toBe(sent)
  } finally {
    killGroup(second.child, 'SIGTERM')
  }
  expect(await second.exited).toBe(0) // SIGTERM is a clean stop: open requests finish, the database closes
})
