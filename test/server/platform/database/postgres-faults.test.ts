// @vitest-environment node
// Faults across instances: two endpoint processes on one PostgreSQL take a burst of signups, the same emails
// sent to both at once among them. kill -9 one instance mid-burst; later restart PostgreSQL itself mid-burst.
// Every signup answered ok is stored exactly once, the survivor keeps serving, and while the database is away
// the only answers are ok-and-stored or a plain 503.
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { messages } from '../../../../shared/messages'
import { startPostgres, type TestPostgres } from '../../../../tools/postgres'
import { validSignup } from '../../harness'
import { killGroup, startServerProcess, stopAll, type ServerProcess } from '../../../../tools/processes'
import { onlyOn } from '../../../utils/store-suite'

onlyOn('postgres', 'several instances on one database, which only PostgreSQL serves; this file starts a cluster of its own')

let cluster: TestPostgres
let databaseUrl: string

beforeAll(async () => {
  cluster = await startPostgres()
  databaseUrl = await cluster.createDatabase()
}, 60_000)
afterAll(() => {
  stopAll()
  cluster?.destroy()
})

type Outcome = 'ok' | 'unavailable' | 'lost'
async function post(origin: string, email: string, submissionId: string): Promise<Outcome> {
  try {
    const response = await fetch(`${origin}/api/waitlist`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ ...validSignup, email, submissionId }),
    })
    if (response.status === 200 && (await response.json()).ok === true) return 'ok'
    if (response.status === 503 && (await response.text()) === messages.databaseUnavailable) return 'unavailable'
    throw new Error(`unexpected answer ${response.status}`)
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('unexpected')) throw error
    return 'lost' // the connection died with the instance: the visitor saw no answer
  }
}

async function storedEmails(): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query<{ email: string }>('SELECT email FROM signups')).rows.map((row) => row.email)
  } finally {
    await client.end()
  }
}

/** Sends signups from `workers` loops until `stop()` says so; every third email goes to both instances at once. */
async function burst(prefix: string, targets: () => ServerProcess[], stop: (acknowledged: number) => boolean) {
  const acknowledged = new Set<string>()
  const outcomes: Outcome[] = []
  let next = 0
  const worker = async () => {
    while (!stop(acknowledged.size)) {
      const index = next++
      const email = `${prefix}-${index}@example.com`
      const live = targets()
      const sendTo = index % 3 === 0 ? live : [live[index % live.length]!]
      const results = await Promise.all(sendTo.map((server, copy) => post(server.origin, email, `${prefix}-${index}-${copy}`)))
      outcomes.push(...results)
      if (results.includes('ok')) acknowledged.add(email)
    }
  }
  await Promise.all(Array.from({ length: 16 }, worker))
  return { acknowledged, outcomes, sent: next }
}

it('keeps every acknowledged signup exactly once when one of two instances is killed mid-burst', async () => {
  const instances = [await startServerProcess({ DATABASE_URL: databaseUrl }), await startServerProcess({ DATABASE_URL: databaseUrl })]
  const [victim, survivor] = instances as [ServerProcess, ServerProcess]
  let killedAt = -1
  const result = await burst('kill', () => (killedAt < 0 ? instances : [survivor]), (acknowledged) => {
    if (killedAt < 0 && acknowledged >= 150) {
      killedAt = acknowledged
      killGroup(victim.child, 'SIGKILL')
    }
    return acknowledged >= 400
  })
  const stored = await storedEmails()
  console.log(`kill -9 of one of two instances: ${result.sent} sent, ${result.acknowledged.size} acknowledged, ${stored.length} stored, ${result.outcomes.filter((o) => o === 'lost').length} requests unanswered`)
  expect(new Set(stored).size).toBe(stored.length)
  for (const email of result.acknowledged) expect(stored).toContain(email)
  expect(result.acknowledged.size - killedAt).toBeGreaterThan(200) // the survivor kept serving after the kill
  killGroup(survivor.child, 'SIGKILL')
})

it('answers only ok-and-stored or 503 while PostgreSQL restarts mid-burst, and recovers by itself', async () => {
  const instances = [await startServerProcess({ DATABASE_URL: databaseUrl }), await startServerProcess({ DATABASE_URL: databaseUrl })]
  let phase: 'before' | 'down' | 'after' = 'before'
  let acknowledgedAfter = 0
  const result = await burst('restart', () => instances, (acknowledged) => {
    if (phase === 'before' && acknowledged >= 100) {
      phase = 'down'
      cluster.stop()
      setTimeout(() => {
        cluster.start()
        phase = 'after'
        acknowledgedAfter = acknowledged
      }, 1000)
    }
    return phase === 'after' && acknowledged >= acknowledgedAfter + 150
  })
  const stored = await storedEmails()
  const unavailable = result.outcomes.filter((outcome) => outcome === 'unavailable').length
  console.log(`PostgreSQL restart under two instances: ${result.sent} sent, ${result.acknowledged.size} acknowledged, ${unavailable} answered 503, ${stored.filter((e) => e.startsWith('restart-')).length} stored`)
  expect(result.outcomes).not.toContain('lost')
  expect(unavailable).toBeGreaterThan(0)
  for (const email of result.acknowledged) expect(stored).toContain(email)
  expect(new Set(stored).size).toBe(stored.length)
  for (const instance of instances) killGroup(instance.child, 'SIGKILL')
})
