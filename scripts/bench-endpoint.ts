// `npm run bench:endpoint`: a benchmark, not a test. Starts the real server (server/main.ts, its own process,
// so client and server do not share an event loop) on 127.0.0.1 with a throwaway database and no practical
// rate limit, then drives POST /api/waitlist over keep-alive connections and prints throughput and latency.
// BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 50) adjust the run; it always stops by itself.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'waitlist-bench-'))

type Result = { scenario: string; requests: number; perSecond: number; p50: number; p99: number; errors: number }

function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: `file:${join(dir, 'waitlist.db')}`, RATE_LIMIT_MAX: '1000000000', STATIC_DIR: join(dir, 'no-site') },
  })
  return new Promise((resolve, reject) => {
    let output = ''
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)))
    child.stdout!.on('data', (chunk) => {
      output += chunk
      const port = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]
      if (port) resolve({ child, port: Number(port) })
    })
  })
}

function post(agent: Agent, port: number, body: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      { agent, host: '127.0.0.1', port, path: '/api/waitlist', method: 'POST', headers: { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(body) } },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve(res.statusCode === 200 && text.startsWith('{"ok":true')))
      },
    )
    req.on('error', () => resolve(false))
    req.end(body)
  })
}

async function run(scenario: string, port: number, bodyFor: (index: number) => string): Promise<Result> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  const latencies: number[] = []
  let errors = 0
  let next = 0
  const started = performance.now()
  const deadline = started + seconds * 1000
  const connection = async () => {
    while (performance.now() < deadline) {
      const sentAt = performance.now()
      const ok = await post(agent, port, bodyFor(next++))
      latencies.push(performance.now() - sentAt)
      if (!ok) errors++
    }
  }
  await Promise.all(Array.from({ length: connections }, connection))
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0
  return { scenario, requests: latencies.length, perSecond: latencies.length / elapsed, p50: percentile(50), p99: percentile(99), errors }
}

function printTable(results: Result[]) {
  const rows = [
    ['scenario', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors'],
    ...results.map((r) => [r.scenario, String(r.requests), r.perSecond.toFixed(0), r.p50.toFixed(2), r.p99.toFixed(2), String(r.errors)]),
  ]
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')
  console.log(['', line(rows[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n'))
}

const server = await startServer()
const stopServer = () => {
  try {
    process.kill(-server.child.pid!, 'SIGKILL')
  } catch {
    // already gone
  }
  rmSync(dir, { recursive: true, force: true })
}
process.once('SIGINT', () => {
  stopServer()
  process.exit(130)
})

try {
  console.log(`POST /api/waitlist, ${connections} connections, ${seconds} s per scenario, Node ${process.version}, ${cpus().length} CPUs, SQLite WAL + synchronous=FULL`)
  const signup = (email: string, submissionId: string) => JSON.stringify({ firstName: 'Bench', email, source: 'stride-marketing-site', submissionId })
  const results = [
    await run('new signups', server.port, (index) => signup(`new-${index}@bench.example`, `new-${index}`)),
    await run('repeats (one email)', server.port, (index) => signup('repeat@bench.example', `repeat-${index}`)),
  ]
  printTable(results)
} finally {
  stopServer()
}
