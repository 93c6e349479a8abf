// @vitest-environment node
// kill -9 in the middle of a burst of signups, then a restart on the same database file: every signup that
// was answered ok is there exactly once, and retrying the unanswered ones completes the list without doubles.
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makeTempDir, readRows, validSignup } from './harness'
import { killGroup, startServerProcess, stopAll } from '../../tools/processes'
import { onlyOn } from '../utils/store-suite'

onlyOn('sqlite', 'kill -9 of the one process that writes a SQLite file; instances killed over a shared PostgreSQL are postgres-faults.test.ts')

let temp: Awaited<ReturnType<typeof makeTempDir>>
let databaseUrl: string

beforeAll(async () => {
  temp = await makeTempDir()
  databaseUrl = `file:${join(temp.dir, 'waitlist.db')}`
})
afterAll(async () => {
  stopAll()
  await temp.remove()
})

const startServer = () => startServerProcess({ DATABASE_URL: databaseUrl })

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
