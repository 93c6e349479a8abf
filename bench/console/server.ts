// The real server for bench/console.ts, as a process of its own (tools/processes.ts: `tsx server/main.ts`
// in its own process group, which the benchmark's teardown kills): how long it takes to answer /healthz, how
// much memory it holds (/proc/<pid>/status VmRSS of the node process tsx starts), and a console session got as
// `npm run admin:link` gets one (scripts/admin-link.ts prints a sign-in link; the link's page posts its token to
// /api/admin/sign-in/verify, src/admin/admin-api-client.ts verifyToken).
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { join } from 'node:path'
import { repoRoot, startServerProcess, type ServerProcess } from '../../tools/processes'
import { sleep } from '../../tools/until'

export const adminEmail = 'bench@company.example'

export type MeasuredServer = {
  server: ServerProcess
  origin: string
  /** The node process that serves (tsx's child). */
  pid: number
  /** From the spawn: to the line naming its address, and to /healthz's first 200. */
  listeningMs: number
  healthyMs: number
  /** The last lines it printed, for a failure's message. */
  tail: () => string
}

/** Starts the server over `databaseUrl` with the console on and no SMTP (emails go to files in `mailDir`); `env`
 * adds or overrides settings (bench/analytics.ts's trusted proxy and SMTP sink). */
export async function startMeasuredServer(databaseUrl: string, mailDir: string, env: Record<string, string> = {}, onLine?: (line: string) => void): Promise<MeasuredServer> {
  const spawned = performance.now()
  const server = await startServerProcess(
    { DATABASE_URL: databaseUrl, ADMIN_EMAILS: adminEmail, INVITE_URL: 'http://localhost/x', MAIL_DIR: mailDir, RATE_LIMIT_MAX: '1000000000', ...env },
    { startTimeoutMs: 10 * 60_000 },
  )
  const listeningMs = performance.now() - spawned
  // Its log (a line per request) is read and dropped from here on, keeping a tail: processes.ts would keep it all.
  // `onLine` is given every line, those of the start-up included (bench/loop-turns.ts reads the event loop's).
  let tail = ''
  let partial = ''
  const lines = (text: string) => {
    if (!onLine) return
    const parts = (partial + text).split('\n')
    partial = parts.pop()!
    for (const line of parts) onLine(line)
  }
  lines(server.output())
  for (const stream of [server.child.stdout!, server.child.stderr!]) {
    stream.removeAllListeners('data')
    stream.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000)
      lines(chunk.toString())
    })
  }
  for (;;) {
    const answer = await fetch(`${server.origin}/healthz`).catch(() => undefined)
    if (answer?.status === 200) break
    if (performance.now() - spawned > 10 * 60_000) throw new Error(`/healthz did not answer 200 within 10 minutes:\n${tail}`)
    await sleep(10)
  }
  const healthyMs = performance.now() - spawned
  return { server, origin: server.origin, pid: servingPid(server.child.pid!), listeningMs, healthyMs, tail: () => tail }
}

/** tsx runs the server in a child node process; its pid, or tsx's own if it has none. */
function servingPid(tsxPid: number): number {
  try {
    const children = readFileSync(`/proc/${tsxPid}/task/${tsxPid}/children`, 'utf8').trim().split(/\s+/).map(Number)
    return children.find((pid) => pid > 0) ?? tsxPid
  } catch {
    return tsxPid
  }
}

/** The process's resident memory, in bytes (VmRSS), or NaN once it is gone. */
export function rssOf(pid: number): number {
  try {
    const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kib === undefined ? Number.NaN : Number(kib) * 1024
  } catch {
    return Number.NaN
  }
}

/** The CPU time the process has used so far (user and system, /proc/<pid>/stat), in ms, or NaN once it is gone. On a
 * machine shared with other work, a request's CPU time varies less than the requests a second. */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The fields after the command's name, which is in parentheses: utime and stime are the 12th and 13th, in ticks.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond
  } catch {
    return Number.NaN
  }
}

/** Linux's USER_HZ: 100 on every architecture Node runs on. */
const ticksPerSecond = 100

/** A console session: a sign-in link from scripts/admin-link.ts, its token posted as the link's page posts it; the
 * session cookie to send. */
export async function signIn(origin: string, databaseUrl: string): Promise<string> {
  const { stdout } = await promisify(execFile)(join(repoRoot, 'node_modules/.bin/tsx'), ['scripts/admin-link.ts', adminEmail], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_EMAILS: adminEmail, PUBLIC_SITE_URL: origin },
  })
  const token = /#token=([A-Za-z0-9_-]+)/.exec(stdout)?.[1]
  if (!token) throw new Error(`admin-link printed no link: ${stdout}`)
  const verified = await fetch(`${origin}/api/admin/sign-in/verify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ token }),
  })
  const cookie = verified.headers.getSetCookie().find((line) => line.startsWith('stride_admin='))
  if (verified.status !== 200 || !cookie) throw new Error(`sign-in refused (${verified.status}): ${await verified.text()}`)
  return cookie.split(';')[0]!
}
